/**
 * Downloads model files into MODELS_DIR: checks free disk space first, resumes a partial download
 * (HTTP Range on a `.part` file), verifies sha256, and reports each failure in one line. It never
 * runs at request time; `npm run models` and the install's setup step call it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ModelFile } from './manifest.ts';

export interface DownloadProgress {
  file: ModelFile;
  receivedBytes: number;
  /** Null when neither the server nor the manifest knows the size. */
  totalBytes: number | null;
}

export interface DownloadOptions {
  modelsDir: string;
  files: readonly ModelFile[];
  /** Replaces the scheme, host and port of every upstream address (a mirror, or tests). */
  baseUrl?: string;
  /** How long to wait for a server to answer before giving up on it. */
  connectTimeoutMs?: number;
  /** How long a download may receive nothing before it counts as broken. */
  idleTimeoutMs?: number;
  /** Attempts per file when the connection breaks while data flows; each resumes. */
  attempts?: number;
  log?: (line: string) => void;
  onProgress?: (progress: DownloadProgress) => void;
}

export type FileOutcome =
  | { path: string; result: 'present' | 'downloaded' }
  | { path: string; result: 'failed'; reason: string };

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** An unpacked archive takes about twice its compressed size while both exist. */
const ARCHIVE_SPACE_FACTOR = 2;

/** A failure whose message is the one line a person reads. */
class DownloadError extends Error {
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

function upstreamUrl(file: ModelFile, baseUrl?: string): string {
  if (!baseUrl) return file.url;
  const upstream = new URL(file.url);
  return `${baseUrl.replace(/\/+$/, '')}${upstream.pathname}${upstream.search}`;
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const pinPath = (target: string) => `${target}.sha256`;

/** The sha256 a file must have: the manifest's, or the one pinned at its first download. */
async function expectedSha256(file: ModelFile, target: string): Promise<string | null> {
  if (file.sha256) return file.sha256;
  try {
    return (await readFile(pinPath(target), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

function megabytes(bytes: number) {
  return `${Math.round(bytes / 1_000_000)} MB`;
}

/** Is the file already in place and verified? Removes a complete file whose checksum is wrong. */
async function isPresent(file: ModelFile, modelsDir: string, log: (line: string) => void) {
  if (file.extractTo && file.extractedMarker) {
    return existsSync(join(modelsDir, file.extractedMarker));
  }
  const target = join(modelsDir, file.path);
  if (!existsSync(target)) return false;
  const expected = await expectedSha256(file, target);
  const actual = await sha256OfFile(target);
  if (expected === null) {
    await writeFile(pinPath(target), `${actual}\n`);
    return true;
  }
  if (actual === expected) return true;
  log(`${file.path}: the file on disk does not match its sha256; downloading it again.`);
  await rm(target, { force: true });
  return false;
}

export async function downloadModels(options: DownloadOptions): Promise<FileOutcome[]> {
  const log = options.log ?? (() => {});
  const outcomes: FileOutcome[] = [];
  const missing: ModelFile[] = [];
  for (const file of options.files) {
    if (await isPresent(file, options.modelsDir, log)) {
      outcomes.push({ path: file.path, result: 'present' });
    } else {
      missing.push(file);
    }
  }
  if (missing.length === 0) return outcomes;

  await mkdir(options.modelsDir, { recursive: true });
  const spaceProblem = await checkFreeSpace(options.modelsDir, missing);
  if (spaceProblem) {
    return [
      ...outcomes,
      ...missing.map((file) => ({
        path: file.path,
        result: 'failed' as const,
        reason: spaceProblem,
      })),
    ];
  }

  // No network fails fast: once one server cannot be reached, the other files are not tried.
  let unreachable: string | undefined;
  for (const file of missing) {
    if (unreachable) {
      outcomes.push({ path: file.path, result: 'failed', reason: unreachable });
      continue;
    }
    try {
      await downloadOne(file, upstreamUrl(file, options.baseUrl), options);
      outcomes.push({ path: file.path, result: 'downloaded' });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof DownloadError && error.unreachable) unreachable = `not tried: ${reason}`;
      outcomes.push({ path: file.path, result: 'failed', reason });
    }
  }
  return outcomes;
}

async function checkFreeSpace(modelsDir: string, files: ModelFile[]): Promise<string | undefined> {
  let needed = 0;
  for (const file of files) {
    const remaining = Math.max(
      0,
      file.bytes - (await fileSize(join(modelsDir, `${file.path}.part`))),
    );
    needed += file.extractTo ? remaining * ARCHIVE_SPACE_FACTOR : remaining;
  }
  const space = await statfs(modelsDir);
  const available = space.bavail * space.bsize;
  if (available >= needed) return undefined;
  return `Not enough free disk space in ${modelsDir}: the models need about ${megabytes(needed)}, ${megabytes(available)} are free. Free some space or set MODELS_DIR to a larger disk.`;
}

async function downloadOne(file: ModelFile, url: string, options: DownloadOptions) {
  const target = join(options.modelsDir, file.path);
  const partial = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });

  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fetchToPart(file, url, partial, options);
      break;
    } catch (error) {
      const canResume = error instanceof DownloadError && error.resumable;
      if (!canResume || attempt >= attempts) throw error;
      options.log?.(`${file.path}: ${(error as Error).message} Resuming (attempt ${attempt + 1}).`);
    }
  }

  const actual = await sha256OfFile(partial);
  const expected = await expectedSha256(file, target);
  if (expected !== null && actual !== expected) {
    await rm(partial, { force: true });
    throw new DownloadError(
      `sha256 mismatch (expected ${expected}, got ${actual}): the file was removed. Retry with: npm run models`,
    );
  }
  if (expected === null) await writeFile(pinPath(target), `${actual}\n`);
  await rename(partial, target);

  if (file.extractTo) {
    await extractArchive(target, join(options.modelsDir, file.extractTo));
    await rm(target, { force: true });
  }
}

/** Fetches the rest of the file into `partial`, resuming from its current size. */
async function fetchToPart(
  file: ModelFile,
  url: string,
  partial: string,
  options: DownloadOptions,
) {
  const already = await fileSize(partial);
  if (file.bytesAreExact && already === file.bytes) return;

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
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const why = controller.signal.aborted ? 'no answer within the time limit' : (cause ?? 'failed');
    throw new DownloadError(
      `could not reach ${new URL(url).host} (${why}): check the network connection`,
      false,
      true,
    );
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
    throw new DownloadError(
      `HTTP ${response.status} ${response.statusText} from ${url}: check the address (MODELS_BASE_URL), or retry later.`,
    );
  }
  const resuming = response.status === 206 && already > 0;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const totalBytes = Number.isFinite(length)
    ? (resuming ? already : 0) + length
    : file.bytesAreExact
      ? file.bytes
      : null;

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
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
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
  if (totalBytes !== null && receivedBytes < totalBytes) {
    throw new DownloadError(
      `the connection closed after ${megabytes(receivedBytes)} of ${megabytes(totalBytes)}.`,
      receivedBytes > startedAt,
    );
  }
}

function extractArchive(archive: string, into: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', ['-xjf', archive, '-C', into], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    // tar's exit code decides; its error output only words the message, and an 'error' on it with
    // nobody listening would stop the process.
    child.stderr.on('error', () => {});
    child.on('error', (error) =>
      reject(new DownloadError(`could not unpack the archive (${error.message}).`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new DownloadError(
            `could not unpack the archive: ${errors.trim().split('\n')[0] ?? `tar exited with ${code}`}. Install bzip2 and retry: npm run models`,
          ),
        );
    });
  });
}
