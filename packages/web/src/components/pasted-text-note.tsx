/**
 * Under a limited field: what a paste over the limit lost. The region stays in the page while
 * empty, so screen readers announce the note when it appears.
 */
export function PastedTextNote({ note }: { note: string | null }) {
  return (
    <p className="pasted-text-note" aria-live="polite">
      {note ?? ''}
    </p>
  );
}
