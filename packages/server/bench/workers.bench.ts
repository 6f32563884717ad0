/**
 * AI workers on a shared queue against one embedded process (issue 24 item 6, ADR 056): the same
 * mixed load from 8 visitors for WORKERS_BENCH_MINUTES (default 5) on
 * - one embedded server (`npm start`: the engines in the process, every core), and
 * - one web process (AI_WORKERS=remote) and two workers, one text thread each, on a Redis of the
 *   benchmark's own.
 * Each visitor (an address of its own) sends its request, waits for the answer, and sends it again;
 * a refusal (429, 503) waits its Retry-After. Reported: answers per minute, p95 and median latency
 * of the answers, refusals, and per tool the mean time of an answer, from which ADR 056 works out
 * how many workers a site of 10,000 generations a day needs.
 *
 * Run it alone on a quiet machine: `npm run bench -w @ai-tools/server -- workers`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  API_PATHS,
  PLATFORMS,
  SCRIPT_TOPIC_NAMES,
  SPEECH_UPLOAD_FIELD,
  type HealthResponse,
} from '@ai-tools/contracts';
import { Queue } from 'bullmq';
import { ALLOCATOR_ENVIRONMENT } from '../src/memory-allocator.ts';
import { QUEUE_PREFIX, queueName } from '../src/providers/worker-queue/protocol.ts';
import { openEventStream } from '../test/helpers/event-stream.ts';
import { librivoxReading } from '../test/helpers/local-engines.ts';
import { multipartBody } from '../test/helpers/audio-doubles.ts';
import { startOwnRedis } from '../test/helpers/test-services.ts';
import { KITE_STORY as STORY } from '../test/helpers/story-brief.ts';
import { record } from './record.ts';
import { post, startServer, type PlainAnswer, type RunningServer } from './server-process.ts';

const MINUTES = Number(process.env.WORKERS_BENCH_MINUTES ?? 5);
const REFUSED_PAUSE_MS = 2_000;
const WORKER_ENTRY = resolve(import.meta.dirname, '../src/worker.ts');

interface Visitor {
  tool: string;
  send: (server: RunningServer, address: string) => Promise<PlainAnswer>;
}

interface Answer {
  tool: string;
  seconds: number;
}

const json = (path: string, payload: object) => (server: RunningServer, address: string) =>
  post(server, path, JSON.stringify(payload), { 'content-type': 'application/json' }, address);

function visitors(): Visitor[] {
  const upload = multipartBody([
    {
      field: SPEECH_UPLOAD_FIELD,
      filename: 'reading.wav',
      contentType: 'audio/wav',
      data: librivoxReading(30),
    },
  ]);
  const story = json(API_PATHS.generateStory, STORY);
  const speech = json(API_PATHS.textToSpeech, {
    text: 'The lighthouse keeper climbed the stairs every evening at six. From the top he could see the fishing boats coming home, one light after another, and he counted them until the last was in.',
  });
  const transcription = (server: RunningServer, address: string) =>
    post(server, API_PATHS.speechToText, upload.payload, upload.headers, address);
  const script = json(API_PATHS.generateScript, {
    topic: SCRIPT_TOPIC_NAMES[0],
    platform: PLATFORMS[0],
    duration: 0.5,
  });
  return [
    { tool: 'story', send: story },
    { tool: 'story', send: story },
    { tool: 'script', send: script },
    { tool: 'speech', send: speech },
    { tool: 'speech', send: speech },
    { tool: 'speech', send: speech },
    { tool: 'transcription', send: transcription },
    { tool: 'transcription', send: transcription },
  ];
}

async function load(server: RunningServer, crowd: Visitor[]) {
  const answers: Answer[] = [];
  let refusals = 0;
  let failures = 0;
  const endAt = Date.now() + MINUTES * 60_000;
  await Promise.all(
    crowd.map(async (visitor, index) => {
      const address = `127.0.0.${index + 2}`;
      while (Date.now() < endAt) {
        const startedAt = Date.now();
        const answer = await visitor.send(server, address).catch(() => undefined);
        const seconds = (Date.now() - startedAt) / 1000;
        if (answer?.status === 200) answers.push({ tool: visitor.tool, seconds });
        else if (answer?.status === 429 || answer?.status === 503) {
          // Refused (the line is full, or the visitor's turn has not ended): ask again shortly.
          refusals += 1;
          await new Promise((done) => setTimeout(done, REFUSED_PAUSE_MS));
        } else {
          // Not a load figure: said, and not asked again at once.
          failures += 1;
          await new Promise((done) => setTimeout(done, REFUSED_PAUSE_MS));
          console.log(
            `  ${visitor.tool}: ${answer?.status} ${answer?.body.toString().slice(0, 200)}`,
          );
        }
      }
    }),
  );
  return { answers, refusals, failures };
}

function report(setup: string, outcome: Awaited<ReturnType<typeof load>>) {
  const seconds = outcome.answers.map((answer) => answer.seconds).sort((a, b) => a - b);
  const at = (share: number) =>
    seconds[Math.min(seconds.length - 1, Math.floor(share * seconds.length))] ?? 0;
  console.log(`${setup}:`);
  record({ name: `${setup}: answers per minute`, value: outcome.answers.length / MINUTES });
  record({ name: `${setup}: p95 latency`, value: at(0.95), unit: 's' });
  record({ name: `${setup}: median latency`, value: at(0.5), unit: 's' });
  record({ name: `${setup}: refused (429/503)`, value: outcome.refusals });
  record({ name: `${setup}: failed`, value: outcome.failures });
  for (const tool of ['story', 'script', 'speech', 'transcription']) {
    const ofTool = outcome.answers.filter((answer) => answer.tool === tool);
    if (ofTool.length === 0) continue;
    const mean = ofTool.reduce((sum, answer) => sum + answer.seconds, 0) / ofTool.length;
    record({ name: `${setup}: ${tool} answers`, value: ofTool.length });
    record({ name: `${setup}: ${tool} mean latency`, value: mean, unit: 's' });
  }
}

/**
 * Stop on the page: from the visitor's closing the stream, while the story's text comes, to the
 * worker's job leaving the queue's running jobs.
 */
