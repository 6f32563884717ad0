/**
 * Everything text to speech says: its page, its API call, and its engines' refusals
 * (docs/product.md sections 4, 5 and 8). The writers' read-aloud panels use the same call, so they
 * say the same. Plain values, free of zod, so the website's first load may use them.
 */
import {
  MAX_SPEED,
  MIN_SPEED,
  TEXT_TO_SPEECH_LIMITS,
  languageName,
  spokenLanguageList,
  basicVoiceLanguageList,
} from './facts.ts';

const SPEED_RANGE = `speed must be a number from ${MIN_SPEED} to ${MAX_SPEED}.`;

export const TEXT_TO_SPEECH_MESSAGES = {
  enterTextFirst: '* Please enter text first',
  noAudioYet: 'No audio generated yet.',
  noAudioData: 'No audio data found in response',
  /** The page's default error. */
  failed: 'Failed to fetch TTS',
  /** `made` is already worded, such as "12 s". */
  playingWhileMade: (made: string) => `Playing while the rest is made: ${made} of audio so far.`,
  /** A writer's result longer than one request may speak. */
  excerpt: (maxCharacters: number) =>
    `Only the beginning is read: one request speaks up to ${maxCharacters} characters.`,

  textRequired: 'text is required.',
  textEmpty: 'Please enter some text to turn into speech.',
  textTooLong: `The text is too long: at most ${TEXT_TO_SPEECH_LIMITS.textToSpeechMaxCharacters} characters per request.`,
  speedInvalid: SPEED_RANGE,
  captionsInvalid: 'captions must be true or false.',
  nothingToSpeak: 'The text has nothing to read aloud. Please enter words, not only symbols.',
  speechTooLong: (estimatedMinutes: number, maxMinutes: number) =>
    `This would make about ${estimatedMinutes} minutes of audio, more than the ${maxMinutes} minutes one request may make. Please shorten the text or choose a faster speed.`,

  speechEmpty: 'The speech engine returned no audio. Please try again.',
  speechFailed: 'The speech engine could not read this text. Please change the text and try again.',
  /** `language` is the text's BCP 47 tag, such as 'ko'. */
  languageNotSpoken: (language: string) =>
    `This text seems to be in ${languageName(language)}, which our voices do not speak. They speak ${spokenLanguageList()}; a basic voice reads ${basicVoiceLanguageList()}.`,
  /** The page's list of the languages the voices speak. */
  spokenLanguages: `Voices speak ${spokenLanguageList()}. A basic, robotic voice reads ${basicVoiceLanguageList()}.`,
  /**
   * Said before the list on a writer's read-aloud panel, when its text is in a language only the
   * basic voice reads (`language` is its English name, such as "German").
   */
  readByBasicVoiceOnly: (language: string) =>
    `This text is in ${language}: the natural voices do not speak it, so the basic, robotic voice reads it.`,
  /** As above, for a language no voice here speaks: the request would be refused. */
  cannotBeReadAloud: (language: string) =>
    `This text is in ${language}, which our voices do not speak: it cannot be read aloud.`,
  /** A writer's read-aloud panel over a text with nothing to read (no spoken lines left). */
  nothingToRead: 'This text has nothing to read aloud. Please generate it again.',
  speedFailed: 'The speech could not be prepared at this speed. Please try another speed.',
  speechPackagesMissing: (packages: string, missing: readonly string[]) =>
    `Speech needs the Debian packages ${packages}${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}: run \`npm install\` as root, or \`apt-get install ${packages}\`.`,
} as const;
