import type { ResultView } from '../lib/use-result-in-view.ts';
import { isPartialDraft, type DraftStanding } from '../lib/writer-stream.ts';
import { CopyButton } from './copy-button.tsx';
import { DraftReport, draftTitle, partialDraftNoteId } from './draft-report.tsx';
import { MarkdownView } from './markdown-view.tsx';
import { ResultPanel } from './result-panel.tsx';
import { TextStats } from './text-stats.tsx';

interface WriterResultProps {
  /** Prefixes the draft note's id; one per page. */
  panelId: string;
  /** The page's title over a whole text that passed the writer's check (draftTitle). */
  successTitle: string;
  /** A line over a whole text, where the page has one. */
  successMessage?: string;
  /** What the panel shows: the text as it streams, then the finished one. */
  shownText: string;
  /** What Copy copies: the finished text only. */
  finishedText: string;
  loading: boolean;
  standing: DraftStanding | null;
  problems: readonly string[];
  view: ResultView;
  copied: boolean;
  onCopied: () => void;
  onRetry: () => void;
}

/**
 * A markdown writer's result (blog, story, product description): the title that says what the
 * draft is, Copy, the draft's report with its Retry, and the text with its counts.
 */
export function WriterResult({
  panelId,
  successTitle,
  successMessage,
  shownText,
  finishedText,
  loading,
  standing,
  problems,
  view,
  copied,
  onCopied,
  onRetry,
}: WriterResultProps) {
  return (
    <ResultPanel
      title={draftTitle(successTitle, standing)}
      busy={loading}
      view={view}
      actions={
        <CopyButton
          text={loading ? '' : finishedText}
          copied={copied}
          onCopied={onCopied}
          describedBy={isPartialDraft(standing) ? partialDraftNoteId(panelId) : undefined}
        />
      }
      notice={
        <DraftReport panelId={panelId} standing={standing} problems={problems} onRetry={onRetry} />
      }
    >
      {successMessage && standing === 'whole' ? (
        <p className="tool-success">{successMessage}</p>
      ) : null}
      <MarkdownView text={shownText} streaming={loading} />
      <TextStats text={shownText} />
    </ResultPanel>
  );
}
