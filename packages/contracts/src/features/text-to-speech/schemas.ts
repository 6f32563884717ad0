/** Text to speech's request and answer, and the voice of a sample, for the server and the web. */
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../messages.ts';
import { transcriptSegmentSchema, type TranscriptSegment } from '../speech-to-text/schemas.ts';
import {
  MAX_SPEED,
  MIN_SPEED,
  OUTPUT_FORMATS,
  TEXT_TO_SPEECH_DEFAULTS,
  TEXT_TO_SPEECH_LIMITS,
  VOICES,
} from './facts.ts';
import { TEXT_TO_SPEECH_MESSAGES } from './messages.ts';

const textToSpeechFields = z.object(
  {
    text: z
      .string({ error: TEXT_TO_SPEECH_MESSAGES.textRequired })
      .trim()
      .min(1, TEXT_TO_SPEECH_MESSAGES.textEmpty)
      .max(TEXT_TO_SPEECH_LIMITS.textToSpeechMaxCharacters, TEXT_TO_SPEECH_MESSAGES.textTooLong),
    voice: z
      .enum(VOICES, { error: SERVER_MESSAGES.fieldMustBeOneOf('voice', VOICES) })
      .default(TEXT_TO_SPEECH_DEFAULTS.voice),
    speed: z
      .number({ error: TEXT_TO_SPEECH_MESSAGES.speedInvalid })
      .min(MIN_SPEED, TEXT_TO_SPEECH_MESSAGES.speedInvalid)
      .max(MAX_SPEED, TEXT_TO_SPEECH_MESSAGES.speedInvalid)
      .default(TEXT_TO_SPEECH_DEFAULTS.speed),
    outputFormat: z
      .enum(OUTPUT_FORMATS, {
        error: SERVER_MESSAGES.fieldMustBeOneOf('outputFormat', OUTPUT_FORMATS),
      })
      .default(TEXT_TO_SPEECH_DEFAULTS.outputFormat),
    /** This site's addition: `data.captions`, cues timed by the synthesis itself (ADR 033). */
    captions: z.boolean({ error: TEXT_TO_SPEECH_MESSAGES.captionsInvalid }).default(false),
  },
  { error: SERVER_MESSAGES.bodyMustBeObject },
);

/** `response_format` (OpenAI's name for the format field) is accepted as an alias (ADR 005). */
export const textToSpeechRequestSchema = z.preprocess((input) => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const { response_format: responseFormat, ...fields } = input as Record<string, unknown>;
  if (fields.outputFormat === undefined && responseFormat !== undefined) {
    return { ...fields, outputFormat: responseFormat };
  }
  return fields;
}, textToSpeechFields);
export type TextToSpeechRequest = z.infer<typeof textToSpeechRequestSchema>;
/** What a client may send (defaults and the alias are optional). */
export type TextToSpeechInput = z.input<typeof textToSpeechFields> & { response_format?: string };

/** A caption cue: its lines (at most two, joined by a line break) and its times in the audio. */
export const captionCueSchema = transcriptSegmentSchema;
export type CaptionCue = TranscriptSegment;

export const textToSpeechResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    audioBase64: z.string(),
    format: z.enum(OUTPUT_FORMATS),
    mediaType: z.string(),
    durationSeconds: z.number(),
    engine: z.string(),
    /** When the request asked for captions: one cue per sentence spoken, or per part of one. */
    captions: z.array(captionCueSchema).optional(),
  }),
});
export type TextToSpeechResponse = z.infer<typeof textToSpeechResponseSchema>;

/**
 * A streamed answer's `result` (contracts/streaming.ts): the plain answer, less `audioBase64` for
 * a WAV or an MP3, whose samples the `audio` pieces already carried (streamedResultCarriesFile).
 */
export const streamedSpeechResultSchema = textToSpeechResponseSchema.extend({
  data: textToSpeechResponseSchema.shape.data.extend({ audioBase64: z.string().optional() }),
});
export type StreamedSpeechResult = z.infer<typeof streamedSpeechResultSchema>;

/**
 * What the website reads of a speech answer (docs/product.md section 7): `audioBase64` at the top
 * level or under `data`. The format and captions are read when they are sound; without them the
 * page falls back to the format it asked for and no captions. A streamed WAV's or MP3's `result`
 * has no `audioBase64` (streamedResultCarriesFile): the page makes that file from the pieces it
 * played.
 */
const spokenAudioSchema = z.object({
  audioBase64: z.string().min(1).optional(),
  format: z.enum(OUTPUT_FORMATS).optional().catch(undefined),
  captions: z.array(captionCueSchema).optional().catch(undefined),
});
export const spokenAudioAnswerSchema = z.preprocess((body) => {
  const top = (typeof body === 'object' && body !== null ? body : {}) as {
    audioBase64?: unknown;
    data?: unknown;
  };
  return typeof top.audioBase64 === 'string' && top.audioBase64 ? top : top.data;
}, spokenAudioSchema);
export type SpokenAudioAnswer = z.infer<typeof spokenAudioAnswerSchema>;

/** The voice of GET API_PATHS.voiceSample. */
export const voiceSampleParamsSchema = z.object({
  voice: z.enum(VOICES, { error: SERVER_MESSAGES.fieldMustBeOneOf('voice', VOICES) }),
});
