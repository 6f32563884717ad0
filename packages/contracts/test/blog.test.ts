/**
 * The blog request's contract: the topic, and the optional SEO keywords with their limits.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLOG_LIMITS, BLOG_MESSAGES, blogRequestSchema } from '../src/index.ts';

test('keywords are optional, trimmed, and kept in the order given', () => {
  assert.deepEqual(blogRequestSchema.parse({ topic: 'Focus' }), { topic: 'Focus' });
  assert.deepEqual(blogRequestSchema.parse({ topic: 'Focus', keywords: [' deep work ', 'flow'] }), {
    topic: 'Focus',
    keywords: ['deep work', 'flow'],
  });
});

test('keywords beyond the limits are refused with the one keyword message', () => {
  const refused = [
    Array.from({ length: BLOG_LIMITS.blogKeywordsMaxCount + 1 }, (_, index) => `k${index}`),
    ['x'.repeat(BLOG_LIMITS.blogKeywordMaxLength + 1)],
    [''],
    'deep work',
  ];
  for (const keywords of refused) {
    const result = blogRequestSchema.safeParse({ topic: 'Focus', keywords });
    assert.equal(result.success, false, JSON.stringify(keywords));
    assert.equal(result.error?.issues[0]?.message, BLOG_MESSAGES.keywordsInvalid);
  }
  const longest = 'x'.repeat(BLOG_LIMITS.blogKeywordMaxLength);
  assert.equal(blogRequestSchema.safeParse({ topic: 'Focus', keywords: [longest] }).success, true);
});
