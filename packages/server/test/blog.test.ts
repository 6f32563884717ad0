/**
 * The blog writer's request options through the real app, with a scripted text model: what the
 * visitor asks for reaches the model's prompt, and a request it cannot take never reaches the model.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  BLOG_MESSAGES,
  blogResponseSchema,
  DRAFT_PROBLEM_MESSAGES,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { blogPlanGrammar, blogPlanPrompt } from '../src/features/blog/service.ts';
import { LANGUAGE_PROFILES } from '../src/writers/languages.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { writerDouble, type WriterReply } from './helpers/writers-text-generator.ts';

const apps: FastifyInstance[] = [];
after(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function blogApp(reply?: WriterReply) {
  const generator = writerDouble(reply);
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

test('keywords reach the plan, the first as the main keyword', async () => {
  const { app, generator } = await blogApp();
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: 'Focus at work', keywords: [' deep work ', 'time blocking', 'focus'] },
  });
  assert.equal(response.statusCode, 200, response.body);
  const answer = blogResponseSchema.parse(response.json());
  assert.match(answer.data?.content ?? '', /^# deep work: Better Sleep: A Plan That Works\n/);
  assert.equal(answer.message, BLOG_MESSAGES.generated);
  const plan = generator.requests[0];
  assert.match(plan?.prompt ?? '', /Main keyword: "deep work"\./);
  assert.match(
    plan?.prompt ?? '',
    /Other keywords, one per section in this order: "time blocking", "focus"\./,
  );
  // The grammar places them: the title starts with the main one, the first two sections' headings
  // with the others, and the last two headings are free.
  const grammar = plan?.grammar ?? '';
  assert.match(grammar, /root ::= "Title: " "Deep work" ": " heading /);
  assert.match(
    grammar,
    /"- " "Time blocking" \(":"\? " " heading\)\? "\\n" "- " "Focus" \(":"\? " " heading\)\? "\\n" "- " heading "\\n" "- " heading "\\n" "Closing section: "/,
  );
});

test('a keyword or topic of HTML never reaches the answer as markup', async () => {
  const injection = '<script>alert(1)</script>';
  const { app, generator } = await blogApp((request) =>
    request.prompt.includes('Write section 1')
      ? 'Escape <b>every</b> input. Trust no form field you did not check yourself today.'
      : undefined,
  );
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: `${injection} web security`, keywords: [injection] },
  });
  assert.equal(response.statusCode, 200, response.body);
  const answer = blogResponseSchema.parse(response.json());
  assert.doesNotMatch(JSON.stringify(answer.data), /</);
  assert.match(answer.data?.content ?? '', /Escape every input\./);
  assert.match(generator.requests[0]?.prompt ?? '', /"alert\(1\) web security"/);
});

test('a draft that still has problems says so instead of the success message', async () => {
  const { app } = await blogApp((request) =>
    request.prompt.includes('Write the closing section')
      ? 'Drink water first, then TODO the rest.'
      : undefined,
  );
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.generateBlog,
    payload: { topic: 'Focus at work' },
  });
  assert.equal(response.statusCode, 200, response.body);
  const answer = blogResponseSchema.parse(response.json());
  // The closing part's own problems after its rewrite, named with the post's.
  assert.deepEqual(answer.data?.problems, [
    DRAFT_PROBLEM_MESSAGES.placeholder('TODO'),
    DRAFT_PROBLEM_MESSAGES.length(7, 25, 150),
  ]);
  assert.equal(answer.message, WRITER_MESSAGES.draftHasProblems(answer.data?.problems ?? []));
});

test('without keywords the plan is the topic alone and the grammar leaves every heading free', () => {
  const prompt = blogPlanPrompt({
    topic: 'Focus at work',
    keywords: [],
    profile: LANGUAGE_PROFILES.English,
  });
  assert.match(prompt, /^Plan a blog post about: "Focus at work"\.\nGive a title/);
  assert.match(blogPlanGrammar([]), /root ::= "Title: " heading "\\nMeta description: "/);
  assert.doesNotMatch(blogPlanGrammar([]), /\(":"\? " " heading\)\?/);
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
