import type { ReactNode } from 'react';

interface DownloadButtonProps {
  onClick: () => void;
  disabled?: boolean;
  /** The id of a line that says more about the file, such as a partial draft's note. */
  describedBy?: string;
  children: ReactNode;
}

/** A button with a download icon; the page decides the file's name and content. */
export function DownloadButton({ onClick, disabled, describedBy, children }: DownloadButtonProps) {
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={onClick}
      disabled={disabled}
      aria-describedby={describedBy}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {children}
    </button>
  );
}
