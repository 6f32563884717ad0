import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  blogResponseSchema,
  EVENT_STREAM_MEDIA_TYPE,
  stepEventSchema,
  textEventSchema,
  type WriterStep,
  storyResponseSchema,
  videoScriptResponseSchema,
  WRITER_MESSAGES,
  BLOG_MESSAGES,
} from '@ai-tools/contracts';
import type { TextGenerator } from '../src/providers/types.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { parseEvents, type StreamEvent } from './helpers/event-stream.ts';
import {
  hangingTextGenerator,
  scriptedTextGenerator,
  writerDouble,
} from './helpers/writers-text-generator.ts';

const apps: FastifyInstance[] = [];
after(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appWith(text: TextGenerator) {
  const app = await makeApp({
    providers: {
      text,
      speech: unavailableEngine('not in this test'),
      transcription: unavailableEngine('not in this test'),
    },
  });
  apps.push(app);
  return app;
}

const SCRIPT_REQUEST = {
  topic: 'Productivity',
  platform: 'YouTube',
  duration: 0.5,
  additionalInfo: 'The two-minute rule',
};
const STORY_REQUEST = {
  language: 'English',
  storyType: 'adventure',
  audience: 'kids 4-8',
  tone: 'humorous',
  topic: 'The hunt for a hidden treasure',
  storyLength: 200,
  additionalInfo: '',
};

test('generate-script answers data.script, planned and checked, as the client reads it', async () => {
  const generator = writerDouble();
  const app = await appWith(generator);
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateScript,
    payload: SCRIPT_REQUEST,
  });
  assert.equal(response.statusCode, 200);
  const body = videoScriptResponseSchema.parse(response.json());
  assert.match(
    body.data.script,
    /^# Two Minutes to Done\n\n## Hook \(0:00-0:05\)\n\n- \*\*Voiceover:\*\* /,
  );
  assert.equal(body.data.problems, undefined, 'a checked script carries no problems');
  assert.match(generator.requests[0]?.prompt ?? '', /The two-minute rule/);
});

test('generate-blog answers success, data.content and the success message', async () => {
  const app = await appWith(writerDouble());
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: 'Focus at work' },
  });
  assert.equal(response.statusCode, 200);
  const body = blogResponseSchema.parse(response.json());
  assert.equal(body.success, true);
  assert.equal(body.message, BLOG_MESSAGES.generated);
  assert.match(body.data?.content ?? '', /^# Better Sleep/);
});

test('generate-story answers data.story with its title as a heading, and its word count', async () => {
  const app = await appWith(writerDouble());
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateStory,
    payload: STORY_REQUEST,
  });
  assert.equal(response.statusCode, 200);
  const body = storyResponseSchema.parse(response.json());
  assert.ok(body.data.story.startsWith('# The Hidden Treasure\n\n'), body.data.story.slice(0, 40));
  assert.ok(!body.data.story.includes('*'));
  assert.ok(
    body.data.wordCount !== undefined && body.data.wordCount >= 170 && body.data.wordCount <= 235,
    String(body.data.wordCount),
  );
});

test('a Japanese story streams as it is written: text without spaces is never held until a space', async () => {
  const beginning = 'ミケは小さな猫です。ミケは毎朝、庭の花を見ます。';
  const app = await appWith(
    writerDouble((request) => {
      if (request.prompt.includes('Plan the story')) {
        return 'Title: ミケの冒険\nCharacters: ミケ、小さな猫。\nPlace: 静かな庭。\nBeginning: ミケが庭にいます。\nMiddle: ミケが箱を見つけます。\nEnding: ミケが宝を分けます。\n';
      }
      if (request.prompt.includes('Write the beginning')) return beginning;
      if (request.prompt.includes('Continue with the middle')) {
        return 'ある日、ミケは大きな箱を見つけました。箱の中には古い地図がありました。';
      }
      if (request.prompt.includes('Write the ending')) {
        return 'ミケは地図の宝を友だちと分けました。みんなは笑いました。';
      }
      return undefined;
    }),
  );
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateStory,
    headers: { accept: EVENT_STREAM_MEDIA_TYPE },
    payload: { ...STORY_REQUEST, language: 'Japanese' },
  });
  assert.equal(response.statusCode, 200);
  const events = parseEvents(response.body);
  assert.equal(events.at(-1)?.event, 'result');
  // The events from the first part's start to the writer's next step: the beginning as written.
  const isStep = (event: StreamEvent, step?: WriterStep) =>
    event.event === 'step' &&
    (step === undefined || stepEventSchema.parse(event.data).step === step);
  const start = events.findIndex((event) => isStep(event, 'writing'));
  const end = events.findIndex((event, index) => index > start && isStep(event));
  assert.ok(start >= 0 && end > start, events.map((event) => event.event).join(', '));
  const texts = events
    .slice(start + 1, end)
    .filter((event) => event.event === 'text')
    .map((event) => textEventSchema.parse(event.data).text);
  assert.equal(texts[0], '# ミケの冒険\n\n');
  // A character at a time, as the model wrote it: not one piece when the part ends, as text held
  // until a space (which Japanese never has) would come.
  assert.equal(texts.slice(1).join(''), beginning);
  assert.ok(texts.length > [...beginning].length / 2, texts.join(' | '));
});

