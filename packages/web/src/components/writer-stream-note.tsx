import { WRITER_MESSAGES, type WriterStep } from '@ai-tools/contracts';

interface WriterStreamNoteProps {
  /** What the writer works on while it writes; null once it is done. */
  step: WriterStep | null;
  /** The visitor stopped the last generation. */
  stopped: boolean;
}

/** What each step says while the text does not move; a part being written shows itself. */
const STEP_NOTES: Record<WriterStep, string> = {
  planning: WRITER_MESSAGES.planning,
  writing: '',
  rewriting: WRITER_MESSAGES.rewriting,
};

/**
 * A writer's line under its buttons: what the writer works on while its text stands still (the
 * plan, a part written again), so the page never looks frozen, or that the visitor stopped the
 * generation. The place in line is the WorkingIndicator's (one message for each state, issue 22).
 * The live region stays in the page, so a screen reader hears each change once, politely, and
 * never the streamed text itself.
 */
export function WriterStreamNote({ step, stopped }: WriterStreamNoteProps) {
  const text = step ? STEP_NOTES[step] : stopped ? WRITER_MESSAGES.stopped : '';
  return (
    <p className="tool-hint writer-stream-note" role="status" aria-live="polite">
      {text}
    </p>
  );
}
