/**
 * The OpenAI-compatible provider against a real server, not recorded answers: llama.cpp's own
 * llama-server (built from source by scripts/build-llama-cpp.mjs, ADR 055) serving SmolLM2-135M,
 * behind the real app chosen by AI_PROVIDER=openai-compatible. A streamed story, Stop reaching the
 * server, and the server's failures reaching the visitor as our messages.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AI_SERVICE_MESSAGES,
  API_PATHS,
  EVENT_STREAM_MEDIA_TYPE,
  storyResponseSchema,
  textEventSchema,
  type HealthResponse,
} from '@ai-tools/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TEXT_MODEL_FILES } from '../src/models/manifest.ts';
import { countWords } from '../src/writers/writing.ts';
import { errorMessage } from './helpers/answers.ts';
import { testConfig } from './helpers/app.ts';
import { openEventStream, parseEvents } from './helpers/event-stream.ts';
import { KITE_STORY as STORY } from './helpers/story-brief.ts';
import { llamaCppPrograms, startLlamaServer, type LlamaServer } from './helpers/llama-cpp.ts';

const { MODELS_DIR } = loadConfig();
const MODEL_ALIAS = 'smollm2-135m';

/**
 * Only a guard against a hang: on a machine without the build, the script builds llama.cpp first
 * (11 minutes on this quiet 2-core machine, longer on a busy one, ADR 055), and these tests are
 * about what the server answers, not how fast.
 */
const HANG_GUARD_MS = 90 * 60_000;

/** What llama-server's /slots tells of its one slot: is it writing, and its last task. */
const slotsSchema = z.array(
  z.looseObject({
    is_processing: z.boolean(),
    id_task: z.number().optional(),
  }),
);

async function slot(server: LlamaServer) {
  const slots = slotsSchema.parse(await (await fetch(`${server.origin}/slots`)).json());
  const [first] = slots;
  assert.ok(first, 'one slot');
  return first;
}

describe('the OpenAI-compatible provider against llama-server', { timeout: HANG_GUARD_MS }, () => {
  let server: LlamaServer;
  const apps: FastifyInstance[] = [];

  before(async () => {
    const programs = llamaCppPrograms();
    server = await startLlamaServer(
      programs.server,
      join(MODELS_DIR, TEXT_MODEL_FILES.smolLm135),
      MODEL_ALIAS,
    );
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await server?.kill();
  });

  /** The real app, its providers chosen by the configuration as `npm start` chooses them. */
  async function appFor(baseUrl: string) {
    const app = await buildApp({
      config: testConfig({
        AI_PROVIDER: 'openai-compatible',
        OPENAI_BASE_URL: baseUrl,
        OPENAI_TEXT_MODEL: MODEL_ALIAS,
        // llama-server takes the writers' GBNF grammars, as the local engine does.
        OPENAI_TEXT_GRAMMAR: 'gbnf',
        WRITER_TIMEOUT_MS: String(HANG_GUARD_MS),
      }),
    });
    apps.push(app);
    return app;
  }

  test('a story streams through the story route, written by llama-server', async () => {
    const app = await appFor(server.baseUrl);
    const health = (
      await app.inject({ method: 'GET', url: API_PATHS.health })
    ).json<HealthResponse>();
    assert.deepEqual(health.engines.text, {
      engine: `${MODEL_ALIAS} via an OpenAI-compatible API`,
      tier: 'api',
      ready: true,
    });
    const tasksBefore = (await slot(server)).id_task ?? -1;

    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.generateStory,
      headers: { accept: EVENT_STREAM_MEDIA_TYPE },
      payload: STORY,
    });
    assert.equal(response.statusCode, 200, response.body);
    const events = parseEvents(response.body);
    assert.equal(events.at(-1)?.event, 'result', response.body.slice(-500));
    const texts = events.filter((event) => event.event === 'text');
    assert.ok(texts.length >= 10, `the text came in pieces: ${texts.length} text events`);
    let shown = '';
    for (const event of texts) {
      const { text, replace } = textEventSchema.parse(event.data);
      shown = replace ? text : shown + text;
    }
    const { story } = storyResponseSchema.parse(events.at(-1)?.data).data;
    assert.equal(shown, story, 'the page ends on exactly the story answered');
    assert.ok(countWords(story) >= 20, `a story of ${countWords(story)} words: ${story}`);
    // The server did the writing: its slot ran the story's plan and parts as tasks of its own.
    assert.ok((await slot(server)).id_task! > tasksBefore, 'llama-server ran the generations');
  });

  test('Stop cancels the generation on llama-server, and the next visitor is served', async () => {
    const app = await appFor(server.baseUrl);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const printedBefore = server.output().length;
    const story = await openEventStream(app, API_PATHS.generateStory, STORY, '127.0.0.2');
    await story.waitFor((event) => event.event === 'text');
    story.stop();

    // The app aborts its upstream request; llama-server sees the connection close and cancels the
    // task it was writing (its own log line), instead of writing to the end of the part.
    const [, cancelledTask] = await server.printed(/cancel task, id_task = (\d+)/, printedBefore);
    let idle = await slot(server);
    while (idle.is_processing) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      idle = await slot(server);
    }
    assert.equal(idle.id_task, Number(cancelledTask), 'the slot last ran the cancelled task');

    const next = await app.inject({
      method: 'POST',
      url: API_PATHS.generateStory,
      payload: STORY,
    });
    assert.equal(next.statusCode, 200, next.body);
  });

  test('a wrong address on the server is a 404, told as the settings to check', async () => {
    const app = await appFor(`${server.origin}/no-such-api/v1`);
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.generateStory,
      payload: STORY,
    });
    assert.equal(response.statusCode, 503, response.body);
    assert.equal(
      errorMessage(response),
      AI_SERVICE_MESSAGES.modelMissing(MODEL_ALIAS, '/chat/completions', {
        model: 'OPENAI_TEXT_MODEL',
        baseUrl: 'OPENAI_BASE_URL',
      }),
    );
  });

  // Last: it ends the server.
  test('the server dying mid-stream reaches the visitor as an error event', async () => {
    const app = await appFor(server.baseUrl);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const story = await openEventStream(app, API_PATHS.generateStory, STORY, '127.0.0.3');
    await story.waitFor((event) => event.event === 'text');
    await server.kill();
    await story.ended;
    const last = story.events.at(-1);
    assert.equal(last?.event, 'error', JSON.stringify(story.events.slice(-3)));
    assert.deepEqual(last?.data, { message: AI_SERVICE_MESSAGES.unreachable, status: 502 });
  });
});
