/** The story writer's request and answer, validated by the server and typed for the web. */
import { z } from 'zod';
import { additionalInfo, BODY_MUST_BE_OBJECT, oneOf, requiredText } from '../../schema-parts.ts';
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
    language: z.enum(STORY_LANGUAGES, { error: oneOf('language', STORY_LANGUAGES) }),
    storyType: z.enum(STORY_TYPES, { error: oneOf('storyType', STORY_TYPES) }),
    audience: z.enum(STORY_AUDIENCES, { error: oneOf('audience', STORY_AUDIENCES) }),
    tone: z.enum(STORY_TONES, { error: oneOf('tone', STORY_TONES) }),
    // Free text: the page offers STORY_THEMES, but any theme of the client's own is welcome.
    topic: requiredText(
      STORY_MESSAGES.topicRequired,
      STORY_LIMITS.storyThemeMaxLength,
      STORY_MESSAGES.topicTooLong,
    ),
    storyLength: z.literal(STORY_LENGTHS, { error: oneOf('storyLength', STORY_LENGTHS) }),
    additionalInfo,
  },
  { error: BODY_MUST_BE_OBJECT },
);
export type StoryRequest = z.infer<typeof storyRequestSchema>;

export const storyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ story: z.string(), wordCount: z.number().optional() }),
});
export type StoryResponse = z.infer<typeof storyResponseSchema>;
