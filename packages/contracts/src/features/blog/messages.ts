/**
 * Everything the blog writer says beyond the writers' shared messages (docs/product.md sections 7
 * and 8). Plain values, free of zod, so the website's first load may use them.
 */
import { BLOG_LIMITS } from './facts.ts';

export const BLOG_MESSAGES = {
  topicRequired: 'topic is required.',
  topicTooLong: `topic must be at most ${BLOG_LIMITS.blogTopicMaxLength} characters.`,
  keywordsHint: `Optional: up to ${BLOG_LIMITS.blogKeywordsMaxCount} keywords, separated by commas. The first is the main one: it goes in the title and the headings.`,
  keywordsInvalid: `Please give at most ${BLOG_LIMITS.blogKeywordsMaxCount} keywords, each at most ${BLOG_LIMITS.blogKeywordMaxLength} characters.`,
  generated: 'Blog generated successfully!',
  /** docs/product.md section 7's three error texts: a failed call, an unsuccessful reply, and the slice's fallback. */
  serverError: 'Server Error',
  failed: 'Failed to generate blog',
  somethingWentWrong: 'Something went wrong!',
  listen: 'Reads your post aloud in the voice you choose, with captions timed to the audio.',
} as const;
