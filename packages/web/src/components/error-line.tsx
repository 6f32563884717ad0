import { CLIENT_MESSAGES, DEFAULT_ERRORS, TOOL_MESSAGES } from '@ai-tools/contracts';

/** The default failure texts say only that something failed; the page adds what to do next. */
const GENERIC_ERRORS: ReadonlySet<string> = new Set([
  ...Object.values(DEFAULT_ERRORS),
  CLIENT_MESSAGES.noAudioData,
]);

/**
 * The red error line of every tool (docs/product.md section 8). The live region is always in the
 * page so a screen reader announces a message as soon as it appears.
 */
export function ErrorLine({ message }: { message: string | null | undefined }) {
  return (
    <p className="form-error tool-error" role="alert">
      {message ?? ''}
      {message && GENERIC_ERRORS.has(message) ? (
        <span> {TOOL_MESSAGES.genericErrorHint}</span>
      ) : null}
    </p>
  );
}
