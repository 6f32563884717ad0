/** Speech to text's answer: the transcript, its language and its timed segments. */
import { z } from 'zod';

export const transcriptSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

export const speechToTextResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    transcript: z.string(),
    language: z.string().optional(),
    segments: z.array(transcriptSegmentSchema).optional(),
    durationSeconds: z.number().optional(),
    engine: z.string().optional(),
  }),
});
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;
