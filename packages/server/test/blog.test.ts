/**
 * The blog writer's request options through the real app, with a scripted text model: what the
 * visitor asks for reaches the model's prompt, and a request it cannot take never reaches the model.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, BLOG_MESSAGES, blogResponseSchema } from '@ai-tools/contracts';
import { blogPrompt } from '../src/features/blog/service.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { scriptedTextGenerator } from './helpers/writers-text-generator.ts';

const POST = '# Focus\n\n**Meta description:** Focus.\n\n## Start\n\n- Now';

const apps: FastifyInstance[] = [];
after(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function blogApp() {
  const generator = scriptedTextGenerator([POST]);
  const app = await makeApp({
    providers: {
      text: generator,
      speech: unavailableEngine('not in this test'),
      transcription: unavailableEngine('not in this test'),
    },
  });
  apps.push(app);
  return { app, generator };
}

test('keywords reach the prompt, the first as the main keyword', async () => {
  const { app, generator } = await blogApp();
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: 'Focus at work', keywords: [' deep work ', 'time blocking', 'focus'] },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(blogResponseSchema.parse(response.json()).data?.content, POST);
  const prompt = generator.requests[0]?.prompt ?? '';
  assert.match(prompt, /Main keyword: "deep work"\. Use it in the title/);
  assert.match(
    prompt,
    /Also use these keywords naturally, each at least once: "time blocking", "focus"\./,
  );
});

test('without keywords the prompt is the topic alone, as before', () => {
  const { prompt } = blogPrompt({ topic: 'Focus at work' });
  assert.equal(
    prompt,
    'Write a blog post about: "Focus at work".\nLength: about 800 words.\nWrite in the language of the topic.',
  );
});

test('too many, too long, blank or non-text keywords are a 400, and the model is never asked', async () => {
  const { app, generator } = await blogApp();
  for (const keywords of [
    ['one', 'two', 'three', 'four', 'five', 'six'],
    ['x'.repeat(61)],
    ['  '],
    'deep work, focus',
    [42],
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.generateBlog,
      payload: { topic: 'Focus at work', keywords },
    });
    assert.equal(response.statusCode, 400, JSON.stringify(keywords));
    assert.equal(errorMessage(response), BLOG_MESSAGES.keywordsInvalid, JSON.stringify(keywords));
  }
  assert.equal(generator.requests.length, 0);
});
