/**
 * Pieces the tools' request schemas share: the answer to a body that is not an object, the
 * "must be one of" message, required text, and the writers' additional information.
 */
import { z } from 'zod';
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';

export const BODY_MUST_BE_OBJECT = 'The request body must be a JSON object.';

export function oneOf(field: string, values: readonly (string | number)[]): string {
  return `${field} must be one of: ${values.join(', ')}.`;
}

/** Trimmed text that must not be empty: one message when it is missing or blank, one when too long. */
export function requiredText(requiredMessage: string, maxLength: number, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(maxLength, tooLongMessage);
}

export const additionalInfo = z
  .string({ error: 'additionalInfo must be text.' })
  .trim()
  .max(
    ADDITIONAL_INFO_MAX_LENGTH,
    `additionalInfo must be at most ${ADDITIONAL_INFO_MAX_LENGTH} characters.`,
  )
  .default('');
