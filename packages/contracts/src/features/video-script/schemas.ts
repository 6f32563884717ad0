/** The video script writer's request and answer, validated by the server and typed for the web. */
import { z } from 'zod';
import { additionalInfo } from '../../schema-parts.ts';
import { SERVER_MESSAGES } from '../../messages.ts';
import { draftReportShape } from '../../draft-report.ts';
import { DURATIONS, PLATFORMS, SCRIPT_TOPIC_NAMES } from './facts.ts';

export const videoScriptRequestSchema = z.object(
  {
    topic: z.enum(SCRIPT_TOPIC_NAMES as [string, ...string[]], {
      error: SERVER_MESSAGES.fieldMustBeOneOf('topic', SCRIPT_TOPIC_NAMES),
    }),
    platform: z.enum(PLATFORMS, { error: SERVER_MESSAGES.fieldMustBeOneOf('platform', PLATFORMS) }),
    duration: z.literal(DURATIONS, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('duration', DURATIONS),
    }),
    additionalInfo,
  },
  { error: SERVER_MESSAGES.bodyMustBeObject },
);
export type VideoScriptRequest = z.infer<typeof videoScriptRequestSchema>;

export const videoScriptResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ script: z.string(), ...draftReportShape }),
});
export type VideoScriptResponse = z.infer<typeof videoScriptResponseSchema>;
