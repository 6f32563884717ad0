import type { ReactNode } from 'react';

interface ResultPanelProps {
  title: string;
  /** Copy and download controls, shown on the right of the title. */
  actions?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}

/** The panel that holds a tool's result; its content is announced when it changes. */
export function ResultPanel({ title, actions, busy = false, children }: ResultPanelProps) {
  const headingId = `result-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="card tool-result" aria-labelledby={headingId}>
      <div className="tool-result__header">
        <h2 id={headingId} className="tool-result__title">
          {title}
        </h2>
        {actions ? <div className="tool-result__actions">{actions}</div> : null}
      </div>
      <div className="tool-result__body" aria-live="polite" aria-busy={busy}>
        {children}
      </div>
    </section>
  );
}
