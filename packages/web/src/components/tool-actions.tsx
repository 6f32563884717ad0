import { STATE_TEXTS } from '@ai-tools/contracts';

interface ToolActionsProps {
  /** A generation is running: the button says so and cannot start another. */
  loading: boolean;
  /** Another reason Generate cannot run, such as an engine that is not ready. */
  disabled?: boolean;
  onClear: () => void;
  generateLabel?: string;
}

/** The Generate and Clear buttons of the writing and speech tools; Generate submits the form. */
export function ToolActions({
  loading,
  disabled = false,
  onClear,
  generateLabel = 'Generate',
}: ToolActionsProps) {
  return (
    <div className="tool-actions">
      <button type="submit" className="button button--primary" disabled={loading || disabled}>
        {loading ? STATE_TEXTS.generating : generateLabel}
      </button>
      <button type="button" className="button button--secondary" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
