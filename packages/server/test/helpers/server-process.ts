/**
 * The server as a real child process, started as `npm start` starts it (src/server.ts), with its
 * data and temporary folders under `scratch`; and an AI worker as `npm run worker` starts it
 * (src/worker.ts). Their steps are read from their logs, never timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/config.ts';

const SERVER_ENTRY = resolve(REPOSITORY_ROOT, 'packages/server/src/server.ts');
const WORKER_ENTRY = resolve(REPOSITORY_ROOT, 'packages/server/src/worker.ts');

export interface NodeProcess {
  child: ChildProcess;
  /** Everything the server has printed so far. */
  output: () => string;
  /** The first match of `pattern` in the server's output; rejects if the server exits first. */
  logged: (pattern: RegExp) => Promise<RegExpExecArray>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

export interface ServerProcess extends NodeProcess {
  port: number;
}

export interface WorkerProcess extends NodeProcess {
  /** The worker's node id on the Relay, as it logs it when ready. */
  id: string;
}

export async function startServerProcess(
  scratch: string,
  environment: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = startNodeProcess(SERVER_ENTRY, scratch, environment);
  const [, port] = await server.logged(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
  return { ...server, port: Number(port) };
}

/** A worker whose engines have loaded and which takes jobs. */
export async function startWorkerProcess(
  scratch: string,
  environment: Record<string, string>,
): Promise<WorkerProcess> {
  const worker = startNodeProcess(WORKER_ENTRY, scratch, environment);
  const [, id] = await worker.logged(/"worker":"(\w+)"[^\n]*AI worker ready/);
  return { ...worker, id: id! };
}

function startNodeProcess(
  entry: string,
  scratch: string,
  environment: Record<string, string>,
): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
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
  return { child, output: () => output, logged, exited };
}
