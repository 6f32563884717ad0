/**
 * Pieces the tools' request schemas share: required text, and the writers' additional
 * information. Their messages are in the catalogues (SERVER_MESSAGES for a body that is not an
 * object or a value off a list).
 */
import { z } from 'zod';
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';
import { WRITER_MESSAGES } from './messages.ts';

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