async function measureStops(web: RunningServer, redisUrl: string) {
  const textQueue = new Queue(queueName('text'), {
    prefix: QUEUE_PREFIX,
    connection: { url: redisUrl },
  });
  const seconds: number[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const story = await openEventStream(web.port, API_PATHS.generateStory, STORY, '127.0.0.20');
      await story.waitFor((event) => event.event === 'text');
      // Between two parts no job runs, and a Stop there would measure nothing.
      while ((await textQueue.getActiveCount()) === 0) {
        await new Promise((done) => setTimeout(done, 20));
      }
      const stoppedAt = Date.now();
      story.stop();
      while ((await textQueue.getActiveCount()) > 0) {
        await new Promise((done) => setTimeout(done, 20));
      }
      seconds.push((Date.now() - stoppedAt) / 1000);
    }
  } finally {
    await textQueue.close();
  }
  console.log(
    `  Stop to the worker's job ended: ${seconds.map((value) => value.toFixed(2)).join(', ')} s`,
  );
  record({
    name: 'Stop to the job ended on its worker, longest of 5',
    value: Math.max(...seconds),
    unit: 's',
    target: '< 1 s',
  });
}

function startWorker(scratch: string, redisUrl: string, name: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
    env: {
      ...process.env,
      ...ALLOCATOR_ENVIRONMENT,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      REDIS_URL: redisUrl,
      TEXT_THREADS: '1',
      TEMP_DIR: join(scratch, name),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const scratch = mkdtempSync(join(tmpdir(), 'workers-bench-'));
try {
  const crowd = visitors();
  console.log(`8 visitors for ${MINUTES} minutes: 2 stories, 1 script, 3 speech, 2 transcriptions`);

  const embedded = await startServer('embedded', join(scratch, 'embedded'), {
    RATE_LIMIT_STORY: '1000',
    RATE_LIMIT_VIDEO_SCRIPT: '1000',
    RATE_LIMIT_TEXT_TO_SPEECH: '1000',
    RATE_LIMIT_SPEECH_TO_TEXT: '1000',
  });
  try {
    report('one embedded process', await load(embedded, crowd));
  } finally {
    await embedded.stop();
  }

  const redis = await startOwnRedis();
  const workers = [
    startWorker(scratch, redis.url, 'worker-1'),
    startWorker(scratch, redis.url, 'worker-2'),
  ];
  const web = await startServer('web process', join(scratch, 'web'), {
    AI_WORKERS: 'remote',
    REDIS_URL: redis.url,
    RATE_LIMIT_STORY: '1000',
    RATE_LIMIT_VIDEO_SCRIPT: '1000',
    RATE_LIMIT_TEXT_TO_SPEECH: '1000',
    RATE_LIMIT_SPEECH_TO_TEXT: '1000',
  });
  try {
    for (;;) {
      const health = (await (
        await fetch(`${web.base}${API_PATHS.health}`)
      ).json()) as HealthResponse;
      if (Object.values(health.engines).every((engine) => engine.workers?.count === 2)) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    report('one web process and two workers', await load(web, crowd));
    await measureStops(web, redis.url);
  } finally {
    await web.stop();
    await Promise.all(workers.map((worker) => worker.stop()));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
