import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { themeReducer } from '../features/theme/theme-slice.ts';
import { contactReducer } from '../features/contact/contact-slice.ts';
import { contactDetailsReducer } from '../features/contact/contact-details-slice.ts';
import { ttsReducer } from '../features/text-to-speech/tts-slice.ts';
import { speechReducer } from '../features/speech-to-text/speech-slice.ts';
import { videoScriptReducer } from '../features/video-script/video-script-slice.ts';
import { blogReducer } from '../features/blog/blog-slice.ts';
import { storyReducer } from '../features/story/story-slice.ts';
import { productDescriptionReducer } from '../features/product-description/product-description-slice.ts';
import { engineStatusReducer } from '../lib/engine-status-slice.ts';
import { voiceOverAudio } from '../features/video-script/voice-over-slice.ts';
import { blogAudio } from '../features/blog/blog-audio-slice.ts';
import { storyAudio } from '../features/story/story-audio-slice.ts';

/** One slice per feature (docs/product.md section 3). */
export const rootReducer = combineReducers({
  theme: themeReducer,
  contact: contactReducer,
  /** The operator's contact details (GET /api/site). */
  contactDetails: contactDetailsReducer,
  tts: ttsReducer,
  speech: speechReducer,
  videoScript: videoScriptReducer,
  blog: blogReducer,
  story: storyReducer,
  productDescription: productDescriptionReducer,
  /** Which engine serves each tool (GET /api/health). */
  engines: engineStatusReducer,
  /** The writers' results read aloud: the script's voice-over, the blog and the story. */
  voiceOver: voiceOverAudio.reducer,
  blogAudio: blogAudio.reducer,
  storyAudio: storyAudio.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a preloaded state to start from any screen state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
