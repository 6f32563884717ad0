/**
 * An input the service itself finds wanting after the route's schema accepted it (text with
 * nothing to read aloud, a malformed Idempotency-Key): a 400 with the contracts' message. Request
 * bodies are checked by the routes' schemas (routes/api-docs.ts registers the zod validator).
 */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}
