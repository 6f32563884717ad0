import {
  BLOG_MESSAGES,
  CONTACT_MESSAGES,
  PAGE_TEXTS,
  SPEECH_TO_TEXT_MESSAGES,
  TEXT_TO_SPEECH_MESSAGES,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';

/** The default failure texts say only that something failed; the page adds what to do next. */
const GENERIC_ERRORS: ReadonlySet<string> = new Set([
  CONTACT_MESSAGES.failed,
  TEXT_TO_SPEECH_MESSAGES.failed,
  TEXT_TO_SPEECH_MESSAGES.noAudioData,
  SPEECH_TO_TEXT_MESSAGES.failed,
  WRITER_MESSAGES.failed,
  BLOG_MESSAGES.serverError,
  BLOG_MESSAGES.failed,
  BLOG_MESSAGES.somethingWentWrong,
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
