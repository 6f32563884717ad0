/** The video script writer's request and answer, validated by the server and typed for the web. */
import { z } from 'zod';
import { additionalInfo, BODY_MUST_BE_OBJECT, oneOf } from '../../schema-parts.ts';
import { DURATIONS, PLATFORMS, SCRIPT_TOPIC_NAMES } from './facts.ts';

export const videoScriptRequestSchema = z.object(
  {
    topic: z.enum(SCRIPT_TOPIC_NAMES as [string, ...string[]], {
      error: oneOf('topic', SCRIPT_TOPIC_NAMES),
    }),
    platform: z.enum(PLATFORMS, { error: oneOf('platform', PLATFORMS) }),
    duration: z.literal(DURATIONS, { error: oneOf('duration', DURATIONS) }),
    additionalInfo,
  },
  { error: BODY_MUST_BE_OBJECT },
);
export type VideoScriptRequest = z.infer<typeof videoScriptRequestSchema>;

export const videoScriptResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ script: z.string() }),
});
export type VideoScriptResponse = z.infer<typeof videoScriptResponseSchema>;
