/**
 * One way for every route to check its input: parse with the contracts schema, and answer 400 with
 * the first problem's message (the schemas carry the exact user-facing texts).
 */
import type { z } from 'zod';

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues[0]?.message ?? 'The request is not valid.');
}
