/**
 * The one way the server runs a program: the classic engines (festival, flite, espeak-ng,
 * pocketsphinx) and ffmpeg/ffprobe. They are separate programs, so the event loop stays free while
 * they work, and an abort kills the child at once so its CPU is freed. A run settles only after
 * the child has exited, so a caller that sees a rejection knows the process is gone and can remove
 * its temporary files. Also holds the start-up checks that say whether an engine's programs and
 * files are installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { GenerationAbortedError, ProviderFailedError } from './errors.ts';

export interface EngineRunOptions {
  signal?: AbortSignal;
  /** Bytes written to the child's stdin, which is then closed. */
  input?: Buffer | string;
  /** What a visitor reads when the engine fails; the engine's own output goes in `cause`. */
  failureMessage: string;
  /**
   * Takes the child's stdout as it comes, instead of the run collecting it: a caller that stores
   * it in its own place (decoded audio) then holds one copy rather than two.
   */
  onOutput?: (chunk: Buffer) => void;
}

/**
 * The program ran and exited with an error, as opposed to not starting at all. For ffprobe and
 * ffmpeg reading an upload, that is a sign of a bad file rather than a server fault.
 */
export class ProgramExitedError extends ProviderFailedError {}

/** Keeps the end of the engine's error output for the log, never the whole stream. */
const STDERR_KEPT_CHARACTERS = 4096;

/**
 * A started engine: run once with `finish`, or kept running across jobs (festival, which reads one
 * job after another from stdin and signals each end with `waitForErrorOutput`).
 */
export class EngineProcess {
  private readonly child: ChildProcess;
  private readonly output: Buffer[] = [];
  private errorOutput = '';
  /** The program could not start, or its output could not be read. */
  private runError: Error | undefined;
  private readonly exit: Promise<number | string | null>;
  private exited = false;

  constructor(
    private readonly command: string,
    args: readonly string[],
    options: {
      keepStdinOpen?: boolean;
      discardOutput?: boolean;
      onOutput?: (chunk: Buffer) => void;
    } = {},
  ) {
    this.child = spawn(command, args, {
      stdio: [options.keepStdinOpen ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    // A long-lived engine's stdout is still read, or the pipe would fill and stall it.
    this.child.stdout?.on('data', (chunk: Buffer) => {
      if (options.onOutput) options.onOutput(chunk);
      else if (!options.discardOutput) this.output.push(chunk);
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.errorOutput = (this.errorOutput + chunk.toString('utf8')).slice(-STDERR_KEPT_CHARACTERS);
    });
    // A child that exits early closes its stdin; its exit code reports that instead.
    this.child.stdin?.on('error', () => {});
    // A failed read of its output means the output is incomplete: the run fails rather than
    // return it, and an 'error' nobody listens to would stop the whole server.
    const fail = (error: Error) => {
      this.runError ??= error;
    };
    this.child.stdout?.on('error', fail);
    this.child.stderr?.on('error', fail);
    this.child.on('error', fail);
    this.exit = new Promise((resolve) => {
      this.child.on('close', (code, killedBy) => {
        this.exited = true;
        resolve(code ?? killedBy);
      });
    });
  }

  /** Still running and reading its stdin. */
  get running(): boolean {
    return !this.exited && this.runError === undefined && this.child.stdin?.writable === true;
  }

  /** Writes commands without closing stdin, for a warm process that prepares itself. */
  write(text: string): void {
    this.child.stdin?.write(text);
  }

  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exit;
  }

  /** Gives the process its input (if any), waits for it to exit and returns its stdout. */
  async finish(options: EngineRunOptions): Promise<Buffer> {
    const { signal, input, failureMessage } = options;
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      this.child.kill('SIGKILL');
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    if (this.child.stdin) {
      if (input !== undefined && !aborted) this.child.stdin.end(input);
      else this.child.stdin.end();
    }
    const code = await this.exit;
    signal?.removeEventListener('abort', onAbort);
    if (aborted) throw new GenerationAbortedError();
    if (this.runError) throw new ProviderFailedError(failureMessage, { cause: this.runError });
    if (code !== 0) {
      const detail = `${this.command} exited with ${code}: ${this.errorOutput.trim()}`;
      throw new ProgramExitedError(failureMessage, { cause: new Error(detail) });
    }
    return Buffer.concat(this.output);
  }

  /**
   * For a process that keeps running between jobs: resolves once its error output (unbuffered,
   * unlike its stdout) includes `marker`. An abort kills the process; so does nothing else.
   */
  async waitForErrorOutput(
    marker: string,
    options: Omit<EngineRunOptions, 'input'>,
  ): Promise<void> {
    const { signal, failureMessage } = options;
    let onData = () => {};
    let onAbort = () => {};
    const found = new Promise<'found'>((resolve) => {
      onData = () => {
        if (this.errorOutput.includes(marker)) resolve('found');
      };
    });
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
    });
    this.child.stderr?.on('data', onData);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    onData();
    try {
      const outcome = await Promise.race([found, aborted, this.exit.then(() => 'exited' as const)]);
      if (outcome === 'found') return;
      if (outcome === 'aborted') {
        await this.kill();
        throw new GenerationAbortedError();
      }
      const detail = this.runError?.message ?? `${this.command} exited: ${this.errorOutput.trim()}`;
      throw new ProviderFailedError(failureMessage, { cause: new Error(detail) });
    } finally {
      this.child.stderr?.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

export function runEngineProcess(
  command: string,
  args: readonly string[],
  options: EngineRunOptions,
): Promise<Buffer> {
  if (options.signal?.aborted) return Promise.reject(new GenerationAbortedError());
  return new EngineProcess(command, args, {
    keepStdinOpen: options.input !== undefined,
    onOutput: options.onOutput,
  }).finish(options);
}

function isAccessible(path: string, mode = constants.F_OK): Promise<boolean> {
  return access(path, mode).then(
    () => true,
    () => false,
  );
}

/** The programs of `names` that are not on the PATH, so a missing package is reported at start-up. */
export async function missingPrograms(names: readonly string[]): Promise<string[]> {
  // PATH is where spawn() itself looks, not a setting of this app, so config.ts does not own it.
  // eslint-disable-next-line no-restricted-properties -- the operating system's search path
  const folders = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const found = await Promise.all(
    names.map(async (name) => {
      for (const folder of folders) {
        if (await isAccessible(join(folder, name), constants.X_OK)) return true;
      }
      return false;
    }),
  );
  return names.filter((_, index) => !found[index]);
}

/** Whether every one of an engine's files or folders is on disk, checked once at start-up. */
export async function allExist(paths: readonly string[]): Promise<boolean> {
  const found = await Promise.all(paths.map((path) => isAccessible(path)));
  return found.every(Boolean);
}
