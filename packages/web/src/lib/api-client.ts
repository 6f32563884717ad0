/**
 * The one HTTP client of the website. Thunks call it; components never do.
 * Every failure is an ApiRequestError carrying the server's `message` when the server sent one.
 */
import { REQUEST_MESSAGES, type QueueEvent, type SpeechPieceEvent } from '@ai-tools/contracts';

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

/** fetch, with a failure to connect turned into an ApiRequestError; an abort stays an abort. */
export async function openRequest(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError(REQUEST_MESSAGES.unreachable, 0);
  }
}

/** By name: an abort's DOMException may come from another realm (a test's DOM, a worker). */
export function isAbort(error: unknown): boolean {
  return error instanceof Object && 'name' in error && error.name === 'AbortError';
}

/** A JSON answer's body; an HTTP error becomes an ApiRequestError with the server's message. */
export async function readJsonAnswer<T>(response: Response): Promise<T> {
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
  return readJsonAnswer<T>(await openRequest(path, init));
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
 * Posts a writer request and resolves with its final JSON, streaming the text to `handlers` as
 * it comes (event-stream-client.ts). That client is loaded on first use: it brings the event
 * parser and the contracts' stream module with zod, about 26 KB gzip the home page does without.
 */
export async function postWriter<T>(
  path: string,
  body: unknown,
  handlers: WriterStreamHandlers = {},
): Promise<T> {
  const { streamWriter } = await import('./event-stream-client.ts');
  return streamWriter<T>(path, body, handlers);
}

/** What the text-to-speech call tells its caller while the speech streams in. */
export interface SpeechStreamHandlers {
  signal?: AbortSignal;
  /** The request's place in line; `ahead` 0 once the engine works on it. */
  onQueue?: (queue: QueueEvent) => void;
  /** Each piece of the speech as it is made, in order. */
  onAudio?: (piece: SpeechPieceEvent) => void;
}

/**
 * Posts a text-to-speech request and resolves with its final JSON, handing each piece of speech
 * to `handlers` as it is made (event-stream-client.ts, loaded on first use).
 */
export async function postSpeech<T>(
  path: string,
  body: unknown,
  handlers: SpeechStreamHandlers = {},
): Promise<T> {
  const { streamSpeech } = await import('./event-stream-client.ts');
  return streamSpeech<T>(path, body, handlers);
}
