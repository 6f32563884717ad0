/**
 * The one HTTP client of the website. Thunks call it; components never do.
 * Every failure is an ApiRequestError carrying the server's `message` when the server sent one.
 */
import type { SpokenAudioAnswer } from '@ai-tools/contracts';
import {
  openRequest,
  readJsonAnswer,
  type SpeechStreamHandlers,
  type WriterStreamHandlers,
} from './http.ts';
// Types only, erased from the build: the client itself is loaded on first use.
import type { WriterAnswer, WriterPath } from './event-stream-client.ts';

export {
  ApiRequestError,
  isAbort,
  type SpeechStreamHandlers,
  type WriterStreamHandlers,
} from './http.ts';

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

export function deleteJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return send<T>(path, { method: 'DELETE', headers: { accept: 'application/json' }, signal });
}

/**
 * Posts a writer request and resolves with its final JSON, checked with the writer's schema,
 * streaming the text to `handlers` as it comes (event-stream-client.ts). That client is loaded on
 * first use: it brings the event parser and the contracts' schemas with zod, about 26 KB gzip the
 * home page does without.
 */
export async function postWriter<Path extends WriterPath>(
  path: Path,
  body: unknown,
  handlers: WriterStreamHandlers = {},
): Promise<WriterAnswer<Path>> {
  const { streamWriter } = await import('./event-stream-client.ts');
  return streamWriter(path, body, handlers);
}

/**
 * Posts a text-to-speech request and resolves with its final JSON, checked with the call's schema,
 * handing each piece of speech to `handlers` as it is made (event-stream-client.ts, loaded on
 * first use).
 */
export async function postSpeech(
  body: unknown,
  handlers: SpeechStreamHandlers = {},
): Promise<SpokenAudioAnswer> {
  const { streamSpeech } = await import('./event-stream-client.ts');
  return streamSpeech(body, handlers);
}
