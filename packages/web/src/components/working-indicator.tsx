import { useEffect, useState } from 'react';
import { formatSeconds } from '../lib/estimates.ts';

interface WorkingIndicatorProps {
  /** A generation is running. */
  running: boolean;
  /** What is under way, such as "Writing your story". */
  label: string;
  /** A rough duration for this request (lib/estimates.ts). */
  estimateSeconds: number;
  /**
   * Said to screen readers once the result has arrived, such as "Your story is ready below." Left
   * out while there is no result (or an error, which the error line announces).
   */
  finishedMessage?: string;
}

/**
 * While a generation runs the visitor sees that work is under way, how long it has taken so far
 * and roughly how long it usually takes. The element stays in the page as a live region, so a
 * screen reader hears the start, the estimate and the end, but not the seconds ticking by.
 */
export function WorkingIndicator({
  running,
  label,
  estimateSeconds,
  finishedMessage,
}: WorkingIndicatorProps) {
  return (
    <div role="status">
      {running ? (
        <RunningIndicator label={label} estimateSeconds={estimateSeconds} />
      ) : finishedMessage ? (
        <p className="visually-hidden">{finishedMessage}</p>
      ) : null}
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
