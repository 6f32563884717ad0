/**
 * The second source of a model file: its upstream HTTP address (or the MODELS_BASE_URL mirror),
 * tried when the package registries fail. Resumes a partial download (HTTP Range on a `.part`
 * file) and reports each failure in one line; the caller checks the result's sha256.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ModelFile } from './manifest.ts';

export interface UpstreamProgress {
  file: ModelFile;
  receivedBytes: number;
  totalBytes: number;
}

export interface UpstreamOptions {
  /** Replaces the scheme, host and port of every upstream address (a mirror, or tests). */
  baseUrl?: string;
  /** How long to wait for a server to answer before giving up on it. */
  connectTimeoutMs?: number;
  /** How long a download may receive nothing before it counts as broken. */
  idleTimeoutMs?: number;
  /** Attempts per file when the connection breaks while data flows; each resumes. */
  attempts?: number;
  log?: (line: string) => void;
  onProgress?: (progress: UpstreamProgress) => void;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/** A failure whose message is the one line a person reads. */
export class DownloadError extends Error {
  constructor(
    message: string,
    /** True when bytes arrived before the break, so another attempt can resume. */
    readonly resumable = false,
    /** True when the server could not be reached at all. */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

export function upstreamUrl(file: ModelFile, baseUrl?: string): string {
  if (!baseUrl) return file.upstreamUrl;
  const upstream = new URL(file.upstreamUrl);
  return `${baseUrl.replace(/\/+$/, '')}${upstream.pathname}${upstream.search}`;
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

export function megabytes(bytes: number) {
  return `${Math.round(bytes / 1_000_000)} MB`;
}

/**
 * Downloads the file into `partial`, resuming what an earlier attempt or run left there, with a
 * few attempts when the connection breaks while data flows.
 */
export async function downloadFromUpstream(
  file: ModelFile,
  partial: string,
  options: UpstreamOptions = {},
): Promise<void> {
  const url = upstreamUrl(file, options.baseUrl);
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fetchToPart(file, url, partial, options);
      return;
    } catch (error) {
      const canResume = error instanceof DownloadError && error.resumable;
      if (!canResume || attempt >= attempts) throw error;
      options.log?.(`${file.path}: ${(error as Error).message} Resuming (attempt ${attempt + 1}).`);
    }
  }
}

/** Fetches the rest of the file into `partial`, resuming from its current size. */
async function fetchToPart(
  file: ModelFile,
  url: string,
  partial: string,
  options: UpstreamOptions,
) {
  const already = await fileSize(partial);
  if (already === file.bytes) return;

  const controller = new AbortController();
  const connectTimer = setTimeout(
    () => controller.abort(),
    options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  );
  let response: Response;
  try {
    response = await fetch(url, {
      headers: already > 0 ? { range: `bytes=${already}-` } : {},
      signal: controller.signal,
      redirect: 'follow',
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = controller.signal.aborted
      ? 'no answer within the time limit'
      : (cause?.code ?? cause?.message ?? 'failed');
    throw new DownloadError(`could not reach ${new URL(url).host} (${why})`, false, true);
  } finally {
    clearTimeout(connectTimer);
  }

  if (response.status === 416 && already > 0) {
    // The part is at least as long as the file: start over rather than guess.
    await rm(partial, { force: true });
    throw new DownloadError('the partial download was unusable and was removed.', true);
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    throw new DownloadError(`HTTP ${response.status} ${response.statusText} from ${url}`);
  }
  const resuming = response.status === 206 && already > 0;
  const totalBytes = file.bytes;

  let receivedBytes = resuming ? already : 0;
  options.onProgress?.({ file, receivedBytes, totalBytes });
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const idleTimer = setTimeout(() => controller.abort(), idleTimeoutMs);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      receivedBytes += chunk.length;
      idleTimer.refresh();
      options.onProgress?.({ file, receivedBytes, totalBytes });
      done(null, chunk);
    },
  });
  const startedAt = receivedBytes;
  try {
    if (!response.body) throw new Error('empty body');
    await mkdir(dirname(partial), { recursive: true });
    await pipeline(
      Readable.fromWeb(response.body),
      counter,
      createWriteStream(partial, { flags: resuming ? 'a' : 'w' }),
    );
  } catch {
    throw new DownloadError(
      `the connection broke after ${megabytes(receivedBytes)}.`,
      receivedBytes > startedAt,
    );
  } finally {
    clearTimeout(idleTimer);
  }
  if (receivedBytes < totalBytes) {
    throw new DownloadError(
      `the connection closed after ${megabytes(receivedBytes)} of ${megabytes(totalBytes)}.`,
      receivedBytes > startedAt,
    );
  }
}
