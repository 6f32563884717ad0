/** Helpers for the tool pages' tests: the real store, and a fetch stub that answers by path. */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { API_PATHS, type HealthResponse } from '@ai-tools/contracts';
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

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch; each API path answers with its handler, /api/health with READY_HEALTH by default. */
export function stubApi(handlers: Partial<Record<string, Handler>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler =
      handlers[path] ?? (path === API_PATHS.health ? () => jsonResponse(READY_HEALTH) : undefined);
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
