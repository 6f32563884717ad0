/**
 * AI_WORKERS=remote end to end (ADR 056): a Redis of this test's own, two web processes with no
 * engine, and two AI worker processes on the real models (one serving everything, one writing
 * only). Each visitor is a local address (127.0.0.x). What the visitors get is checked, and the
 * shared queue in Redis where the check is about the workers' side.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { Queue, Relay } from 'bullmq';
import {
  API_PATHS,
  SERVER_MESSAGES,
  SPEECH_UPLOAD_FIELD,
  healthResponseSchema,
  queueEventSchema,
  speechPieceEventSchema,
  speechToTextResponseSchema,
  streamedSpeechResultSchema,
  type HealthResponse,
} from '@ai-tools/contracts';
import { Redis } from 'ioredis';
import {
  QUEUE_PREFIX,
  queueName,
  RELAY_NAMESPACE,
  type JobMessage,
} from '../src/providers/worker-queue/protocol.ts';
import { multipartBody } from './helpers/audio-doubles.ts';
import { openEventStream, type LiveStream, type StreamEvent } from './helpers/event-stream.ts';
import { librivoxReading, POCKETSPHINX_TEST_DATA, words } from './helpers/local-engines.ts';
import {
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from './helpers/server-process.ts';
import { startOwnRedis } from './helpers/test-services.ts';
import { KITE_STORY as STORY } from './helpers/story-brief.ts';

/** About 40 s of speech: long enough to hold the only speech worker while others queue. */
const LONG_SPEECH = 'The kite rose over the hill and the children ran after it. '.repeat(12);

let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let scratch: string;
let webs: ServerProcess[] = [];
let workers: WorkerProcess[] = [];
let watcher: Relay;
/** Which worker each job started on, as the workers tell the web processes. */
const startedOn = new Map<string, string>();
/** The job whose text was last streamed. */
let writingJob: string | undefined;
const openStreams: LiveStream[] = [];

before(async () => {
  redis = await startOwnRedis();
  scratch = mkdtempSync(join(tmpdir(), 'worker-queue-'));
  const common = {
    REDIS_URL: redis.url,
    TEXT_MODEL: 'smollm2-135m',
    TEXT_SEED: '1',
    TEXT_THREADS: '1',
    LOG_LEVEL: 'info',
    // The Redis test asks again every 100 ms until it is served; a Redis that is back within a
    // second counted those asks against the story's 10 a minute, and answered 429.
    RATE_LIMIT_STORY: '1000',
  };
  workers = await Promise.all([
    startWorkerProcess(join(scratch, 'worker-all'), {
      ...common,
      TEMP_DIR: join(scratch, 'worker-all'),
      WORKER_CAPABILITIES: 'speech,transcription,text',
    }),
    startWorkerProcess(join(scratch, 'worker-text'), {
      ...common,
      TEMP_DIR: join(scratch, 'worker-text'),
      WORKER_CAPABILITIES: 'text',
    }),
  ]);
  webs = await Promise.all(
    ['web-1', 'web-2'].map((name) =>
      startServerProcess(join(scratch, name), { ...common, AI_WORKERS: 'remote' }),
    ),
  );
  watcher = new Relay({
    connection: { url: redis.url, maxRetriesPerRequest: null },
    prefix: QUEUE_PREFIX,
    namespace: RELAY_NAMESPACE,
  });
  // Redis is killed on purpose below: the watcher reconnects by itself.
  watcher.on('error', () => {});
  await watcher.subscribe<JobMessage>('web.>', (message) => {
    const jobId = message.topic.split('.').at(-1)!;
    if (message.data.kind === 'started') startedOn.set(jobId, message.data.worker);
    if (message.data.kind === 'text') writingJob = jobId;
  });
  await until(async () => (await health(webs[0]!)).text.workers?.count === 2);
});

