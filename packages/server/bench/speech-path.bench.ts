/**
 * What one long speech request costs the server and the wire (issue 23, item 5): a 5,000-character
 * text asked as the page asks it (streamed, captions on), with the real Kokoro engine behind the
 * real server on loopback, once in WAV and once in MP3. For each it counts the espeak-ng and ffmpeg
 * runs (each a fork of the whole server, test/helpers/program-runs.ts), the bytes of the
 * event-stream body (the audio pieces and the final `result` apart), and the event loop's delay
 * while the request runs (monitorEventLoopDelay). Prints figures and fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ChildProcess } from 'node:child_process';
import { API_PATHS, EVENT_STREAM_MEDIA_TYPE, type OutputFormat } from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { makeApp } from '../test/helpers/app.ts';
import { countProgramRuns } from '../test/helpers/program-runs.ts';
import { record } from './record.ts';

const PARAGRAPH =
  'Our small bakery opens at six every morning. We bake fresh bread, soft rolls and a few sweet ' +
  'pastries; then we put the coffee on and unlock the door. The first neighbours wait in the ' +
  'cold street with their dogs and their newspapers! By eight the shelves are half empty, and ' +
  'the baker starts a second batch of the seeded loaves that sell out every day. Why do they ' +
  'sell so well? Nobody knows, not even the baker. At noon the school children come for cheese ' +
  'rolls, and in the afternoon the shop is quiet again. ';
const CHARACTERS = 5000;
const PROGRAMS = ['espeak-ng', 'ffmpeg'] as const;
const FORMATS: OutputFormat[] = ['wav', 'mp3'];

/** The text cut at the last sentence end within `characters`. */
function textOf(characters: number): string {
  let text = '';
  while (text.length < characters) text += PARAGRAPH;
  const cut = text.slice(0, characters);
  return cut.slice(0, cut.lastIndexOf('.') + 1);
}

/** The streamed answer's body, and how its bytes split between the audio pieces and the result. */
function streamedRequest(
  port: number,
  payload: object,
): Promise<{ totalBytes: number; audioBytes: number; resultBytes: number; pieces: number }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: API_PATHS.textToSpeech,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: EVENT_STREAM_MEDIA_TYPE,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const blocks = text.split('\n\n').filter((block) => block.trim());
          const bytesOf = (event: string) =>
            blocks
              .filter((block) => block.startsWith(`event: ${event}\n`))
              .reduce((total, block) => total + Buffer.byteLength(block) + 2, 0);
          if (!blocks.some((block) => block.startsWith('event: result\n'))) {
            reject(new Error(`No result: ${text.slice(-300)}`));
            return;
          }
          resolve({
            totalBytes: Buffer.concat(chunks).length,
            audioBytes: bytesOf('audio'),
            resultBytes: bytesOf('result'),
            pieces: blocks.filter((block) => block.startsWith('event: audio\n')).length,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * How long each process start held the event loop: Node forks the server inside spawn(), and a
 * fork copies the page tables of its whole memory, models included, before the loop goes on.
 */
const spawnMilliseconds: number[] = [];
/** The method spawn() starts the child with (not in Node's types). */
const childPrototype = ChildProcess.prototype as unknown as {
  spawn: (this: ChildProcess, options: unknown) => unknown;
};
const spawnChild = childPrototype.spawn;
childPrototype.spawn = function timedSpawn(this: ChildProcess, options: unknown) {
  const started = performance.now();
  try {
    return spawnChild.call(this, options);
  } finally {
    spawnMilliseconds.push(performance.now() - started);
  }
};

/** The longest event-loop pause while idle: what the machine's other load alone causes. */
async function idlePauseMilliseconds(milliseconds: number): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, milliseconds));
  delay.disable();
  return delay.max / 1e6;
}

const megabytes = (bytes: number) => bytes / 1e6;
const residentMegabytes = () => process.memoryUsage().rss / 1e6;

const folder = mkdtempSync(join(tmpdir(), 'speech-path-bench-'));
const shim = countProgramRuns(PROGRAMS);
try {
  console.log(
    `Load average at start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const speech = await createLocalSpeechSynthesizer({
    modelsDir: loadConfig().MODELS_DIR,
    temporaryDirectory: folder,
  });
  if (speech.status().tier !== 'neural') throw new Error('No Kokoro files: run `npm run models`.');
  const app = await makeApp({
    providers: {
      speech,
      text: unavailableEngine('No text engine in this bench.'),
      transcription: unavailableEngine('No transcription in this bench.'),
    },
    // A shared machine may take longer than the default ten minutes over 5,000 characters.
    env: { TEMP_DIR: folder, REQUEST_TIMEOUT_MS: String(60 * 60_000) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  // One synthesis first, so the figures do not pay for loading the voice.
  await streamedRequest(address.port, { text: 'Ready.', voice: 'alloy', captions: true });

  record({
    name: 'idle event loop delay max (5 s)',
    value: await idlePauseMilliseconds(5000),
    unit: 'ms',
  });
  const text = textOf(CHARACTERS);
  for (const format of FORMATS) {
    spawnMilliseconds.length = 0;
    const runsBefore = Object.fromEntries(PROGRAMS.map((program) => [program, shim.runs(program)]));
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const started = performance.now();
    delay.enable();
    const bytes = await streamedRequest(address.port, {
      text,
      voice: 'alloy',
      speed: 1,
      outputFormat: format,
      captions: true,
    });
    delay.disable();
    const label = `${text.length} characters, ${format}, streamed with captions`;
    console.log(`${label}:`);
    record({ name: `${label}: time`, value: (performance.now() - started) / 1000, unit: 's' });
    record({ name: `${label}: audio pieces`, value: bytes.pieces });
    for (const program of PROGRAMS) {
      const runs = shim.runs(program) - (runsBefore[program] ?? 0);
      record({ name: `${label}: ${program} runs`, value: runs });
    }
    record({
      name: `${label}: event loop held by process starts, total`,
      value: spawnMilliseconds.reduce((total, each) => total + each, 0),
      unit: 'ms',
    });
    record({
      name: `${label}: event loop held by one process start, longest`,
      value: Math.max(0, ...spawnMilliseconds),
      unit: 'ms',
    });
    record({ name: `${label}: event stream`, value: megabytes(bytes.totalBytes), unit: 'MB' });
    record({ name: `${label}: audio events`, value: megabytes(bytes.audioBytes), unit: 'MB' });
    record({ name: `${label}: result event`, value: megabytes(bytes.resultBytes), unit: 'MB' });
    record({ name: `${label}: event loop delay max`, value: delay.max / 1e6, unit: 'ms' });
    record({
      name: `${label}: event loop delay p99`,
      value: delay.percentile(99) / 1e6,
      unit: 'ms',
    });
    record({ name: `${label}: event loop delay mean`, value: delay.mean / 1e6, unit: 'ms' });
    record({ name: `${label}: resident memory`, value: residentMegabytes(), unit: 'MB' });
  }
  await app.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
  shim.remove();
}
