/**
 * The real server in a child process, as the memory benchmarks measure it: started as `npm start`
 * starts it (the memory allocator of ADR 046 included), with a temporary DATA_DIR, and its resident
 * memory (VmRSS) and peak (VmHWM) read from /proc.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { API_PATHS, type HealthResponse } from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { ALLOCATOR_ENVIRONMENT } from '../src/memory-allocator.ts';
import { findTextModel } from '../src/providers/local/text/index.ts';
import { writeTinyGguf, type TinyModelShape } from '../test/helpers/tiny-gguf.ts';
import { record } from './record.ts';

const SERVER_ENTRY = resolve(import.meta.dirname, '../src/server.ts');
/** About the size of the default text model's file (428 MB), so memory is comparable. */
const STAND_IN_SHAPE: TinyModelShape = {
  embeddingLength: 512,
  blockCount: 24,
  feedForwardLength: 2048,
  headCount: 8,
  contextLength: 4096,
  seed: 13,
};

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peakMegabytes: field('VmHWM') / 1024, currentMegabytes: field('VmRSS') / 1024 };
}

/** Starts the process's peak (VmHWM) again from its resident memory now (Linux's clear_refs). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * The text model's settings: the configured model when it is in MODELS_DIR, else a random
 * stand-in GGUF of about the default model's size written into `scratch`.
 */
export function textModelEnvironment(scratch: string): Record<string, string> {
  const config = loadConfig();
  const realModel = findTextModel({ modelsDir: config.MODELS_DIR, textModel: config.TEXT_MODEL });
  if (realModel) {
    console.log(`Text model: ${realModel}`);
    return {};
  }
  console.log(
    'No text model in MODELS_DIR: a random stand-in GGUF of about the default model’s size (F32, 24 layers x 512) takes its place.',
  );
  return { TEXT_MODEL: writeTinyGguf(join(scratch, 'stand-in.gguf'), STAND_IN_SHAPE) };
}

export interface RunningServer {
  base: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the server in `scratch` (its DATA_DIR and TEMP_DIR) and waits for /api/health.
 * `stage` names its figures in the record: "speech engines", "every engine".
 */
export async function startServer(
  stage: string,
  scratch: string,
  extraEnvironment: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDirectory = join(scratch, 'data');
  mkdirSync(dataDirectory, { recursive: true });
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      ...ALLOCATOR_ENVIRONMENT,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      AI_PROVIDER: 'local',
      DATA_DIR: dataDirectory,
      TEMP_DIR: join(scratch, 'temporary'),
      ...extraEnvironment,
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    let health: HealthResponse | undefined;
    while (!health) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      if (performance.now() - startedAt > 120_000)
        throw new Error('the server did not start in 2 minutes');
      health = await fetch(`${base}${API_PATHS.health}`)
        .then((response) =>
          response.ok ? (response.json() as Promise<HealthResponse>) : undefined,
        )
        .catch(() => undefined);
      if (!health) await new Promise((done) => setTimeout(done, 200));
    }
    const readySeconds = (performance.now() - startedAt) / 1000;
    console.log(`Server ready in ${readySeconds.toFixed(1)} s; engines:`);
    record({ name: `${stage}: server ready`, value: readySeconds, unit: 's' }, { print: false });
    for (const [capability, status] of Object.entries(health.engines)) {
      console.log(
        `  ${capability.padEnd(14)} ${status.engine} (${status.tier}${status.ready ? '' : ', not ready'})`,
      );
    }
    const startUpMegabytes = memoryOf(child.pid!).currentMegabytes;
    console.log(`  after start-up: ${startUpMegabytes.toFixed(0)} MB resident`);
    record(
      { name: `${stage}: resident memory after start-up`, value: startUpMegabytes, unit: 'MB' },
      { print: false },
    );
    return { base, port, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface PlainAnswer {
  status: number;
  body: Buffer;
}

/**
 * One POST over its own connection from `localAddress` (127.0.0.x: each a visitor of its own),
 * with no time limit: how long the work takes is what it is, and the server's own limits apply.
 */
export function post(
  server: RunningServer,
  path: string,
  body: Buffer | string,
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}
