/**
 * Runs ffmpeg or ffprobe as a child process: input through stdin, output from stdout, killed at
 * once when the signal aborts so a visitor who leaves frees the CPU.
 */
import { spawn } from 'node:child_process';
import { GenerationAbortedError } from '../providers/errors.ts';

export interface RunOptions {
  /** Bytes written to the process's stdin; without them stdin is closed at once. */
  input?: Buffer;
  signal?: AbortSignal;
}

/** The tail of stderr kept for the log when a process fails. */
const STDERR_KEPT_CHARACTERS = 2000;

export class AudioProcessError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${command} exited with code ${exitCode}: ${stderr.trim().slice(-500)}`);
    this.name = 'AudioProcessError';
  }
}

export function runProcess(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<Buffer> {
  const { input, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new GenerationAbortedError());
      return;
    }
    const child = spawn(command, args, {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    let stderr = '';
    let settled = false;

    const finish = (error: Error | null, result?: Buffer) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(result ?? Buffer.alloc(0));
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(new GenerationAbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT_CHARACTERS);
    });
    child.on('error', (error) => finish(error));
    child.on('close', (exitCode) => {
      if (exitCode === 0) finish(null, Buffer.concat(output));
      else finish(new AudioProcessError(command, exitCode, stderr));
    });

    if (input && child.stdin) {
      // The process may exit before reading everything (a bad input); its exit code tells why.
      child.stdin.on('error', () => {});
      child.stdin.end(input);
    }
  });
}
