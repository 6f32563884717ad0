/**
 * The blog writer's lists and limits: plain values, free of zod, so the website's first load may use
 * them. Its request and answer are in schemas.ts beside this file.
 */
export const BLOG_LIMITS = {
  blogTopicMaxLength: 200,
  /** The SEO keywords a post is asked to use: the first is its main keyword. */
  blogKeywordsMaxCount: 5,
  blogKeywordMaxLength: 60,
} as const;
