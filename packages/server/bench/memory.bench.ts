/**
 * Peak memory of the server with every engine loaded (target: under 3.5 GB with the default text
 * model). Starts the real
 * server in a child process with a temporary DATA_DIR, exercises each capability once through
 * HTTP, watches /api/health's answer time while a text generation runs (target: under 100 ms),
 * and reads the child's peak resident memory (VmHWM) from /proc.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  API_PATHS,
  DURATIONS,
  PLATFORMS,
  SCRIPT_TOPIC_NAMES,
  SPEECH_UPLOAD_FIELD,
  VOICES,
  type HealthResponse,
} from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { findTextModel } from '../src/providers/local/text/index.ts';
import { POCKETSPHINX_TEST_DATA } from '../test/helpers/local-engines.ts';
import { writeTinyGguf, type TinyModelShape } from '../test/helpers/tiny-gguf.ts';

const SERVER_ENTRY = resolve(import.meta.dirname, '../src/server.ts');
const RECORDING = join(
  POCKETSPHINX_TEST_DATA,
  'librivox/sense_and_sensibility_01_austen_64kb-0870.wav',
);
/** About the size of the default text model's file (428 MB), so memory is comparable. */
const STAND_IN_SHAPE: TinyModelShape = {
  embeddingLength: 512,
  blockCount: 24,
  feedForwardLength: 2048,
  headCount: 8,
  contextLength: 4096,
  seed: 13,
};

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peakMegabytes: field('VmHWM') / 1024, currentMegabytes: field('VmRSS') / 1024 };
}

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  return { result, milliseconds: performance.now() - started };
}

const config = loadConfig();
const scratch = mkdtempSync(join(tmpdir(), 'memory-bench-'));
const environment: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  AI_PROVIDER: 'local',
  DATA_DIR: join(scratch, 'data'),
  TEMP_DIR: join(scratch, 'temporary'),
};
mkdirSync(environment.DATA_DIR!, { recursive: true });

const realModel = findTextModel({
  modelsDir: config.MODELS_DIR,
  textModel: config.TEXT_MODEL,
});
if (realModel) {
  console.log(`Text model: ${realModel}`);
} else {
  environment.TEXT_MODEL = writeTinyGguf(join(scratch, 'stand-in.gguf'), STAND_IN_SHAPE);
  console.log(
    'No text model in MODELS_DIR: a random stand-in GGUF of about the default model’s size (F32, 24 layers x 512) takes its place.',
  );
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const startedAt = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
  env: { ...environment, PORT: String(port) },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  let health: HealthResponse | undefined;
  while (!health) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (performance.now() - startedAt > 120_000)
      throw new Error('the server did not start in 2 minutes');
    health = await fetch(`${base}${API_PATHS.health}`)
      .then((response) => (response.ok ? (response.json() as Promise<HealthResponse>) : undefined))
      .catch(() => undefined);
    if (!health) await new Promise((done) => setTimeout(done, 200));
  }
  console.log(`Server ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; engines:`);
  for (const [capability, status] of Object.entries(health.engines)) {
    console.log(
      `  ${capability.padEnd(14)} ${status.engine} (${status.tier}${status.ready ? '' : ', not ready'})`,
    );
  }
  console.log(`  after start-up: ${memoryOf(child.pid!).currentMegabytes.toFixed(0)} MB resident`);

  const speech = await timed(() =>
    fetch(`${base}${API_PATHS.textToSpeech}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'The lighthouse keeper climbed the stairs every evening at six o’clock.',
        voice: VOICES[0],
        speed: 1,
        outputFormat: 'mp3',
      }),
    }),
  );
  console.log(
    `  text to speech: HTTP ${speech.result.status} in ${speech.milliseconds.toFixed(0)} ms`,
  );

  const upload = new FormData();
  upload.append(
    SPEECH_UPLOAD_FIELD,
    new Blob([readFileSync(RECORDING)], { type: 'audio/wav' }),
    'recording.wav',
  );
  const transcription = await timed(() =>
    fetch(`${base}${API_PATHS.speechToText}`, { method: 'POST', body: upload }),
  );
  console.log(
    `  speech to text: HTTP ${transcription.result.status} in ${transcription.milliseconds.toFixed(0)} ms`,
  );

  // The event loop must stay free while the model works: time /api/health during a generation.
  let writing = true;
  const healthTimes: number[] = [];
  const poll = (async () => {
    while (writing) {
      const { milliseconds } = await timed(() =>
        fetch(`${base}${API_PATHS.health}`).then((r) => r.json()),
      );
      healthTimes.push(milliseconds);
      await new Promise((done) => setTimeout(done, 50));
    }
  })();
  const script = await timed(() =>
    fetch(`${base}${API_PATHS.generateScript}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        topic: SCRIPT_TOPIC_NAMES[0],
        platform: PLATFORMS[0],
        duration: DURATIONS[2],
      }),
    }),
  );
  writing = false;
  await poll;
  console.log(
    `  video script:   HTTP ${script.result.status} in ${script.milliseconds.toFixed(0)} ms`,
  );
  if (healthTimes.length > 0) {
    const sorted = [...healthTimes].sort((a, b) => a - b);
    console.log(
      `  /api/health during the generation: ${sorted.length} calls, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms (target < 100 ms)`,
    );
  }

  const memory = memoryOf(child.pid!);
  console.log(
    `Peak resident memory (VmHWM) with every engine loaded: ${memory.peakMegabytes.toFixed(0)} MB (target < 3584 MB, issue 10); now ${memory.currentMegabytes.toFixed(0)} MB`,
  );
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(scratch, { recursive: true, force: true });
}
