/**
 * Peak memory of the real server with every engine loaded (issue 19, ADR 046), under the heaviest
 * request each tool takes, one tool at a time, and then under a mixed burst of them at once: the
 * longest speech at the slowest speed the model itself makes, a 10-minute transcription, a
 * 1,000-word story and a blog. Target: the process's peak resident memory (VmHWM) under 3.5 GiB
 * (3584 MB) in every case.
 *
 * Every request runs to its end: the server's request and writer time limits are lifted here, as
 * they would otherwise cut the work short and hide the memory it takes. Each request comes from an
 * address of its own (127.0.0.x), as separate visitors do. The peak is started again before each
 * case (/proc/PID/clear_refs), so each case's figure is its own; it is the higher of VmHWM and the
 * resident memory read every 50 ms.
 *
 * MEMORY_CASES picks cases (comma separated: speech, transcription, story, blog, script, burst);
 * by default all run, which takes about half an hour on an idle 2-core machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_PATHS,
  DURATIONS,
  LIMITS,
  PLATFORMS,
  SCRIPT_TOPIC_NAMES,
  SPEECH_UPLOAD_FIELD,
  STORY_LENGTHS,
} from '@ai-tools/contracts';
import { estimateSpeechSeconds } from '../src/features/text-to-speech/service.ts';
import { POCKETSPHINX_TEST_DATA } from '../test/helpers/local-engines.ts';
import { record } from './record.ts';
import {
  memoryOf,
  post,
  resetPeak,
  startServer,
  textModelEnvironment,
  type PlainAnswer,
  type RunningServer,
} from './server-process.ts';

const TARGET_MEGABYTES = 3584;
/** The slowest speed Kokoro makes itself, so each model run makes the most audio (slower is stretched). */
const SLOWEST_MODEL_SPEED = 0.5;
const TRANSCRIPTION_SECONDS = LIMITS.audioMaxSeconds;

const SPEECH_SENTENCES = [
  'The lighthouse keeper climbed the stairs every evening at six, and from the top he could see the fishing boats coming home, one light after another.',
  'Nobody in the village remembered a night when the lamp had not been lit.',
  'In winter the waves broke over the rocks below, and the salt spray reached the windows of the lamp room.',
  'He kept a small notebook in which he wrote the name of every boat, the time it passed, and the weather.',
];

/** The longest text the duration limit lets through at `speed`, in whole sentences. */
function longestSpeechText(speed: number): string {
  const sentences: string[] = [];
  for (let index = 0; ; index++) {
    const next = [...sentences, SPEECH_SENTENCES[index % SPEECH_SENTENCES.length]!].join(' ');
    if (
      next.length > LIMITS.textToSpeechMaxCharacters ||
      estimateSpeechSeconds(next, speed) > LIMITS.speechMaxSeconds
    ) {
      return sentences.join(' ');
    }
    sentences.push(SPEECH_SENTENCES[index % SPEECH_SENTENCES.length]!);
  }
}

/** Ten minutes of read speech: the five librivox recordings, over and over, as a 16 kHz WAV. */
function tenMinutesOfSpeech(scratch: string): Buffer {
  const folder = join(POCKETSPHINX_TEST_DATA, 'librivox');
  const list = join(scratch, 'recordings.txt');
  const names = readFileSync(join(folder, 'fileids'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const output = join(scratch, 'ten-minutes.wav');
  writeFileSync(list, names.map((name) => `file '${join(folder, `${name}.wav`)}'\n`).join(''));
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-stream_loop',
    '-1',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-t',
    String(TRANSCRIPTION_SECONDS),
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    '-y',
    output,
  ]);
  return readFileSync(output);
}

