/**
 * The one HTTP client of the website. Thunks call it; components never do.
 * Every failure is an ApiRequestError carrying the server's `message` when the server sent one.
 */
import { REQUEST_MESSAGES } from '@ai-tools/contracts';

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

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(REQUEST_MESSAGES.unreachable, 0);
  }
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
