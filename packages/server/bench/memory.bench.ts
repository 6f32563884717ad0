/**
 * Memory of the real server, started in a child process with a temporary DATA_DIR: first with the
 * speech engines alone (Kokoro and Whisper; target under 1.5 GB, ADR 031), then with every engine
 * (target under 3.5 GB with the default text model, ADR 029). Each capability runs through HTTP
 * while /api/health is timed (target under 100 ms), and the child's resident memory (VmRSS) and
 * peak (VmHWM) are read from /proc.
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
import { record } from './record.ts';

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
const textModelEnvironment: Record<string, string> = {};
if (realModel) {
  console.log(`Text model: ${realModel}`);
} else {
  textModelEnvironment.TEXT_MODEL = writeTinyGguf(join(scratch, 'stand-in.gguf'), STAND_IN_SHAPE);
  console.log(
    'No text model in MODELS_DIR: a random stand-in GGUF of about the default model’s size (F32, 24 layers x 512) takes its place.',
  );
}

interface RunningServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** `stage` names the server's figures in the record: "speech engines", "every engine". */
async function startServer(
  stage: string,
  extraEnvironment: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...environment, ...extraEnvironment, PORT: String(port) },
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
    return { base, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Times /api/health every 50 ms while `work` runs (target: under 100 ms). */
async function healthDuring<T>(
  base: string,
  stage: string,
  label: string,
  work: () => Promise<T>,
): Promise<T> {
  let working = true;
  const healthTimes: number[] = [];
  const failures: string[] = [];
  const poll = (async () => {
    while (working) {
      try {
        const { milliseconds } = await timed(() =>
          fetch(`${base}${API_PATHS.health}`).then((r) => r.json()),
        );
        healthTimes.push(milliseconds);
      } catch (error) {
        // A kept-alive socket the server has just closed: counted, and the next call opens another.
        failures.push(String((error as Error).cause ?? error));
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  })();
  try {
    return await work();
  } finally {
    working = false;
    await poll;
    const sorted = [...healthTimes].sort((a, b) => a - b);
    if (sorted.length > 0) {
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const worst = sorted.at(-1)!;
      console.log(
        `  /api/health during the ${label}: ${sorted.length} calls, median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (target < 100 ms)`,
      );
      const name = `${stage}: /api/health during the ${label}`;
      record({ name: `${name}, median`, value: median, unit: 'ms' }, { print: false });
      record(
        { name: `${name}, worst`, value: worst, unit: 'ms', target: '< 100 ms' },
        { print: false },
      );
    }
    if (failures.length > 0)
      console.log(`  ${failures.length} health calls failed: ${[...new Set(failures)].join('; ')}`);
  }
}

async function speakAndTranscribe(base: string, stage: string) {
  const speech = await healthDuring(base, stage, 'synthesis', () =>
    timed(() =>
      fetch(`${base}${API_PATHS.textToSpeech}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text:
            'The lighthouse keeper climbed the stairs every evening at six o’clock. ' +
            'From the top he could see the fishing boats coming home, one light after another, ' +
            'and the long line of the coast fading into the dark.',
          voice: VOICES[0],
          speed: 1,
          outputFormat: 'mp3',
        }),
      }),
    ),
  );
  console.log(
    `  text to speech: HTTP ${speech.result.status} in ${speech.milliseconds.toFixed(0)} ms`,
  );
  record(
    { name: `${stage}: text to speech answer time`, value: speech.milliseconds, unit: 'ms' },
    { print: false },
  );

  const upload = new FormData();
  upload.append(
    SPEECH_UPLOAD_FIELD,
    new Blob([readFileSync(RECORDING)], { type: 'audio/wav' }),
    'recording.wav',
  );
  const transcription = await healthDuring(base, stage, 'transcription', () =>
    timed(() => fetch(`${base}${API_PATHS.speechToText}`, { method: 'POST', body: upload })),
  );
  console.log(
    `  speech to text: HTTP ${transcription.result.status} in ${transcription.milliseconds.toFixed(0)} ms`,
  );
  record(
    { name: `${stage}: speech to text answer time`, value: transcription.milliseconds, unit: 'ms' },
    { print: false },
  );
}

try {
  console.log('\n1. The speech engines alone (Kokoro and Whisper; no text model)');
  const speechServer = await startServer('speech engines', {
    TEXT_MODEL: join(scratch, 'no-text-model.gguf'),
  });
  try {
    await speakAndTranscribe(speechServer.base, 'speech engines, round 1');
    await speakAndTranscribe(speechServer.base, 'speech engines, round 2');
    const memory = memoryOf(speechServer.pid);
    console.log(
      `Resident memory with the speech and transcription engines loaded: ${memory.currentMegabytes.toFixed(0)} MB after two rounds, peak (VmHWM) ${memory.peakMegabytes.toFixed(0)} MB (target < 1536 MB)`,
    );
    record(
      {
        name: 'speech engines: resident memory after two rounds',
        value: memory.currentMegabytes,
        unit: 'MB',
      },
      { print: false },
    );
    record(
      {
        name: 'speech engines: peak resident memory (VmHWM)',
        value: memory.peakMegabytes,
        unit: 'MB',
        target: '< 1536 MB',
      },
      { print: false },
    );
  } finally {
    await speechServer.stop();
  }

  console.log('\n2. Every engine, with the text model');
  const server = await startServer('every engine', textModelEnvironment);
  try {
    await speakAndTranscribe(server.base, 'every engine');
    const script = await healthDuring(server.base, 'every engine', 'generation', () =>
      timed(() =>
        fetch(`${server.base}${API_PATHS.generateScript}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            topic: SCRIPT_TOPIC_NAMES[0],
            platform: PLATFORMS[0],
            duration: DURATIONS[2],
          }),
        }),
      ),
    );
    console.log(
      `  video script:   HTTP ${script.result.status} in ${script.milliseconds.toFixed(0)} ms`,
    );
    record(
      { name: 'every engine: video script answer time', value: script.milliseconds, unit: 'ms' },
      { print: false },
    );
    const memory = memoryOf(server.pid);
    console.log(
      `Peak resident memory (VmHWM) with every engine loaded: ${memory.peakMegabytes.toFixed(0)} MB (target < 3584 MB); now ${memory.currentMegabytes.toFixed(0)} MB`,
    );
    record(
      {
        name: 'every engine: peak resident memory (VmHWM)',
        value: memory.peakMegabytes,
        unit: 'MB',
        target: '< 3584 MB',
      },
      { print: false },
    );
    record(
      {
        name: 'every engine: resident memory at the end',
        value: memory.currentMegabytes,
        unit: 'MB',
      },
      { print: false },
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
