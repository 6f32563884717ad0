/** docs/product.md section 3: the text-to-speech page's state, audioUrl, format, loading, error. */
import { createSpokenAudioSlice } from '../../lib/spoken-audio-slice.ts';

export type { SpokenAudioState as TtsState } from '../../lib/spoken-audio-slice.ts';

export const ttsAudio = createSpokenAudioSlice('tts');
export const ttsReducer = ttsAudio.reducer;
export const selectTts = ttsAudio.select;
export const { generateSpeech, clearAudio, stopSpeech, playerActions } = ttsAudio;
