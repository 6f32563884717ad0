/**
 * The blog writer's lists and limits: plain values, free of zod, so the website's first load may use
 * them. Its request and answer are in schemas.ts beside this file.
 */
export const BLOG_LIMITS = {
  blogTopicMaxLength: 200,
} as const;
