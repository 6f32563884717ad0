import { useEffect, useState } from 'react';
import type { QueueEvent } from '@ai-tools/contracts';
import { formatSeconds, queuedText } from '../lib/estimates.ts';

interface WorkingIndicatorProps {
  /** A generation is running: waiting in line, then at work. */
  running: boolean;
  /** What is under way, such as "Writing your story". */
  label: string;
  /** A rough duration of the work itself, from its start (lib/estimates.ts, or the server's). */
  estimateSeconds: number;
  /** The request's place in line while it waits for the engine; null once the engine works on it. */
  queue?: QueueEvent | null;
  /**
   * Said to screen readers once the result has arrived, such as "Your story is ready below." Left
   * out while there is no result (or an error, which the error line announces).
   */
  finishedMessage?: string;
}

/**
 * While a generation runs the visitor sees one of two states, each with one message (issue 22):
 * waiting in line ("Waiting in line: 1 ahead, about 2 min"), then at work, with the time taken
 * since the work started, the usual duration and a bar. The element stays in the page as a live
 * region, so a screen reader hears the place in line, the start, the estimate and the end, but not
 * the seconds ticking by.
 */
export function WorkingIndicator({
  running,
  label,
  estimateSeconds,
  queue = null,
  finishedMessage,
}: WorkingIndicatorProps) {
  return (
    <div role="status">
      {running ? (
        queue ? (
          <WaitingIndicator queue={queue} />
        ) : (
          // Mounted when the work starts, so its clock counts from then, not from the press.
          <RunningIndicator label={label} estimateSeconds={estimateSeconds} />
        )
      ) : finishedMessage ? (
        <p className="visually-hidden">{finishedMessage}</p>
      ) : null}
    </div>
  );
}

/**
 * No bar and no running clock: nothing is being made yet, only the line moves. Also a long
 * recording's job while it waits (features/speech-to-text/job-progress.tsx).
 */
export function WaitingIndicator({ queue }: { queue: QueueEvent }) {
  return (
    <div className="working working--waiting">
      <span className="working__spinner" aria-hidden="true" />
      <div className="working__text">
        <p className="working__label">{queuedText(queue)}</p>
      </div>
    </div>
  );
}

function RunningIndicator({ label, estimateSeconds }: { label: string; estimateSeconds: number }) {
  const [elapsedSeconds, setElapsedSeconds] = useState(0);

  useEffect(() => {
    const startedAt = Date.now();
    const timer = setInterval(
      () => setElapsedSeconds(Math.floor((Date.now() - startedAt) / 1000)),
      1000,
    );
    return () => clearInterval(timer);
  }, []);

  const overdue = elapsedSeconds > estimateSeconds;
  // The bar never reaches the end on its own: only the answer completes it.
  const progress = Math.min(0.95, elapsedSeconds / Math.max(1, estimateSeconds));
  return (
    <div className="working">
      <span className="working__spinner" aria-hidden="true" />
      <div className="working__text">
        <p className="working__label">{label}…</p>
        <p className="working__time">
          <span aria-hidden="true">{formatSeconds(elapsedSeconds)} so far · </span>
          {overdue
            ? 'taking longer than usual, still working'
            : `usually about ${formatSeconds(estimateSeconds)}`}
        </p>
        <div className="working__bar" aria-hidden="true">
          <div className="working__bar-fill" style={{ transform: `scaleX(${progress})` }} />
        </div>
      </div>
    </div>
  );
}
