/** The blog writer's request and answer, validated by the server and typed for the web. */
import { z } from 'zod';
import { requiredText } from '../../schema-parts.ts';
import { SERVER_MESSAGES } from '../../messages.ts';
import { draftReportShape } from '../../draft-report.ts';
import { BLOG_LIMITS } from './facts.ts';
import { BLOG_MESSAGES } from './messages.ts';

export const blogRequestSchema = z.object(
  {
    topic: requiredText(
      BLOG_MESSAGES.topicRequired,
      BLOG_LIMITS.blogTopicMaxLength,
      BLOG_MESSAGES.topicTooLong,
    ),
    /** Optional SEO keywords, the main one first; a request without them is docs/product.md's. */
    keywords: z
      .array(
        requiredText(
          BLOG_MESSAGES.keywordsInvalid,
          BLOG_LIMITS.blogKeywordMaxLength,
          BLOG_MESSAGES.keywordsInvalid,
        ),
        { error: BLOG_MESSAGES.keywordsInvalid },
      )
      .max(BLOG_LIMITS.blogKeywordsMaxCount, BLOG_MESSAGES.keywordsInvalid)
      .optional(),
  },
  { error: SERVER_MESSAGES.bodyMustBeObject },
);
export type BlogRequest = z.infer<typeof blogRequestSchema>;

/** docs/product.md section 7: the client reads `success`, `data.content` and `message`. */
export const blogResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ content: z.string(), ...draftReportShape }).optional(),
  message: z.string().optional(),
});
export type BlogResponse = z.infer<typeof blogResponseSchema>;
