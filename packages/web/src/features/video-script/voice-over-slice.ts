/** The video script's voice-over, with captions: its own speech state beside the script. */
import { createSpokenAudioSlice } from '../../lib/spoken-audio-slice.ts';

export const voiceOverAudio = createSpokenAudioSlice('voiceOver');
