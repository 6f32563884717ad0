import { ApiRequestError } from './api-client.ts';

/**
 * docs/product.md section 8: a failure shows the server reply's `message` if present, otherwise the
 * error's own message, otherwise the feature's default. The video script uses the server message or
 * the default only (`useErrorMessage: false`).
 */
export function getErrorMessage(
  error: unknown,
  fallback: string,
  { useErrorMessage = true }: { useErrorMessage?: boolean } = {},
): string {
  if (error instanceof ApiRequestError && error.serverMessage) return error.serverMessage;
  if (useErrorMessage && error instanceof Error && error.message) return error.message;
  return fallback;
}
