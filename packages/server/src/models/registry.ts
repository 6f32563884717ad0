/**
 * Fetches packages from the registries with their ordinary clients, `npm pack` and `pip
 * download`, into a downloads folder, and unpacks them. A package that is already in the downloads
 * folder is not fetched again, so an interrupted run resumes at the package it stopped at.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RegistryPart } from './manifest.ts';

export interface RegistryOptions {
  /** The npm registry (`npm pack --registry`); by default npm's own setting (.npmrc). */
  npmRegistry?: string;
  /** The Python package index (`pip download --index-url`); by default pip's own setting. */
  pythonIndexUrl?: string;
}

/**
 * A failure in one line. `unavailable` says, in a few words, that the registry or its client is
 * not there at all, so the other packages of that registry are not tried.
 */
export class RegistryError extends Error {
  constructor(
    message: string,
    readonly unavailable?: string,
  ) {
    super(message);
  }
}

export const PIP_INSTALL_HINT = 'install it with: apt-get install -y python3-pip';

export function packageLabel(part: RegistryPart): string {
  return part.registry === 'npm' ? `${part.name}@${part.version}` : `${part.name}==${part.version}`;
}

/** Where a package is kept under the downloads folder. */
export function archivePath(downloadsDir: string, part: RegistryPart): string {
  const name = part.name.replace(/^@/, '').replace(/\//g, '-');
  return part.registry === 'npm'
    ? join(downloadsDir, 'npm', `${name}-${part.version}.tgz`)
    : join(downloadsDir, 'python', `${name}-${part.version}.whl`);
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The program could not be started (ENOENT: not installed). */
  startError?: NodeJS.ErrnoException;
}

function run(program: string, arguments_: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(program, arguments_, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The exit code decides; an 'error' on a stream with nobody listening would stop the process.
    child.stdout.on('error', () => {});
    child.stderr.on('error', () => {});
    child.on('error', (startError) =>
      resolve({ code: null, stdout, stderr, startError: startError }),
    );
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const NETWORK_ERROR_CODES =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|ENETUNREACH|EHOSTUNREACH/;

/** npm's own error line: from its `--json` error object, else the first `npm error` line. */
function npmFailure(label: string, result: RunResult): RegistryError {
  if (result.startError) {
    const message = `npm could not be started (${result.startError.code})`;
    return new RegistryError(message, message);
  }
  let message: string | undefined;
  let code = '';
  try {
    const parsed = JSON.parse(result.stdout) as { error?: { code?: string; summary?: string } };
    code = parsed.error?.code ?? '';
    if (parsed.error?.summary) message = `${code} ${parsed.error.summary.split('\n')[0]}`.trim();
  } catch {
    // Not JSON: the error output says it.
  }
  if (!message) {
    const lines = result.stderr
      .split('\n')
      .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
      .filter(Boolean);
    code = /^code (\S+)/.exec(lines[0] ?? '')?.[1] ?? code;
    message =
      lines.find((line) => !/^(code|errno|syscall) /.test(line)) ?? `exit code ${result.code}`;
  }
  const unreachable = NETWORK_ERROR_CODES.test(code) || NETWORK_ERROR_CODES.test(message);
  return new RegistryError(
    `npm pack ${label} failed: ${message}`,
    unreachable ? `the npm registry could not be reached (${code || 'network error'})` : undefined,
  );
}

/** pip's last `ERROR:` line, or what says pip or python3 is missing. */
function pipFailure(label: string, result: RunResult): RegistryError {
  if (result.startError) {
    const message = 'python3 is missing: install it with: apt-get install -y python3 python3-pip';
    return new RegistryError(message, message);
  }
  if (/No module named pip/.test(result.stderr)) {
    const message = `pip is missing: ${PIP_INSTALL_HINT}`;
    return new RegistryError(message, message);
  }
  const errors = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('ERROR:'))
    .map((line) => line.replace(/^ERROR:\s*/, ''));
  const unreachable =
    /NewConnectionError|Failed to establish a new connection|ConnectTimeout|Temporary failure in name resolution|Name or service not known/.test(
      result.stderr,
    );
  const message = errors.at(-1) ?? `exit code ${result.code}`;
  const unavailable = unreachable ? 'the Python package index could not be reached' : undefined;
  return new RegistryError(
    `pip download ${label} failed: ${unavailable ? `${unavailable}; ` : ''}${message}`,
    unavailable,
  );
}

/**
 * The package's archive in the downloads folder, fetched when it is not there yet. The client
 * writes into a fresh folder that is renamed into place only when it succeeded, so the downloads
 * folder never holds half a package.
 */
export async function fetchPackage(
  part: RegistryPart,
  downloadsDir: string,
  options: RegistryOptions = {},
): Promise<{ archive: string; fetched: boolean }> {
  const archive = archivePath(downloadsDir, part);
  if (existsSync(archive)) return { archive, fetched: false };
  await mkdir(join(downloadsDir, part.registry), { recursive: true });
  const incoming = await mkdtemp(join(downloadsDir, '.incoming-'));
  const label = packageLabel(part);
  try {
    if (part.registry === 'npm') {
      const result = await run('npm', [
        'pack',
        label,
        '--pack-destination',
        incoming,
        // A cache of its own, removed with the folder: the package is kept once, in downloads.
        '--cache',
        join(incoming, 'npm-cache'),
        '--json',
        '--loglevel=error',
        '--fetch-retries=1',
        '--fetch-retry-maxtimeout=10000',
        ...(options.npmRegistry ? ['--registry', options.npmRegistry] : []),
      ]);
      if (result.code !== 0) throw npmFailure(label, result);
    } else {
      const result = await run('python3', [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--only-binary=:all:',
        // pip's own cache would keep a second copy of every large wheel.
        '--no-cache-dir',
        '--disable-pip-version-check',
        '--retries',
        '2',
        '--timeout',
        '30',
        '-d',
        incoming,
        ...(options.pythonIndexUrl ? ['--index-url', options.pythonIndexUrl] : []),
        label,
      ]);
      if (result.code !== 0) throw pipFailure(label, result);
    }
    const extension = part.registry === 'npm' ? '.tgz' : '.whl';
    const found = (await readdir(incoming)).filter((name) => name.endsWith(extension));
    if (found.length !== 1) {
      throw new RegistryError(`${label}: expected one ${extension} file, found ${found.length}`);
    }
    await rename(join(incoming, found[0]!), archive);
    return { archive, fetched: true };
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

/** Unpacks a package's archive into `into` (emptied first): system tar, or Python's zipfile. */
export async function unpackPackage(
  part: RegistryPart,
  archive: string,
  into: string,
): Promise<void> {
  await rm(into, { recursive: true, force: true });
  await mkdir(into, { recursive: true });
  const result =
    part.registry === 'npm'
      ? await run('tar', ['-xzf', archive, '-C', into])
      : await run('python3', ['-m', 'zipfile', '-e', archive, into]);
  if (result.code !== 0) {
    const why = result.startError?.code ?? result.stderr.trim().split('\n').at(-1);
    throw new RegistryError(`could not unpack ${packageLabel(part)} (${why})`);
  }
}

async function largestFile(folder: string): Promise<string | undefined> {
  let best: { path: string; size: number } | undefined;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    if (!best || size > best.size) best = { path, size };
  }
  return best?.path;
}

/** The part's file in the unpacked package: its member, or a wheel's one large data file. */
export async function partFile(part: RegistryPart, unpacked: string): Promise<string> {
  const path = part.member
    ? join(unpacked, part.registry === 'npm' ? 'package' : '', part.member)
    : await largestFile(unpacked);
  if (!path || !existsSync(path)) {
    throw new RegistryError(
      `${packageLabel(part)} has no ${part.member ?? 'data file'}: a different package than expected`,
    );
  }
  return path;
}
