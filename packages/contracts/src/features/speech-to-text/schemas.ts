/** Speech to text's answer: the transcript, its language and its timed segments. */
import { z } from 'zod';
import { TRANSCRIPTION_LANGUAGES, TRANSCRIPTION_TASKS } from './facts.ts';
import { SPEECH_TO_TEXT_MESSAGES } from './messages.ts';

export const timedWordSchema = z.object({
  start: z.number(),
  end: z.number(),
  /** The word as written, with the punctuation that follows it. */
  text: z.string(),
});
export type TimedWord = z.infer<typeof timedWordSchema>;

export const transcriptSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  /** Each word's times, where the engine gives them and the request asked (`words: true`). */
  words: z.array(timedWordSchema).optional(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/**
 * The upload's optional form fields: the language spoken (detected when left out or empty), the
 * task and whether to give each word's times. Form fields are text: an empty language means
 * "detect".
 */
export const speechToTextOptionsSchema = z.object({
  language: z
    .union([z.literal(''), z.enum(TRANSCRIPTION_LANGUAGES as [string, ...string[]])], {
      error: SPEECH_TO_TEXT_MESSAGES.languageUnknown,
    })
    .optional()
    .transform((language) => language || undefined),
  task: z
    .enum(TRANSCRIPTION_TASKS, { error: SPEECH_TO_TEXT_MESSAGES.taskInvalid })
    .default('transcribe'),
  /** 'true': each cue carries its words' times. */
  words: z
    .enum(['true', 'false'], { error: SPEECH_TO_TEXT_MESSAGES.wordsInvalid })
    .default('false')
    .transform((words) => words === 'true'),
});
export type SpeechToTextOptions = z.infer<typeof speechToTextOptionsSchema>;

export const speechToTextResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    transcript: z.string(),
    /** The transcript's language: English after a translation. */
    language: z.string().optional(),
    /** The language heard, detected or as the visitor named it. */
    spokenLanguage: z.string().optional(),
    task: z.enum(TRANSCRIPTION_TASKS).optional(),
    segments: z.array(transcriptSegmentSchema).optional(),
    durationSeconds: z.number().optional(),
    engine: z.string().optional(),
  }),
});
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;