after(async () => {
  for (const stream of openStreams) stream.stop();
  await watcher?.close();
  for (const child of [...webs, ...workers]) child.child.kill('SIGKILL');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the web process runs no engine: /api/health lists the workers that serve each capability', async () => {
  const engines = await health(webs[1]!);
  assert.deepEqual(engines.text.workers, {
    count: 2,
    engines: ['smollm2-135m-instruct-q4_1.gguf'],
    jobsRunning: 0,
  });
  assert.equal(engines.speech.workers?.count, 1);
  assert.match(engines.speech.engine, /^Kokoro/);
  assert.equal(engines.transcription.workers?.count, 1);
  assert.match(engines.transcription.engine, /^Whisper base/);
  assert.doesNotMatch(webs[1]!.output(), /Kokoro|Whisper|gguf/, 'the web process loads no model');
});

test('a story is written on a worker and streamed to the page as the embedded engine streams it', async () => {
  const story = await stream(webs[0]!, API_PATHS.generateStory, STORY, '127.0.0.2');
  await story.ended;
  const texts = story.events.filter((event) => event.event === 'text');
  assert.ok(texts.length > 5, `streamed in pieces: ${texts.length}`);
  const result = story.events.find((event) => event.event === 'result')?.data as {
    success: boolean;
    data: { story: string; wordCount: number };
  };
  assert.equal(result.success, true, JSON.stringify(story.events.at(-1)));
  assert.match(result.data.story, /^# \S/, 'a titled story');
  assert.ok(result.data.wordCount > 20, result.data.story);
});

test('speech and a transcription are made on the workers', async () => {
  const speech = await post(webs[1]!, API_PATHS.textToSpeech, {
    text: 'Hello from the worker.',
  });
  assert.equal(speech.status, 200);
  const audio = Buffer.from(
    ((await speech.json()) as { data: { audioBase64: string } }).data.audioBase64,
    'base64',
  );
  assert.ok(audio.length > 10_000, `audio of ${audio.length} bytes`);

  const recording = readFileSync(
    join(POCKETSPHINX_TEST_DATA, 'librivox/sense_and_sensibility_01_austen_64kb-0880.wav'),
  );
  const upload = multipartBody([
    {
      field: SPEECH_UPLOAD_FIELD,
      filename: 'reading.wav',
      contentType: 'audio/wav',
      data: recording,
    },
  ]);
  const transcription = await fetch(url(webs[0]!, API_PATHS.speechToText), {
    method: 'POST',
    headers: upload.headers,
    body: upload.payload,
  });
  assert.equal(transcription.status, 200);
  const { data } = speechToTextResponseSchema.parse(await transcription.json());
  // "He was not an ill-disposed young man."
  const heard = words(data.transcript);
  for (const word of ['he', 'was', 'not', 'an', 'ill', 'young', 'man']) {
    assert.ok(heard.includes(word), `"${word}" in "${data.transcript}"`);
  }
});

test('a streamed speech request is one job on its worker: the pieces come in order, none is kept', async () => {
  const jobsBefore = new Set(startedOn.keys());
  const sentences = ['The kite rose.', 'The children ran after it.', 'Then it came down.'];
  const speech = await stream(
    webs[0]!,
    API_PATHS.textToSpeech,
    { text: sentences.join(' '), voice: 'nova', outputFormat: 'mp3', captions: true },
    '127.0.0.9',
  );
  await speech.ended;
  const pieces = speech.events
    .filter((event) => event.event === 'audio')
    .map((event) => speechPieceEventSchema.parse(event.data));
  assert.deepEqual(
    pieces.map((piece) => [piece.index, piece.text]),
    sentences.map((sentence, index) => [index, sentence]),
  );
  for (const piece of pieces) {
    assert.ok(Buffer.from(piece.pcmBase64, 'base64').length > 10_000, piece.text);
    assert.equal(piece.sampleRate, 24_000);
  }
  const result = streamedSpeechResultSchema.parse(speech.events.at(-1)?.data);
  assert.equal(result.data.audioBase64, undefined, 'the page makes the MP3 from the pieces');
  // One job for the three sentences: its phonemes come from one espeak-ng run on the worker.
  const jobs = [...startedOn.keys()].filter((job) => !jobsBefore.has(job));
  assert.equal(jobs.length, 1, `jobs: ${jobs.join(', ')}`);
  const client = new Redis(redis.url);
  try {
    assert.deepEqual(await client.keys(`${QUEUE_PREFIX}:speech:*`), [], 'no piece left in Redis');
  } finally {
    client.disconnect();
  }
});

test('Stop on the page stops the job on its worker, and the visitor may ask again at once', async () => {
  const textQueue = new Queue(queueName('text'), {
    prefix: QUEUE_PREFIX,
    connection: { url: redis.url },
  });
  try {
    const story = await stream(webs[1]!, API_PATHS.generateStory, STORY, '127.0.0.3');
    await story.waitFor((event) => event.event === 'step');
    await until(async () => (await textQueue.getActiveCount()) === 1);
    const stoppedAt = Date.now();
    story.stop();
    await until(async () => (await textQueue.getActiveCount()) === 0);
    const seconds = (Date.now() - stoppedAt) / 1000;
    console.log(`the worker's job ended ${seconds.toFixed(2)} s after Stop`);

    const again = await stream(webs[0]!, API_PATHS.generateStory, STORY, '127.0.0.3');
    const first = await again.waitFor((event) => event.event !== 'queue');
    assert.notEqual(first.event, 'error', JSON.stringify(first.data));
    again.stop();
  } finally {
    await textQueue.close();
  }
});

test('one line for the whole site: places counted across both web processes, one request per visitor', async () => {
  // The only speech worker takes the first visitor's long text.
  const first = await stream(webs[0]!, API_PATHS.textToSpeech, { text: LONG_SPEECH }, '127.0.0.4');
  await first.waitFor((event) => event.event === 'queue' && place(event).ahead === 0);

  const second = await stream(webs[1]!, API_PATHS.textToSpeech, { text: LONG_SPEECH }, '127.0.0.5');
  const secondPlace = place(await second.waitFor((event) => event.event === 'queue'));
  assert.equal(secondPlace.ahead, 1, JSON.stringify(second.events));
  assert.ok(secondPlace.estimatedWaitSeconds > 0, JSON.stringify(secondPlace));

  const third = await stream(webs[0]!, API_PATHS.textToSpeech, { text: 'Short.' }, '127.0.0.6');
  assert.equal(place(await third.waitFor((event) => event.event === 'queue')).ahead, 2);

  // The first visitor, on the other web process, while their request runs.
  const refused = await post(webs[1]!, API_PATHS.textToSpeech, { text: 'Me again.' }, '127.0.0.4');
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  assert.equal(
    ((await refused.json()) as { message: string }).message,
    SERVER_MESSAGES.visitorHasJob('text-to-speech'),
  );
  for (const visitorStream of [first, second, third]) visitorStream.stop();
});

test('a web process killed with kill -9 mid-job: its job is stopped on the worker', async () => {
  // Two minutes of speech to transcribe: far longer than the worker takes to notice.
  const recording = librivoxReading(120);
  const upload = multipartBody([
    {
      field: SPEECH_UPLOAD_FIELD,
      filename: 'reading.wav',
      contentType: 'audio/wav',
      data: recording,
    },
  ]);
  const transcriptionQueue = new Queue(queueName('transcription'), {
    prefix: QUEUE_PREFIX,
    connection: { url: redis.url },
  });
  try {
    void fetch(url(webs[1]!, API_PATHS.speechToText), {
      method: 'POST',
      headers: upload.headers,
      body: upload.payload,
    }).catch(() => {});
    await until(async () => (await transcriptionQueue.getActiveCount()) === 1, 60_000);
    const [job] = await transcriptionQueue.getActive();
    const killedAt = Date.now();
    webs[1]!.child.kill('SIGKILL');
    await until(async () => (await job!.getState()) === 'failed');
    console.log(
      `the worker stopped the job ${((Date.now() - killedAt) / 1000).toFixed(1)} s after`,
    );
    const failed = await transcriptionQueue.getJob(job!.id!);
    const failure = JSON.parse(failed!.failedReason) as { statusCode: number };
    assert.equal(failure.statusCode, 499, 'stopped, not failed');
  } finally {
    await transcriptionQueue.close();
  }
});

test('a worker killed with kill -9 mid-job: the visitor is told within 30 s and the line moves on', async () => {
  const story = await stream(webs[0]!, API_PATHS.generateStory, STORY, '127.0.0.9');
  await story.waitFor((event) => event.event === 'text');
  writingJob = undefined;
  await until(async () => writingJob !== undefined && startedOn.has(writingJob));
  const running = startedOn.get(writingJob!)!;
  const victim = workers.find((worker) => worker.id === running);
  assert.ok(victim, `the job ran on a worker of this test: ${running}`);
  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  const error = await story.waitFor((event) => event.event === 'error');
  const seconds = (Date.now() - killedAt) / 1000;
  console.log(`the visitor was told ${seconds.toFixed(1)} s after the kill`);
  assert.ok(seconds < 30, `told after ${seconds} s`);
  assert.equal((error.data as { message: string }).message, SERVER_MESSAGES.workerStopped);

  const next = await stream(webs[0]!, API_PATHS.generateStory, STORY, '127.0.0.10');
  await next.ended;
  assert.ok(
    next.events.some((event) => event.event === 'result'),
    JSON.stringify(next.events.slice(-2)),
  );
  await until(async () => (await health(webs[0]!)).text.workers?.count === 1);
});

test('Redis restarted: a request meanwhile gets a clear 503, then everyone reconnects by themselves', async () => {
  await redis.kill();
  const during = await post(webs[0]!, API_PATHS.generateStory, STORY, '127.0.0.11');
  assert.equal(during.status, 503);
  assert.equal(
    ((await during.json()) as { message: string }).message,
    SERVER_MESSAGES.workQueueUnreachable,
  );

  await redis.startAgain();
  const backAt = Date.now();
  let after: Response | undefined;
  await until(async () => {
    after = await post(webs[0]!, API_PATHS.generateStory, STORY, '127.0.0.11');
    return after.status !== 503;
  }, 60_000);
  console.log(`served again ${((Date.now() - backAt) / 1000).toFixed(1)} s after Redis came back`);
  assert.equal(after!.status, 200, await after!.clone().text());
  assert.equal(((await after!.json()) as { success: boolean }).success, true);
});

function url(web: ServerProcess, path: string): string {
  return `http://127.0.0.1:${web.port}${path}`;
}

async function stream(
  web: ServerProcess,
  path: string,
  payload: object,
  visitor: string,
): Promise<LiveStream> {
  const opened = await openEventStream(web.port, path, payload, visitor);
  openStreams.push(opened);
  return opened;
}

/** A JSON request from a visitor's own address. */
async function post(web: ServerProcess, path: string, payload: object, visitor = '127.0.0.1') {
  const body = JSON.stringify(payload);
  return new Promise<Response>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: web.port,
        path,
        method: 'POST',
        localAddress: visitor,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve(
            new Response(Buffer.concat(chunks), {
              status: incoming.statusCode,
              headers: incoming.headers as Record<string, string>,
            }),
          ),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function health(web: ServerProcess): Promise<HealthResponse['engines']> {
  const response = await fetch(url(web, API_PATHS.health));
  return healthResponseSchema.parse(await response.json()).engines;
}

function place(event: StreamEvent) {
  return queueEventSchema.parse(event.data);
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`not so after ${timeoutMs / 1000} s: ${String(check)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