function multipartUpload(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `memory-bench-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${SPEECH_UPLOAD_FIELD}"; filename="ten-minutes.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Request {
  name: string;
  send: (server: RunningServer, localAddress: string) => Promise<PlainAnswer>;
}

const json = (payload: object) => ({
  body: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

function requests(scratch: string): Record<string, Request> {
  const speechText = longestSpeechText(SLOWEST_MODEL_SPEED);
  const upload = multipartUpload(tenMinutesOfSpeech(scratch));
  const jsonRequest = (name: string, path: string, payload: object): Request => ({
    name,
    send: (server, address) => {
      const { body, headers } = json(payload);
      return post(server, path, body, headers, address);
    },
  });
  return {
    speech: jsonRequest(
      `speech: ${speechText.length} characters at speed ${SLOWEST_MODEL_SPEED}, WAV`,
      API_PATHS.textToSpeech,
      { text: speechText, voice: 'alloy', speed: SLOWEST_MODEL_SPEED, outputFormat: 'wav' },
    ),
    transcription: {
      name: `transcription: ${TRANSCRIPTION_SECONDS / 60} minutes of WAV`,
      send: (server, address) =>
        post(
          server,
          API_PATHS.speechToText,
          upload.body,
          { 'content-type': upload.contentType },
          address,
        ),
    },
    story: jsonRequest(`story: ${STORY_LENGTHS.at(-1)} words, English`, API_PATHS.generateStory, {
      language: 'English',
      storyType: 'adventure',
      audience: 'kids 4-8',
      tone: 'humorous',
      topic: 'A lost kite',
      storyLength: STORY_LENGTHS.at(-1),
      additionalInfo: '',
    }),
    blog: jsonRequest('blog', API_PATHS.generateBlog, {
      topic: 'How to start running after thirty',
      keywords: ['running', 'beginner training plan', 'injury prevention'],
    }),
    script: jsonRequest(`script: ${DURATIONS.at(-1)} minutes`, API_PATHS.generateScript, {
      topic: SCRIPT_TOPIC_NAMES[0],
      platform: PLATFORMS[1],
      duration: DURATIONS.at(-1),
    }),
  };
}

const BURST = ['speech', 'transcription', 'story', 'blog'];
const ALL_CASES = ['speech', 'transcription', 'story', 'blog', 'script', 'burst'];
const chosenCases = (process.env.MEMORY_CASES ?? ALL_CASES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name) => ALL_CASES.includes(name));

let nextAddress = 2;

async function runCase(server: RunningServer, name: string, parts: Request[]) {
  console.log(`\n${name}: ${parts.map((part) => part.name).join('; ')}`);
  resetPeak(server.pid);
  const before = memoryOf(server.pid).currentMegabytes;
  // The kernel's peak is kept from approximate counters: the resident memory seen every 50 ms is
  // read too, and the higher of the two counts.
  let sampledPeak = before;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(server.pid).currentMegabytes);
  }, 50);
  const started = performance.now();
  const answers = await Promise.all(
    parts.map(async (part) => {
      const answer = await part.send(server, `127.0.0.${nextAddress++}`);
      const seconds = (performance.now() - started) / 1000;
      const detail =
        answer.status === 200
          ? `${(answer.body.length / 1e6).toFixed(1)} MB`
          : answer.body.toString('utf8').slice(0, 200);
      console.log(
        `  ${part.name}: HTTP ${answer.status} after ${seconds.toFixed(0)} s (${detail})`,
      );
      record(
        { name: `${name}, ${part.name}: answer time`, value: seconds, unit: 's' },
        { print: false },
      );
      record(
        { name: `${name}, ${part.name}: HTTP status`, value: answer.status },
        { print: false },
      );
      return answer;
    }),
  ).finally(() => clearInterval(sampler));
  const memory = memoryOf(server.pid);
  const peak = Math.max(memory.peakMegabytes, sampledPeak);
  console.log(
    `  resident before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (target < ${TARGET_MEGABYTES} MB; VmHWM ${memory.peakMegabytes.toFixed(0)}, sampled ${sampledPeak.toFixed(0)}), after ${memory.currentMegabytes.toFixed(0)} MB`,
  );
  record(
    {
      name: `${name}: peak resident memory`,
      value: peak,
      unit: 'MB',
      target: `< ${TARGET_MEGABYTES} MB`,
    },
    { print: false },
  );
  record({ name: `${name}: resident memory before`, value: before, unit: 'MB' }, { print: false });
  return answers;
}

const scratch = mkdtempSync(join(tmpdir(), 'memory-load-bench-'));
try {
  const all = requests(scratch);
  const server = await startServer('every engine', join(scratch, 'server'), {
    ...textModelEnvironment(scratch),
    REQUEST_TIMEOUT_MS: String(3 * 60 * 60 * 1000),
    WRITER_TIMEOUT_MS: String(3 * 60 * 60 * 1000),
  });
  try {
    const startUp = memoryOf(server.pid);
    record(
      {
        name: 'every engine: peak resident memory during start-up',
        value: startUp.peakMegabytes,
        unit: 'MB',
      },
      { print: false },
    );
    for (const name of chosenCases) {
      const parts = name === 'burst' ? BURST.map((part) => all[part]!) : [all[name]!];
      await runCase(server, name === 'burst' ? 'mixed burst' : `${name} alone`, parts);
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
