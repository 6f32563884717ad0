/**
 * Memory of the real server, started in a child process with a temporary DATA_DIR: first with the
 * speech engines alone (Kokoro and Whisper; target under 1.5 GB, ADR 031), then with every engine
 * (target under 3.5 GB with the default text model, ADR 029). Each capability runs through HTTP
 * while /api/health is timed (target under 100 ms), and the child's resident memory (VmRSS) and
 * peak (VmHWM) are read from /proc.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_PATHS,
  DURATIONS,
  PLATFORMS,
  SCRIPT_TOPIC_NAMES,
  SPEECH_UPLOAD_FIELD,
  VOICES,
} from '@ai-tools/contracts';
import { POCKETSPHINX_TEST_DATA } from '../test/helpers/local-engines.ts';
import { record } from './record.ts';
import { memoryOf, startServer, textModelEnvironment } from './server-process.ts';

const RECORDING = join(
  POCKETSPHINX_TEST_DATA,
  'librivox/sense_and_sensibility_01_austen_64kb-0870.wav',
);

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  return { result, milliseconds: performance.now() - started };
}

const scratch = mkdtempSync(join(tmpdir(), 'memory-bench-'));

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
  const speechServer = await startServer('speech engines', join(scratch, 'speech'), {
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
  const server = await startServer(
    'every engine',
    join(scratch, 'every'),
    textModelEnvironment(scratch),
  );
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
