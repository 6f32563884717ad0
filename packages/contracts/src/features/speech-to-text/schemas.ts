/** Speech to text's answer: the transcript, its language and its timed segments. */
import { z } from 'zod';
import {
  TRANSCRIPTION_JOB_STATUSES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_TASKS,
} from './facts.ts';
import { errorEventSchema, queueEventSchema } from '../../streaming.ts';
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

/** What a transcription gives: the direct call's answer, and a finished job's result. */
export const speechToTextResultSchema = z.object({
  transcript: z.string(),
  /** The transcript's language: English after a translation. */
  language: z.string().optional(),
  /** The language heard, detected or as the visitor named it. */
  spokenLanguage: z.string().optional(),
  task: z.enum(TRANSCRIPTION_TASKS).optional(),
  segments: z.array(transcriptSegmentSchema).optional(),
  durationSeconds: z.number().optional(),
  engine: z.string().optional(),
});
export type SpeechToTextResult = z.infer<typeof speechToTextResultSchema>;

export const speechToTextResponseSchema = z.object({
  success: z.literal(true),
  data: speechToTextResultSchema,
});
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;

/** A job's address: the id its creation answered. */
export const transcriptionJobParamsSchema = z.object({ jobId: z.string().min(1).max(100) });

/**
 * A long recording's transcription job, as GET API_PATHS.speechToTextJob answers it. The text
 * transcribed so far comes while it runs; once done, `result` holds exactly what the direct call
 * answers, until `expiresAt`, when the job and its text are deleted.
 */
export const transcriptionJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(TRANSCRIPTION_JOB_STATUSES),
  /** While queued: the jobs before it and about how long until it starts. */
  queue: queueEventSchema.optional(),
  progress: z.object({
    /** Seconds of the recording transcribed so far. */
    audioSecondsDone: z.number().min(0),
    /** The recording's length; unknown until it is decoded when its container does not say. */
    audioSecondsTotal: z.number().min(0).optional(),
    percent: z.number().min(0).max(100),
    /** About how long the rest takes, from the speed measured on this server. */
    estimatedSecondsLeft: z.number().min(0).optional(),
  }),
  /** The text and subtitle cues so far, while the job is queued or runs (then in `result`). */
  transcript: z.string().optional(),
  segments: z.array(transcriptSegmentSchema).optional(),
  result: speechToTextResultSchema.optional(),
  /** Why a failed job failed, with the status the direct call would have answered. */
  error: errorEventSchema.optional(),
  /** When a finished, failed or cancelled job is deleted (ISO 8601). */
  expiresAt: z.string().optional(),
});
export type TranscriptionJob = z.infer<typeof transcriptionJobSchema>;

export const transcriptionJobResponseSchema = z.object({
  success: z.literal(true),
  data: transcriptionJobSchema,
});
export type TranscriptionJobResponse = z.infer<typeof transcriptionJobResponseSchema>;
