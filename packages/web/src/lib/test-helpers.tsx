/** Helpers for the tool pages' tests: the real store, and a fetch stub that answers by path. */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import {
  API_PATHS,
  WRITER_STREAM_EVENTS,
  type HealthResponse,
  type SiteDetailsResponse,
  type SpeechPieceEvent,
} from '@ai-tools/contracts';
import { makeStore } from '../app/store.ts';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const READY_HEALTH: HealthResponse = {
  status: 'ok',
  engines: {
    speech: { engine: 'festival', tier: 'classic', ready: true },
    transcription: { engine: 'pocketsphinx', tier: 'classic', ready: true },
    text: { engine: 'qwen2.5 0.5b', tier: 'neural', ready: true },
  },
};

/** The development server's contact details (its placeholders). */
export const SITE_DETAILS: SiteDetailsResponse = {
  contact: { email: 'support@example.com', whatsApp: '+1 555 010 0199', phone: '+1 555 010 0100' },
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const DEFAULT_HANDLERS: Partial<Record<string, Handler>> = {
  [API_PATHS.health]: () => jsonResponse(READY_HEALTH),
  [API_PATHS.site]: () => jsonResponse(SITE_DETAILS),
};

/**
 * Stubs fetch; each API path answers with its handler, /api/health with READY_HEALTH and /api/site
 * with SITE_DETAILS by default.
 */
export function stubApi(handlers: Partial<Record<string, Handler>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler = handlers[path] ?? DEFAULT_HANDLERS[path];
    if (!handler) return jsonResponse({ message: `No stub for ${path}` }, 404);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one path (the health check is made by every page). */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => input === path);
}

/**
 * The JSON body a request sent, read back as the contract type it follows (or as unknown): a
 * body that is not JSON text fails the test.
 */
export function jsonBody<T = unknown>(init: RequestInit | undefined): T {
  const body = init?.body;
  if (typeof body !== 'string') {
    throw new TypeError(`Expected a JSON text body, got ${Object.prototype.toString.call(body)}`);
  }
  return JSON.parse(body) as T;
}

/** A store that already knows every engine is ready, so a page makes no health call. */
function makeReadyStore() {
  return makeStore({
    engines: { engines: READY_HEALTH.engines, loading: false, loaded: true, error: null },
  });
}

export function renderWithStore(ui: ReactElement, store = makeReadyStore()) {
  render(<Provider store={store}>{ui}</Provider>);
  return store;
}

/** A promise the test resolves by hand, to look at the page while a request is running. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Records the files the page saves: the name and the object URL behind each download. */
export function captureDownloads() {
  const downloads: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, href: this.href });
  });
  return downloads;
}

/** jsdom has no object URLs; these record what is created and revoked. */
export function stubObjectUrls() {
  let next = 0;
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  URL.createObjectURL = (blob: Blob) => {
    next += 1;
    const url = `blob:test/${next}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  return { blobs, revoked };
}

/** One Server-Sent Event as the server writes it (contracts/streaming.ts). */
export function serverSentEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A streamed writer answer the test writes by hand: each `send` is one chunk on the wire. Like a
 * real fetch, aborting the request's signal breaks the body off with the abort's reason.
 */
export function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      closed = true;
    },
  });
  return {
    /** The fetch answer; `init` is the request, whose signal ends the stream. */
    respond(init: RequestInit | undefined): Response {
      init?.signal?.addEventListener('abort', () => {
        closed = true;
        controller.error(init.signal?.reason);
      });
      return new Response(body, {
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      });
    },
    send(chunk: string | Uint8Array) {
      if (closed) return;
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    end() {
      closed = true;
      controller.close();
    },
    /** The client let go of the answer: it stopped or read it to the end. */
    get closed() {
      return closed;
    },
  };
}

/**
 * Failed writer answers with no message a visitor could read, by what they are. The page must show
 * its own default for each, never the status code (docs/product.md section 8).
 */
export const FAILURES_WITHOUT_MESSAGE: [string, Handler][] = [
  ['a 500 with no message', () => jsonResponse({}, 500)],
  [
    'a 500 whose body is not JSON',
    () =>
      new Response('<h1>500 Internal Server Error</h1>', {
        status: 500,
        headers: { 'content-type': 'text/html' },
      }),
  ],
  [
    'an error event with an empty message',
    (init) => {
      const stream = eventStream();
      const response = stream.respond(init);
      stream.send(serverSentEvent(WRITER_STREAM_EVENTS.error, { message: '', status: 500 }));
      return response;
    },
  ],
];

/** jsdom's Blob has no text(); its FileReader reads one. */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new TypeError('FileReader read no text from the blob'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader could not read the blob'));
    reader.readAsText(blob);
  });
}

/** A blob's bytes, read by jsdom's FileReader (its Blob has no arrayBuffer()). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(new Uint8Array(reader.result));
      else reject(new TypeError('FileReader read no bytes from the blob'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader could not read the blob'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A piece of `seconds` of a 220 Hz tone, as the server sends it (16-bit little-endian, base64). */
export function tonePiece(index: number, seconds: number, sampleRate = 24_000): SpeechPieceEvent {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let sample = 0; sample < samples.length; sample += 1) {
    samples[sample] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * sample) / sampleRate));
  }
  const bytes = new Uint8Array(samples.buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return {
    index,
    text: `Sentence ${index + 1}.`,
    startSeconds: index * seconds,
    endSeconds: (index + 1) * seconds,
    sampleRate,
    pcmBase64: btoa(binary),
  };
}
