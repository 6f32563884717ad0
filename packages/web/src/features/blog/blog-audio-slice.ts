/** The blog post read aloud (Listen), with captions: its own speech state beside the post. */
import { createSpokenAudioSlice } from '../../lib/spoken-audio-slice.ts';

export const blogAudio = createSpokenAudioSlice('blogAudio');
