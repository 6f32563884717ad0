/**
 * Pieces the tools' request schemas share: the answer to a body that is not an object, the
 * "must be one of" message, required text, and the writers' additional information.
 */
import { z } from 'zod';
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';
import { SERVER_MESSAGES, WRITER_MESSAGES } from './messages.ts';

export const BODY_MUST_BE_OBJECT = SERVER_MESSAGES.bodyMustBeObject;

export const oneOf = SERVER_MESSAGES.fieldMustBeOneOf;

/** Trimmed text that must not be empty: one message when it is missing or blank, one when too long. */
export function requiredText(requiredMessage: string, maxLength: number, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(maxLength, tooLongMessage);
}

export const additionalInfo = z
  .string({ error: WRITER_MESSAGES.additionalInfoNotText })
  .trim()
  .max(ADDITIONAL_INFO_MAX_LENGTH, WRITER_MESSAGES.additionalInfoTooLong)
  .default('');
