/** The story read aloud (Listen), with captions: its own speech state beside the story. */
import { createSpokenAudioSlice } from '../../lib/spoken-audio-slice.ts';

export const storyAudio = createSpokenAudioSlice('storyAudio');
