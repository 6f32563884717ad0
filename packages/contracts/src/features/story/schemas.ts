/** The story writer's request and answer, validated by the server and typed for the web. */
import { z } from 'zod';
import { additionalInfo, requiredText } from '../../schema-parts.ts';
import { SERVER_MESSAGES } from '../../messages.ts';
import { draftReportShape } from '../../draft-report.ts';
import {
  STORY_LIMITS,
  STORY_LANGUAGES,
  STORY_TYPES,
  STORY_AUDIENCES,
  STORY_TONES,
  STORY_LENGTHS,
} from './facts.ts';
import { STORY_MESSAGES } from './messages.ts';

export const storyRequestSchema = z.object(
  {
    language: z.enum(STORY_LANGUAGES, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('language', STORY_LANGUAGES),
    }),
    storyType: z.enum(STORY_TYPES, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('storyType', STORY_TYPES),
    }),
    audience: z.enum(STORY_AUDIENCES, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('audience', STORY_AUDIENCES),
    }),
    tone: z.enum(STORY_TONES, { error: SERVER_MESSAGES.fieldMustBeOneOf('tone', STORY_TONES) }),
    // Free text: the page offers STORY_THEMES, but any theme of the client's own is welcome.
    topic: requiredText(
      STORY_MESSAGES.topicRequired,
      STORY_LIMITS.storyThemeMaxLength,
      STORY_MESSAGES.topicTooLong,
    ),
    storyLength: z.literal(STORY_LENGTHS, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('storyLength', STORY_LENGTHS),
    }),
    additionalInfo,
  },
  { error: SERVER_MESSAGES.bodyMustBeObject },
);
export type StoryRequest = z.infer<typeof storyRequestSchema>;

export const storyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ story: z.string(), wordCount: z.number().optional(), ...draftReportShape }),
});
export type StoryResponse = z.infer<typeof storyResponseSchema>;
