import { WRITER_MESSAGES, type WriterStep } from '@ai-tools/contracts';

interface WriterStreamNoteProps {
  /** What the writer works on while it writes; null once it is done. */
  step: WriterStep | null;
  /** Text has arrived since the step began: a part being written then shows itself. */
  textSinceStep: boolean;
  /** The visitor stopped the last generation. */
  stopped: boolean;
}

/** What each step says while the text does not move. */
const STEP_NOTES: Record<WriterStep, string> = {
  planning: WRITER_MESSAGES.planning,
  writing: WRITER_MESSAGES.startingPart,
  rewriting: WRITER_MESSAGES.rewriting,
};

/**
 * A writer's line under its buttons: what the writer works on while its text stands still (the
 * plan, a part written again), so the page never looks frozen, or that the visitor stopped the
 * generation. The place in line is the WorkingIndicator's (one message for each state, issue 22).
 * The live region stays in the page, so a screen reader hears each change once, politely, and
 * never the streamed text itself.
 */
export function WriterStreamNote({ step, textSinceStep, stopped }: WriterStreamNoteProps) {
  // A part being written shows itself once its words come.
  const quietStep = step && !(step === 'writing' && textSinceStep) ? step : null;
  const text = quietStep ? STEP_NOTES[quietStep] : stopped ? WRITER_MESSAGES.stopped : '';
  return (
    <p className="tool-hint writer-stream-note" role="status" aria-live="polite">
      {text}
    </p>
  );
}
