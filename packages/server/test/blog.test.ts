/**
 * The blog writer's request options through the real app, with a scripted text model: what the
 * visitor asks for reaches the model's prompt, and a request it cannot take never reaches the model.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, BLOG_MESSAGES, blogResponseSchema } from '@ai-tools/contracts';
import { blogGrammar, blogPrompt } from '../src/features/blog/service.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { scriptedTextGenerator } from './helpers/writers-text-generator.ts';

const POST = '# Focus\n\n**Meta description:** Focus.\n\n## Start\n\n- Now';

const apps: FastifyInstance[] = [];
after(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function blogApp(reply = POST) {
  const generator = scriptedTextGenerator([reply]);
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
  const asked = generator.requests[0];
  assert.match(asked?.prompt ?? '', /The title starts with "deep work" and goes on after a colon/);
  assert.match(
    asked?.prompt ?? '',
    /The first sections are about "time blocking", "focus", in this order/,
  );
  // The grammar places them: the title starts with the main one, the first two sections' headings
  // with the others, and the last two headings are free.
  const grammar = asked?.grammar ?? '';
  assert.match(grammar, /root ::= "# " "Deep work" title-tail /);
  assert.match(
    grammar,
    /"## " "Time blocking" heading-tail section-body "## " "Focus" heading-tail section-body "## " heading section-body "## " heading section-body "## Conclusion/,
  );
});

test('a keyword of HTML that the grammar put in the title reaches the answer as text, not markup', async () => {
  const injection = '<script>alert(1)</script>';
  const { app } = await blogApp(
    `# ${injection}: Web Security Basics\n\n**Meta description:** Safe pages.\n\n## Start\n\nEscape <b>every</b> input.`,
  );
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: `${injection} web security`, keywords: [injection] },
  });
  assert.equal(response.statusCode, 200, response.body);
  const content = blogResponseSchema.parse(response.json()).data?.content ?? '';
  assert.doesNotMatch(content, /</);
  assert.match(content, /^# alert\(1\): Web Security Basics\n/);
  assert.match(content, /Escape every input\./);
});

test('without keywords the prompt is the topic alone and the grammar leaves every heading free', () => {
  const { prompt } = blogPrompt({ topic: 'Focus at work' });
  assert.equal(
    prompt,
    'Write a blog post about: "Focus at work".\nLength: about 800 words.\nWrite in the language of the topic.',
  );
  assert.match(blogGrammar(), /root ::= "# " heading "\\n\\n\*\*Meta description/);
  assert.doesNotMatch(blogGrammar(), /heading-tail section-body/);
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
