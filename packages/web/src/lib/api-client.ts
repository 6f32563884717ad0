/**
 * The one HTTP client of the website. Thunks call it; components never do.
 * Every failure is an ApiRequestError carrying the server's `message` when the server sent one.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  errorEventSchema,
  EVENT_STREAM_MEDIA_TYPE,
  queueEventSchema,
  REQUEST_MESSAGES,
  textEventSchema,
  WRITER_STREAM_EVENTS,
  type QueueEvent,
} from '@ai-tools/contracts';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The `message` field of the server's JSON reply, when present (SPEC section 8). */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

async function open(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError(REQUEST_MESSAGES.unreachable, 0);
  }
}

/** By name: an abort's DOMException may come from another realm (a test's DOM, a worker). */
function isAbort(error: unknown): boolean {
  return error instanceof Object && 'name' in error && error.name === 'AbortError';
}

async function readJson<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  const serverMessage =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : undefined;
  if (!response.ok) {
    throw new ApiRequestError(
      REQUEST_MESSAGES.serverAnswered(response.status),
      response.status,
      serverMessage,
    );
  }
  return body as T;
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  return readJson<T>(await open(path, init));
}

/** `headers`: extra request headers, such as the contact call's Idempotency-Key. */
export function postJson<T>(
  path: string,
  body: unknown,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<T> {
  return send<T>(path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

export function postForm<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  return send<T>(path, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
    signal,
  });
}

export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return send<T>(path, { method: 'GET', headers: { accept: 'application/json' }, signal });
}

/** What a writer call tells its caller while the answer streams in. */
export interface WriterStreamHandlers {
  signal?: AbortSignal;
  /** The request's place in line; `ahead` 0 once the model works on it. */
  onQueue?: (queue: QueueEvent) => void;
  /** Each new piece of the text, in order. */
  onText?: (text: string) => void;
}

/**
 * Posts a writer request asking for Server-Sent Events (contracts/streaming.ts) and resolves with
 * the final `result`: the same JSON the plain call answers. A server or proxy that answers plain
 * JSON instead is read as such. An HTTP error or an `error` event rejects with an ApiRequestError
 * carrying the server's message. Aborting the signal closes the connection, which ends the
 * generation on the server.
 */
export async function postWriter<T>(
  path: string,
  body: unknown,
  { signal, onQueue, onText }: WriterStreamHandlers = {},
): Promise<T> {
  const response = await open(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: EVENT_STREAM_MEDIA_TYPE },
    body: JSON.stringify(body),
    signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.startsWith(EVENT_STREAM_MEDIA_TYPE) || !response.body) {
    return readJson<T>(response);
  }

  let outcome: { result: T } | { error: ApiRequestError } | undefined;
  const handle = ({ event, data }: EventSourceMessage) => {
    if (outcome) return;
    const payload = parseJson(data);
    if (event === WRITER_STREAM_EVENTS.text) {
      const parsed = textEventSchema.safeParse(payload);
      if (parsed.success) onText?.(parsed.data.text);
    } else if (event === WRITER_STREAM_EVENTS.queue) {
      const parsed = queueEventSchema.safeParse(payload);
      if (parsed.success) onQueue?.(parsed.data);
    } else if (event === WRITER_STREAM_EVENTS.result) {
      outcome =
        payload === undefined
          ? { error: new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status) }
          : { result: payload as T };
    } else if (event === WRITER_STREAM_EVENTS.error) {
      const parsed = errorEventSchema.safeParse(payload);
      outcome = {
        error: parsed.success
          ? new ApiRequestError(
              REQUEST_MESSAGES.serverAnswered(parsed.data.status),
              parsed.data.status,
              parsed.data.message,
            )
          : new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status),
      };
    }
    // Other events are a newer server's additions: this page has no use for them.
  };
  const parser = createParser({ onEvent: handle });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!outcome) {
      const { done, value } = await reader.read();
      // A piece read just before Stop must not reach the page after it.
      if (signal?.aborted) throw abortError(signal);
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw abortError(signal);
    throw new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status);
  } finally {
    // Lets the connection go once the final event is in (or the reading failed).
    reader.cancel().catch(() => {});
  }
  if (!outcome) throw new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status);
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The request was stopped.', 'AbortError');
}
