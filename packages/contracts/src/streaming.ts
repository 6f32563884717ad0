import { z } from 'zod';

/**
 * The writers' streamed answer. A writer call (script, blog, story) asked with
 * `Accept: text/event-stream` answers Server-Sent Events instead of one JSON body:
 * - `queue` while the request waits for the model: its place in line and the estimated wait;
 * - `text` for each piece of text as the model writes it;
 * - `result` once, at the end, with exactly the JSON the plain call answers (SPEC section 7);
 * - `error` once, instead of `result`, with the `{ message }` and the HTTP status the plain call
 *   would have answered.
 * Without that header the call answers the plain JSON. A client that stops reading (the page's
 * Stop button) ends the generation on the server and frees its place in line.
 */
export const EVENT_STREAM_MEDIA_TYPE = 'text/event-stream';

export const WRITER_STREAM_EVENTS = {
  queue: 'queue',
  text: 'text',
  result: 'result',
  error: 'error',
} as const;
export type WriterStreamEventName =
  (typeof WRITER_STREAM_EVENTS)[keyof typeof WRITER_STREAM_EVENTS];

export const queueEventSchema = z.object({
  /** Requests that run or wait before this one. */
  ahead: z.number().int().min(0),
  /** About how long until this request starts. */
  estimatedWaitSeconds: z.number().min(0),
});
export type QueueEvent = z.infer<typeof queueEventSchema>;

export const textEventSchema = z.object({ text: z.string() });
export type TextEvent = z.infer<typeof textEventSchema>;

export const errorEventSchema = z.object({ message: z.string(), status: z.number().int() });
export type ErrorEvent = z.infer<typeof errorEventSchema>;
