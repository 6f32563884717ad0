import { WRITER_MESSAGES } from '@ai-tools/contracts';
import { isPartialDraft, type DraftStanding } from '../lib/writer-stream.ts';

const TITLES: Record<Exclude<DraftStanding, 'whole'>, string> = {
  stopped: WRITER_MESSAGES.stoppedPartialDraft,
  cutOffAtTimeLimit: WRITER_MESSAGES.cutOffAtTimeLimit,
  failedPartway: WRITER_MESSAGES.partialDraft,
  problems: WRITER_MESSAGES.draftWithProblems,
};

/**
 * A writer's result panel title: the page's success title (docs/product.md section 2) over a whole
 * text that passed the writer's check, and over the panel's own states (writing, no text yet);
 * otherwise what the text is, so a partial or failing draft never reads as a success.
 */
export function draftTitle(successTitle: string, standing: DraftStanding | null): string {
  return standing === null || standing === 'whole' ? successTitle : TITLES[standing];
}

/** The partial draft note's id, for the controls it describes (copy, download). */
export function partialDraftNoteId(panelId: string): string {
  return `${panelId}-partial-draft-note`;
}

interface DraftReportProps {
  /** Prefixes the note's id (partialDraftNoteId). */
  panelId: string;
  standing: DraftStanding | null;
  /** What the writer's check still found wrong in the finished text. */
  problems: readonly string[];
  /** Runs the same generation again. */
  onRetry: () => void;
}

/**
 * Under a writer's result panel title: that a partial draft ends where the writing stopped (the
 * copy, download and voice-over controls point to this line), and the problems the writer's check
 * still found, with a Retry. The problems are an alert: they replace a success message.
 */
export function DraftReport({ panelId, standing, problems, onRetry }: DraftReportProps) {
  if (standing === null) return null;
  return (
    <>
      {isPartialDraft(standing) ? (
        <p id={partialDraftNoteId(panelId)} className="draft-note">
          {WRITER_MESSAGES.partialDraftNote}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div className="draft-problems">
          <p className="form-error" role="alert">
            {WRITER_MESSAGES.draftHasProblems(problems)}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onRetry}
          >
            {WRITER_MESSAGES.retry}
          </button>
        </div>
      ) : null}
    </>
  );
}
