import { PAGE_TEXTS } from '@ai-tools/contracts';
import { copyFormattedText } from '../lib/clipboard.ts';

const COPY_LABEL = PAGE_TEXTS.copyToClipboard;
const COPIED_LABEL = PAGE_TEXTS.copied;

interface CopyButtonProps {
  /** Markdown: it is copied as formatted HTML and as plain text (lib/clipboard.ts). */
  text: string;
  /** The page owns the copied flag, so its Clear can reset it (docs/product.md section 4). */
  copied: boolean;
  onCopied: () => void;
  /** The id of a line that says more about what is copied, such as a partial draft's note. */
  describedBy?: string;
}

/** The copy icon: tooltip 'Copy to clipboard', then 'Copied!' in green while `copied` is on. */
export function CopyButton({ text, copied, onCopied, describedBy }: CopyButtonProps) {
  const label = copied ? COPIED_LABEL : COPY_LABEL;
  const handleClick = () => {
    // docs/product.md section 8: a copy failure is only logged.
    copyFormattedText(text).then(onCopied, (error: unknown) =>
      console.error('Copy failed:', error),
    );
  };
  return (
    <span className="tooltip-anchor">
      <button
        type="button"
        className={`icon-button${copied ? ' icon-button--done' : ''}`}
        onClick={handleClick}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={!text}
      >
        {copied ? (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <rect
              x="8"
              y="8"
              width="12"
              height="12"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path
              d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
        )}
      </button>
      {/* A status region, so "Copied!" is also announced to screen reader users. */}
      <span role="status" className={`tooltip${copied ? ' tooltip--visible' : ''}`}>
        {label}
      </span>
    </span>
  );
}
