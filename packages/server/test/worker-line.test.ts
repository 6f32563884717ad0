/**
 * The shared line of AI_WORKERS=remote in one process, with a worker whose text engine is a test
 * double (it writes numbered words slowly and notes when it is stopped): what a web process's
 * providers do with no worker, with one, on Stop, and when the web process leaves mid-job. The
 * same on the real models, in separate processes, is worker-queue.test.ts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Relay } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { GenerationAbortedError, ProviderUnavailableError } from '../src/errors.ts';
import type { Providers, TextGenerator } from '../src/providers/types.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { createWorkerQueueProviders } from '../src/providers/worker-queue/index.ts';
import { WorkerLine } from '../src/providers/worker-queue/line.ts';
import { QUEUE_PREFIX, RELAY_NAMESPACE } from '../src/providers/worker-queue/protocol.ts';
import { WorkerRegistry } from '../src/providers/worker-queue/registry.ts';
import { startAiWorker, type AiWorker } from '../src/providers/worker-queue/serve.ts';
import { testRedisUrl } from './helpers/test-services.ts';

let redisUrl: string;
const stopped: string[] = [];

/** Writes "word0 word1 …" a word every 20 ms; a prompt "stop at N" fails after N words. */
const writer: TextGenerator = {
  status: () => ({ engine: 'test double', tier: 'neural', ready: true }),
  close: async () => {},
  async *generate(request) {
    for (let index = 0; index < request.maxTokens; index++) {
      if (request.signal?.aborted) {
        stopped.push(request.prompt);
        throw new GenerationAbortedError();
      }
      yield `word${index} `;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  },
};

function webProviders(): Promise<Providers> {
  return createWorkerQueueProviders(
    loadConfig({ AI_WORKERS: 'remote', REDIS_URL: redisUrl, TEXT_QUEUE_MAX_WAITING: '1' }),
  );
}

async function startWorker(): Promise<AiWorker> {
  return startAiWorker({
    redisUrl,
    capabilities: ['text'],
    providers: {
      text: writer,
      speech: unavailableEngine('not here'),
      transcription: unavailableEngine('not here'),
    },
  });
}

async function readAll(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

let web: Providers;
let worker: AiWorker | undefined;

before(async () => {
  redisUrl = await testRedisUrl();
  const redis = new Redis(redisUrl);
  await redis.flushall();
  redis.disconnect();
  web = await webProviders();
});

after(async () => {
  await worker?.close(true);
  await web?.text.close();
});

test('with no worker for a capability: its status says so and a request gets a 503 naming it', async () => {
  const status = web.speech.status();
  assert.equal(status.ready, false);
  assert.equal(status.detail, SERVER_MESSAGES.noWorker('speech'));
  assert.deepEqual(status.workers, { count: 0, engines: [], jobsRunning: 0 });
  await assert.rejects(
    web.speech.synthesize({ text: 'Hello.', voice: 'alloy', speed: 1 }),
    (error) =>
      error instanceof ProviderUnavailableError &&
      error.statusCode === 503 &&
      error.message === SERVER_MESSAGES.noWorker('speech'),
  );
});

test('a generation runs on the worker and streams back in order, whole', async () => {
  worker = await startWorker();
  // The first web process sees the worker at its next look (each second).
  await until(() => web.text.status().workers?.count === 1);
  const providers = await webProviders();
  try {
    assert.equal(providers.text.status().workers?.count, 1);
    const text = await readAll(
      providers.text.generate({ system: 'Write.', prompt: 'ten words', maxTokens: 10 }),
    );
    assert.equal(text, Array.from({ length: 10 }, (_, index) => `word${index} `).join(''));
  } finally {
    await providers.text.close();
  }
});

test("the visitor's Stop stops the engine on the worker", async () => {
  const stop = new AbortController();
  const pieces: string[] = [];
  const reading = (async () => {
    for await (const piece of web.text.generate({
      system: 'Write.',
      prompt: 'stopped by the visitor',
      maxTokens: 1000,
      signal: stop.signal,
    })) {
      pieces.push(piece);
      if (pieces.length === 3) stop.abort();
    }
  })();
  await assert.rejects(reading, GenerationAbortedError);
  await until(() => stopped.includes('stopped by the visitor'));
});

test('one request per visitor across web processes, and the line full for the whole site', async () => {
  const other = await webProviders();
  try {
    const first = readAll(
      web.text.generate({ system: 'W', prompt: 'first', maxTokens: 50, visitor: 'visitor-a' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await assert.rejects(
      readAll(
        other.text.generate({ system: 'W', prompt: 'x', maxTokens: 5, visitor: 'visitor-a' }),
      ),
      (error) => (error as { statusCode?: number }).statusCode === 429,
    );
    // One waits (TEXT_QUEUE_MAX_WAITING=1): the next is refused.
    const second = readAll(
      other.text.generate({ system: 'W', prompt: 'second', maxTokens: 5, visitor: 'visitor-b' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await assert.rejects(
      readAll(web.text.generate({ system: 'W', prompt: 'x', maxTokens: 5, visitor: 'visitor-c' })),
      (error) => (error as { statusCode?: number }).statusCode === 503,
    );
    await Promise.all([first, second]);
  } finally {
    await other.text.close();
  }
});

test('a Stop while the job is being added is answered, not left as an unhandled rejection', async () => {
  const relay = new Relay({
    connection: { url: redisUrl },
    prefix: QUEUE_PREFIX,
    namespace: RELAY_NAMESPACE,
  });
  const registry = new WorkerRegistry(relay);
  const redis = new Redis(redisUrl);
  const line = new WorkerLine({
    capability: 'text',
    redisUrl,
    redis,
    relay,
    registry,
    maxWaiting: 2,
    expectedSecondsPerUnit: 0.1,
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await registry.refresh();
    const stop = new AbortController();
    await assert.rejects(
      line.run({
        request: { system: 'W', prompt: 'stopped while added', maxTokens: 5 },
        cost: 5,
        signal: stop.signal,
        beforeAdding: async () => {
          stop.abort();
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      }),
      GenerationAbortedError,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    registry.close();
    await line.close();
    await relay.close();
    redis.disconnect();
  }
});

test('a web process that leaves mid-job: the worker stops its job', async () => {
  const leaving = await webProviders();
  const reading = readAll(
    leaving.text.generate({ system: 'Write.', prompt: 'left alone', maxTokens: 100_000 }),
  ).catch(() => '');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await leaving.text.close();
  await until(() => stopped.includes('left alone'));
  await reading;
});

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not so after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