test('bad input is a 400 with the first problem, and the model is never asked', async () => {
  const generator = scriptedTextGenerator([]);
  const app = await appWith(generator);
  const cases: [string, unknown, RegExp][] = [
    [
      API_PATHS.generateScript,
      { ...SCRIPT_REQUEST, platform: 'TikTok' },
      /platform must be one of: FaceBook, YouTube/,
    ],
    [API_PATHS.generateScript, { ...SCRIPT_REQUEST, duration: 2 }, /duration must be one of/],
    [API_PATHS.generateScript, { ...SCRIPT_REQUEST, topic: undefined }, /topic must be one of/],
    [API_PATHS.generateScript, [SCRIPT_REQUEST], /must be a JSON object/],
    [API_PATHS.generateBlog, { topic: '   ' }, /topic is required/],
    [API_PATHS.generateBlog, { topic: 'x'.repeat(201) }, /at most 200 characters/],
    [API_PATHS.generateBlog, {}, /topic is required/],
    [API_PATHS.generateStory, { ...STORY_REQUEST, storyLength: 250 }, /storyLength must be one of/],
    [API_PATHS.generateStory, { ...STORY_REQUEST, language: 'Klingon' }, /language must be one of/],
    [
      API_PATHS.generateStory,
      { ...STORY_REQUEST, storyType: 'limerick' },
      /storyType must be one of/,
    ],
    [API_PATHS.generateStory, { ...STORY_REQUEST, audience: 'robots' }, /audience must be one of/],
    [API_PATHS.generateStory, { ...STORY_REQUEST, tone: 'sarcastic-ish' }, /tone must be one of/],
    [
      API_PATHS.generateStory,
      { ...STORY_REQUEST, topic: 'x'.repeat(201) },
      /^topic must be at most 200 characters/,
    ],
    [API_PATHS.generateStory, { ...STORY_REQUEST, storyLength: '200' }, /storyLength/],
    [API_PATHS.generateScript, { ...SCRIPT_REQUEST, duration: '0.5' }, /duration/],
    [
      API_PATHS.generateStory,
      { ...STORY_REQUEST, additionalInfo: 'x'.repeat(1001) },
      /at most 1000 characters/,
    ],
  ];
  for (const [url, payload, message] of cases) {
    const response = await app.inject({ method: 'POST', url, payload: payload as object });
    assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(payload).slice(0, 60)}`);
    assert.match(errorMessage(response), message);
  }
  const malformed = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    headers: { 'content-type': 'application/json' },
    payload: '{"topic":',
  });
  assert.equal(malformed.statusCode, 400);
  assert.equal(typeof malformed.json<{ message?: unknown }>().message, 'string');
  assert.equal(generator.requests.length, 0);
});

test('without a text engine every writer answers 503 with how to enable one', async () => {
  const app = await appWith(unavailableEngine(WRITER_MESSAGES.textGenerationUnavailable));
  const calls: [string, object][] = [
    [API_PATHS.generateScript, SCRIPT_REQUEST],
    [API_PATHS.generateBlog, { topic: 'Focus' }],
    [API_PATHS.generateStory, STORY_REQUEST],
  ];
  for (const [url, payload] of calls) {
    const response = await app.inject({ method: 'POST', url, payload });
    assert.equal(response.statusCode, 503, url);
    assert.equal(errorMessage(response), WRITER_MESSAGES.textGenerationUnavailable);
    assert.ok(Number(response.headers['retry-after']) > 0);
  }
});

test('an answer that is empty after cleaning is an error the visitor can act on', async () => {
  // The plan comes back empty twice: nothing to write the post from.
  const app = await appWith(scriptedTextGenerator(['```\n```', '']));
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: 'Focus' },
  });
  assert.equal(response.statusCode, 502);
  assert.match(errorMessage(response), /came back empty\. Please try again/);
});

test('a plan that comes back without its labelled lines twice is named as such, never "empty"', async () => {
  const unreadable = 'Sure! Here is a great idea for your post about focus.';
  const app = await appWith(scriptedTextGenerator([unreadable, unreadable]));
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: 'Focus' },
  });
  assert.equal(response.statusCode, 502);
  assert.equal(errorMessage(response), WRITER_MESSAGES.planUnreadable('blog post'));
});

// The time limit only guards against a hang: a writer that is never stopped waits forever.
test(
  'a visitor who disconnects stops the writer and frees the engine',
  { timeout: 60_000 },
  async () => {
    const generator = hangingTextGenerator();
    const app = await appWith(generator);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    assert.ok(address && typeof address === 'object');
    const visitor = new AbortController();
    const request = fetch(`http://127.0.0.1:${address.port}${API_PATHS.generateStory}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STORY_REQUEST),
      signal: visitor.signal,
    });
    // The visitor goes away while the engine hangs mid-generation.
    void generator.hanging.then(() => visitor.abort());
    await assert.rejects(request);
    await generator.stopped;
    assert.equal(generator.returned, true, 'the generation was stopped');
  },
);
