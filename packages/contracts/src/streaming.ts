import { z } from 'zod';

/**
 * The writers' streamed answer. A writer call (script, blog, story) asked with
 * `Accept: text/event-stream` answers Server-Sent Events instead of one JSON body:
 * - `queue` while the request waits for the model: its place in line and the estimated wait, and
 *   once when it starts, with how long its work should take;
 * - `text` for each piece of text as the model writes it;
 * - `step` as the writer starts each step of its work: planning, writing a part, rewriting one;
 * - `result` once, at the end, with exactly the JSON the plain call answers (docs/product.md
 *   section 7);
 * - `error` once, instead of `result`, with the `{ message }` and the HTTP status the plain call
 *   would have answered.
 * Without that header the call answers the plain JSON. A client that stops reading (the page's
 * Stop button) ends the generation on the server and frees its place in line.
 */
export const EVENT_STREAM_MEDIA_TYPE = 'text/event-stream';

/** The events every streamed answer has: its place in line, its end, or its failure. */
export const STREAM_EVENTS = {
  queue: 'queue',
  result: 'result',
  error: 'error',
} as const;

export const WRITER_STREAM_EVENTS = { ...STREAM_EVENTS, text: 'text', step: 'step' } as const;

export const queueEventSchema = z.object({
  /** Requests that run or wait before this one. */
  ahead: z.number().int().min(0),
  /** About how long until this request starts. */
  estimatedWaitSeconds: z.number().min(0),
  /**
   * About how long the request's own work takes once it starts, at the speed measured on this
   * server; sent when it starts (`ahead` 0) by an engine that measures it.
   */
  estimatedRunSeconds: z.number().min(0).optional(),
});
export type QueueEvent = z.infer<typeof queueEventSchema>;

export const textEventSchema = z.object({
  text: z.string(),
  /**
   * True when this text replaces everything shown so far: a writer that rewrites a part that failed
   * its check goes back to the text before that part.
   */
  replace: z.boolean().optional(),
});

/**
 * What the writer works on, sent as each step starts, so a page whose text does not move (a plan
 * is not shown; a part written again starts over) never looks frozen: `planning` the outline,
 * `writing` a part that shows as it comes, `rewriting` a part that failed its check.
 */
export const WRITER_STEPS = ['planning', 'writing', 'rewriting'] as const;
export type WriterStep = (typeof WRITER_STEPS)[number];
export const stepEventSchema = z.object({ step: z.enum(WRITER_STEPS) });

export const errorEventSchema = z.object({ message: z.string(), status: z.number().int() });

/**
 * The text-to-speech call's streamed answer. Asked with `Accept: text/event-stream`, it answers
 * Server-Sent Events instead of one JSON body, so the page can play the speech while the rest is
 * made:
 * - `queue` while the request waits for the engine (as for the writers);
 * - `audio` for each piece of the speech as the engine makes it, in order: the piece's text, its
 *   place in the final audio, and its samples (16-bit little-endian mono PCM, base64);
 * - `result` once, at the end, with the JSON the plain call answers (docs/product.md section 7),
 *   less `data.audioBase64` for a WAV or an MP3, which the page makes from the pieces
 *   (streamedResultCarriesFile in features/text-to-speech/facts.ts);
 * - `error` once, instead of `result`.
 * The first piece is the text's first sentence alone, so it comes soon.
 */
export const SPEECH_STREAM_EVENTS = { ...STREAM_EVENTS, audio: 'audio' } as const;

export const speechPieceEventSchema = z.object({
  /** 0 for the first piece. */
  index: z.number().int().min(0),
  /** What this piece says, after the text's preparation for speech. */
  text: z.string(),
  /** Where the piece starts and ends in the final audio, in seconds. */
  startSeconds: z.number().min(0),
  endSeconds: z.number().min(0),
  sampleRate: z.number().int().positive(),
  /** 16-bit little-endian mono PCM samples, base64. */
  pcmBase64: z.string(),
});
export type SpeechPieceEvent = z.infer<typeof speechPieceEventSchema>;
