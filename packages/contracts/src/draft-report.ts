import { z } from 'zod';

/**
 * What every writer's answer says about its text besides the text itself (server's
 * writers/draft-check.ts). An answer without these fields is a whole text that passed every check.
 */
export const draftReportShape = {
  /**
   * What the writer's check still found wrong after rewriting the failing parts once, in words for
   * the visitor (messages.ts DRAFT_PROBLEM_MESSAGES). The page shows them instead of a success message.
   */
  problems: z.array(z.string()).optional(),
  /** True when the time limit ended the writing: the text is a partial draft. */
  cutOffAtTimeLimit: z.boolean().optional(),
};
export const draftReportSchema = z.object(draftReportShape);
export type DraftReport = z.infer<typeof draftReportSchema>;
