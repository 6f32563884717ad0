/**
 * Everything the story writer says beyond the writers' shared messages (docs/product.md sections 5
 * and 8). Plain values, free of zod, so the website's first load may use them.
 */
import { STORY_LIMITS } from './facts.ts';

export const STORY_MESSAGES = {
  fillAllRequiredFields: 'Please fill all required fields',
  topicRequired: 'topic is required: one of the story themes or a theme of your own.',
  topicTooLong: `topic must be at most ${STORY_LIMITS.storyThemeMaxLength} characters: shorten the theme and put the details in additionalInfo.`,
  /**
   * Under the language, before the visitor generates, when the text engine writes it poorly
   * (EngineStatus.weakLanguages).
   */
  weakLanguage: (language: string) =>
    `The local model writes ${language} poorly: many of its words are not ${language}, and a story may stop unfinished at the time limit. It writes English best, then Spanish, French, Arabic, Chinese and Japanese.`,
  listen:
    'Reads your story aloud, in its language where a voice of that language exists, with captions timed to the audio.',
} as const;
