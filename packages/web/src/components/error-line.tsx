/**
 * The red error line of every tool (SPEC section 8). The live region is always in the page so a
 * screen reader announces a message as soon as it appears.
 */
export function ErrorLine({ message }: { message: string | null | undefined }) {
  return (
    <p className="form-error tool-error" role="alert">
      {message ?? ''}
    </p>
  );
}
