import { PAGE_TEXTS, TOOL_DESCRIPTORS, WRITER_MESSAGES } from '@ai-tools/contracts';

/**
 * The default failure texts say only that something failed; the page adds what to do next. Each
 * tool names its own in its descriptor; the writers share theirs.
 */
const GENERIC_ERRORS: ReadonlySet<string> = new Set([
  ...TOOL_DESCRIPTORS.flatMap((tool) => tool.genericErrors),
  WRITER_MESSAGES.failed,
]);

/**
 * The red error line of every tool (docs/product.md section 8). The live region is always in the
 * page so a screen reader announces a message as soon as it appears.
 */
export function ErrorLine({ message }: { message: string | null | undefined }) {
  return (
    <p className="form-error tool-error" role="alert">
      {message ?? ''}
      {message && GENERIC_ERRORS.has(message) ? <span> {PAGE_TEXTS.genericErrorHint}</span> : null}
    </p>
  );
}
