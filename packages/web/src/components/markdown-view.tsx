import { lazy, Suspense, type ComponentPropsWithoutRef } from 'react';
import { plainTextOf, withoutOpenMarkers } from '../lib/markdown-text.ts';

// Loaded on first use, so the renderer never weighs on the home page or a page without results.
const ReactMarkdown = lazy(() => import('react-markdown'));

/**
 * A result sits under the page's h1 and the panel's h2, so the text's own headings start at h3:
 * the page outline stays correct for screen reader users.
 */
const SHIFTED_HEADINGS = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6' } as const;

/** A link in a result opens in a new tab: following it must not lose the visitor's result. */
function ResultLink({ href, children }: ComponentPropsWithoutRef<'a'>) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const COMPONENTS = { ...SHIFTED_HEADINGS, a: ResultLink };

/**
 * A generated text rendered as markdown. Raw HTML in the text is shown as text and never run:
 * react-markdown turns it into text nodes unless rehype-raw is added, which it must never be here.
 * No raw marker ever shows (issue 22): while the text streams, a marker not yet closed waits for
 * its pair; until the renderer has loaded, the text shows as plain text.
 */
export function MarkdownView({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const shown = streaming ? withoutOpenMarkers(text) : text;
  return (
    <div className="markdown-view">
      <Suspense fallback={<p className="markdown-view__plain">{plainTextOf(shown)}</p>}>
        <ReactMarkdown components={COMPONENTS}>{shown}</ReactMarkdown>
      </Suspense>
    </div>
  );
}
