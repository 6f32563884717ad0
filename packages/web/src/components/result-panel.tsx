import type { ReactNode } from 'react';
import type { ResultView } from '../lib/use-result-in-view.ts';

interface ResultPanelProps {
  title: string;
  /** Copy and download controls, shown on the right of the title. */
  actions?: ReactNode;
  busy?: boolean;
  /**
   * Lines between the title and the result, outside its live region: they carry their own
   * announcements (a writer's DraftReport).
   */
  notice?: ReactNode;
  /** The page's useResultInView: keeps the panel in view and moves focus to its title. */
  view?: ResultView;
  children: ReactNode;
}

/** The panel that holds a tool's result; its content is announced when it changes. */
export function ResultPanel({
  title,
  actions,
  busy = false,
  notice,
  view,
  children,
}: ResultPanelProps) {
  const headingId = `result-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="card tool-result" aria-labelledby={headingId} ref={view?.panelRef}>
      <div className="tool-result__header">
        {/* Focusable by script only: the arriving result moves focus here (useResultInView). */}
        <h2 id={headingId} className="tool-result__title" tabIndex={-1} ref={view?.headingRef}>
          {title}
        </h2>
        {actions ? <div className="tool-result__actions">{actions}</div> : null}
      </div>
      {notice}
      <div className="tool-result__body" aria-live="polite" aria-busy={busy}>
        {children}
      </div>
    </section>
  );
}
