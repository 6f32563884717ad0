import type { MouseEvent } from 'react';
import { WRITER_MESSAGES, PAGE_TEXTS } from '@ai-tools/contracts';

interface ToolActionsProps {
  /** A generation is running: the button says so and cannot start another. */
  loading: boolean;
  /** Another reason Generate cannot run, such as an engine that is not ready. */
  disabled?: boolean;
  onClear: () => void;
  /** Given by the writers: while loading, a Stop button ends the generation. */
  onStop?: () => void;
  generateLabel?: string;
}

/**
 * The Generate and Clear buttons of the writing and speech tools, and the writers' Stop button
 * while they write; Generate submits the form.
 */
export function ToolActions({
  loading,
  disabled = false,
  onClear,
  onStop,
  generateLabel = 'Generate',
}: ToolActionsProps) {
  // While loading, Generate is only marked disabled: a disabled button loses focus, which then
  // falls to the page's body and leaves a keyboard or screen reader user nowhere (issue 22). The
  // click it still gets (Enter in a field clicks it too) is cancelled, so nothing is sent twice.
  const refuseWhileLoading = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) event.preventDefault();
  };
  return (
    <div className="tool-actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={disabled}
        aria-disabled={loading}
        onClick={refuseWhileLoading}
      >
        {loading ? PAGE_TEXTS.generating : generateLabel}
      </button>
      {loading && onStop ? (
        <button type="button" className="button button--secondary" onClick={onStop}>
          {WRITER_MESSAGES.stop}
        </button>
      ) : null}
      <button type="button" className="button button--secondary" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
