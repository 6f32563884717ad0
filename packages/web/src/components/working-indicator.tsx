import { useEffect, useState } from 'react';
import { formatSeconds } from '../lib/estimates.ts';

interface WorkingIndicatorProps {
  /** What is under way, such as "Writing your story". */
  label: string;
  /** A rough duration for this request (lib/estimates.ts). */
  estimateSeconds: number;
}

/**
 * Shown while a generation runs: the visitor sees that work is under way, how long it has taken so
 * far and roughly how long it usually takes for a request of this size.
 */
export function WorkingIndicator({ label, estimateSeconds }: WorkingIndicatorProps) {
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
    <div className="working" role="status">
      <span className="working__spinner" aria-hidden="true" />
      <div className="working__text">
        <p className="working__label">{label}…</p>
        <p className="working__time">
          {formatSeconds(elapsedSeconds)} so far ·{' '}
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
