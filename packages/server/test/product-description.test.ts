/**
 * The product description writer through the real app: its plain JSON, its stream, its refusals
 * and its place in /api/docs, with the writer test double (plans and parts as a model that follows
 * the grammars writes them); then streamed by the small real model (SmolLM2-135M, `npm run
 * models`), as the other writers' streaming tests are.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  EVENT_STREAM_MEDIA_TYPE,
  PRODUCT_DESCRIPTION_MESSAGES,
  PRODUCT_DESCRIPTION_TOOL,
  PRODUCT_DESCRIPTION_WORDS,
  productDescriptionResponseSchema,
  queueEventSchema,
  SERVER_MESSAGES,
  textEventSchema,
} from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { TEXT_MODEL_FILES } from '../src/models/manifest.ts';
import { loadLlamaTextGenerator } from '../src/providers/local/text/index.ts';
import type { TextGenerator } from '../src/providers/types.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { countWords } from '../src/writers/writing.ts';
import { makeApp } from './helpers/app.ts';
import { parseEvents } from './helpers/event-stream.ts';
import { writerDouble } from './helpers/writers-text-generator.ts';

const PATH = PRODUCT_DESCRIPTION_TOOL.apiPaths.generateProductDescription;
const REQUEST = {
  productName: 'Trail Shoes',
  audience: 'outdoor lovers',
  tone: 'friendly',
};

const closers: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const close of closers) await close();
});

async function appWith(text: TextGenerator) {
  const app: FastifyInstance = await makeApp({
    providers: {
      text,
      speech: unavailableEngine('not in this test'),
      transcription: unavailableEngine('not in this test'),
    },
  });
  closers.push(() => app.close());
  return app;
}

test('answers a planned, checked description of 120 to 200 words in markdown', async () => {
  const generator = writerDouble();
  const app = await appWith(generator);
  const response = await app.inject({ method: 'POST', url: PATH, payload: REQUEST });
  assert.equal(response.statusCode, 200, response.body);
  const { data } = productDescriptionResponseSchema.parse(response.json());
  assert.match(data.description, /^# Trail Shoes: Run Further on Any Trail\n\n/);
  assert.match(data.description, /\n- \*\*Grip on wet rock:\*\* /);
  assert.equal(data.problems, undefined, 'a checked description carries no problems');
  assert.equal(data.wordCount, countWords(data.description));
  assert.ok(
    data.wordCount >= PRODUCT_DESCRIPTION_WORDS.lowest &&
      data.wordCount <= PRODUCT_DESCRIPTION_WORDS.highest,
    `${data.wordCount} words`,
  );
  const [plan] = generator.requests;
  assert.match(plan?.prompt ?? '', /"Trail Shoes" for outdoor lovers, in a friendly tone/);
  assert.match(plan?.grammar ?? '', /^root ::= "Headline: "/);
});

test('streams its text as it is written, then exactly the JSON answer', async () => {
  const app = await appWith(writerDouble());
  const response = await app.inject({
    method: 'POST',
    url: PATH,
    headers: { accept: EVENT_STREAM_MEDIA_TYPE },
    payload: REQUEST,
  });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/event-stream/);
  const events = parseEvents(response.body);
  const texts = events.filter((event) => event.event === 'text');
  assert.ok(texts.length > 10, 'the text comes in pieces');
  const result = events.at(-1);
  assert.equal(result?.event, 'result');
  const { data } = productDescriptionResponseSchema.parse(result?.data);
  const shown = texts.reduce((text, event) => {
    const piece = textEventSchema.parse(event.data);
    return piece.replace ? piece.text : text + piece.text;
  }, '');
  assert.equal(shown, data.description);
  assert.ok(events.some((event) => event.event === 'step'));
});

test('bad input is a 400 with its message, and the model is never asked', async () => {
  const generator = writerDouble();
  const app = await appWith(generator);
  const cases: [object, string][] = [
    [{ ...REQUEST, productName: '   ' }, PRODUCT_DESCRIPTION_MESSAGES.productNameRequired],
    [{ ...REQUEST, productName: 'x'.repeat(101) }, PRODUCT_DESCRIPTION_MESSAGES.productNameTooLong],
    [{ ...REQUEST, tone: 'angry' }, 'tone must be one of: '],
    [{ ...REQUEST, audience: 'everyone' }, 'audience must be one of: '],
    [[], SERVER_MESSAGES.bodyMustBeObject],
  ];
  for (const [payload, message] of cases) {
    const response = await app.inject({ method: 'POST', url: PATH, payload });
    assert.equal(response.statusCode, 400, JSON.stringify(payload));
    assert.ok(response.json<{ message: string }>().message.startsWith(message));
  }
  assert.equal(generator.requests.length, 0);
});

test('/api/docs describes the call, its fields and its error answer', async () => {
  const app = await appWith(writerDouble());
  const docs = (await app.inject({ url: API_PATHS.docs })).json<{
    paths: Record<
      string,
      { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }
    >;
  }>();
  const post = docs.paths[PATH]?.post;
  assert.ok(post, 'the call is in /api/docs');
  const body = JSON.stringify(post.requestBody);
  for (const field of ['productName', 'audience', 'tone']) assert.match(body, new RegExp(field));
  assert.ok(post.responses?.['200'] && post.responses['4XX'] !== undefined);
});

const SMOL_LM = join(loadConfig().MODELS_DIR, TEXT_MODEL_FILES.smolLm135);

test('streamed by SmolLM2-135M: its place in line, text as it comes, then the JSON answer', async () => {
  const generator = await loadLlamaTextGenerator({
    modelPath: SMOL_LM,
    threads: 1,
    maxWaiting: 2,
    seed: 1,
  });
  closers.push(() => generator.close());
  const app = await appWith(generator);
  const response = await app.inject({
    method: 'POST',
    url: PATH,
    headers: { accept: EVENT_STREAM_MEDIA_TYPE },
    payload: REQUEST,
  });
  assert.equal(response.statusCode, 200);
  const events = parseEvents(response.body);
  assert.equal(events[0]?.event, 'queue');
  queueEventSchema.parse(events[0]?.data);
  assert.ok(events.some((event) => event.event === 'text'));
  const result = events.at(-1);
  assert.equal(result?.event, 'result', JSON.stringify(result));
  const { data } = productDescriptionResponseSchema.parse(result?.data);
  assert.match(data.description, /^# Trail Shoes: /);
});
