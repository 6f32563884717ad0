/**
 * The request and response schemas of the calls in docs/product.md section 7. The server validates
 * with them and the web types its API client with them: each field name and message lives here.
 */
import { z } from 'zod';
import { CAPABILITIES } from './tools.ts';
import { MAX_SPEED, MIN_SPEED, OUTPUT_FORMATS, TEXT_TO_SPEECH_DEFAULTS, VOICES } from './lists.ts';
import { BODY_MUST_BE_OBJECT, oneOf, requiredText } from './schema-parts.ts';
import { CONTACT_HONEYPOT_FIELD, LIMITS } from './limits.ts';
import { CONTACT_MESSAGES } from './messages.ts';

// ---------------------------------------------------------------- contact

export const contactMessageSchema = z.object(
  {
    name: requiredText(
      CONTACT_MESSAGES.nameRequired,
      LIMITS.contactNameMaxLength,
      `Name must be at most ${LIMITS.contactNameMaxLength} characters.`,
    ),
    email: requiredText(
      CONTACT_MESSAGES.emailRequired,
      LIMITS.contactEmailMaxLength,
      CONTACT_MESSAGES.emailInvalid,
    ).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
    subject: requiredText(
      CONTACT_MESSAGES.subjectRequired,
      LIMITS.contactSubjectMaxLength,
      `Subject must be at most ${LIMITS.contactSubjectMaxLength} characters.`,
    ),
    message: requiredText(
      CONTACT_MESSAGES.messageRequired,
      LIMITS.contactMessageMaxLength,
      `Message must be at most ${LIMITS.contactMessageMaxLength} characters long.`,
    ).min(LIMITS.contactMessageMinLength, CONTACT_MESSAGES.messageTooShort),
    /** Honeypot: hidden from people, so any value marks a bot. */
    [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
  },
  { error: BODY_MUST_BE_OBJECT },
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

// ---------------------------------------------------------------- text to speech

const textToSpeechFields = z.object(
  {
    text: z
      .string({ error: 'text is required.' })
      .trim()
      .min(1, 'Please enter some text to turn into speech.')
      .max(
        LIMITS.textToSpeechMaxCharacters,
        `The text is too long: at most ${LIMITS.textToSpeechMaxCharacters} characters per request.`,
      ),
    voice: z.enum(VOICES, { error: oneOf('voice', VOICES) }).default(TEXT_TO_SPEECH_DEFAULTS.voice),
    speed: z
      .number({ error: `speed must be a number from ${MIN_SPEED} to ${MAX_SPEED}.` })
      .min(MIN_SPEED, `speed must be a number from ${MIN_SPEED} to ${MAX_SPEED}.`)
      .max(MAX_SPEED, `speed must be a number from ${MIN_SPEED} to ${MAX_SPEED}.`)
      .default(TEXT_TO_SPEECH_DEFAULTS.speed),
    outputFormat: z
      .enum(OUTPUT_FORMATS, { error: oneOf('outputFormat', OUTPUT_FORMATS) })
      .default(TEXT_TO_SPEECH_DEFAULTS.outputFormat),
    /** This site's addition: `data.captions`, cues timed by the synthesis itself (ADR 033). */
    captions: z.boolean({ error: 'captions must be true or false.' }).default(false),
  },
  { error: BODY_MUST_BE_OBJECT },
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

export const transcriptSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

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

// ---------------------------------------------------------------- speech to text

export const speechToTextResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    transcript: z.string(),
    language: z.string().optional(),
    segments: z.array(transcriptSegmentSchema).optional(),
    durationSeconds: z.number().optional(),
    engine: z.string().optional(),
  }),
});
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;

/** The voice of GET API_PATHS.voiceSample. */
export const voiceSampleParamsSchema = z.object({
  voice: z.enum(VOICES, { error: oneOf('voice', VOICES) }),
});

// ---------------------------------------------------------------- errors and health

/** Every error answer: a human-readable message (ADR 036: one error model). */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ENGINE_TIERS = ['neural', 'classic', 'api', 'none'] as const;
export type EngineTier = (typeof ENGINE_TIERS)[number];

export const engineStatusSchema = z.object({
  /** The engine's name as a visitor may read it, such as 'festival' or 'whisper base'. */
  engine: z.string(),
  tier: z.enum(ENGINE_TIERS),
  ready: z.boolean(),
  /** Why it is not ready and how to enable it, when it is not. */
  detail: z.string().optional(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  engines: z.record(z.enum(CAPABILITIES), engineStatusSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
