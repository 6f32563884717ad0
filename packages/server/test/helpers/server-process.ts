/**
 * The server as a real child process, started as `npm start` starts it (src/server.ts), with its
 * data and temporary folders under `scratch`. Its steps are read from its log, never timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/config.ts';

const SERVER_ENTRY = resolve(REPOSITORY_ROOT, 'packages/server/src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the server has printed so far. */
  output: () => string;
  /** The first match of `pattern` in the server's output; rejects if the server exits first. */
  logged: (pattern: RegExp) => Promise<RegExpExecArray>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

export async function startServerProcess(
  scratch: string,
  environment: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: join(scratch, 'data'),
      TEMP_DIR: join(scratch, 'temp'),
      WEB_DIST_DIR: join(scratch, 'no-website'),
      REDIS_URL: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const checks: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of checks) check();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  const logged = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolveMatch, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) resolveMatch(match);
      };
      checks.push(check);
      check();
      void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  const [, port] = await logged(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
  return { child, port: Number(port), output: () => output, logged, exited };
}
