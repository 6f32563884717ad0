import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A flag that turns itself off after `durationMs`: the 2 s notes and the copied indicator
 * (docs/product.md section 9). Showing it again restarts the time; unmounting cancels the timer.
 */
export function useTimedFlag(durationMs: number): [boolean, () => void, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setOn(false);
  }, []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), durationMs);
  }, [durationMs]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return [on, show, reset];
}
