/**
 * The requests' common ground: the error every failure becomes, opening a request and reading a
 * JSON answer, and what a streamed call tells its caller. api-client.ts and the event-stream client
 * it loads on first use both build on it.
 */
import {
  REQUEST_MESSAGES,
  type QueueEvent,
  type SpeechPieceEvent,
  type WriterStep,
} from '@ai-tools/contracts';

export class ApiRequestError extends Error {
  constructor(
    /** Words a visitor may read; empty when there are none, so the page shows its own default. */
    message: string,
    readonly status: number,
    /** The `message` field of the server's JSON reply, when present (docs/product.md section 8). */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * A failure the server answered with an HTTP status or an `error` event. Its only words are the
 * server's `message`: a status code is never shown to a visitor (docs/product.md section 8), so an
 * answer without a message leaves the page's own default to be shown.
 */
export function serverFailure(status: number, serverMessage: string | undefined): ApiRequestError {
  return new ApiRequestError(serverMessage ?? '', status, serverMessage);
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
  if (!response.ok) throw serverFailure(response.status, serverMessage);
  return body as T;
}

/** What a writer call tells its caller while the answer streams in. */
export interface WriterStreamHandlers {
  signal?: AbortSignal;
  /** The request's place in line; `ahead` 0 once the model works on it. */
  onQueue?: (queue: QueueEvent) => void;
  /**
   * Each new piece of the text, in order. With `replace` the piece is the whole text so far: the
   * writer went back to rewrite a part, and what was shown before is gone.
   */
  onText?: (text: string, replace: boolean) => void;
  /** Each step of the writer's work as it starts (planning, writing a part, rewriting one). */
  onStep?: (step: WriterStep) => void;
}

/** What the text-to-speech call tells its caller while the speech streams in. */
export interface SpeechStreamHandlers {
  signal?: AbortSignal;
  /** The request's place in line; `ahead` 0 once the engine works on it. */
  onQueue?: (queue: QueueEvent) => void;
  /** Each piece of the speech as it is made, in order. */
  onAudio?: (piece: SpeechPieceEvent) => void;
}
