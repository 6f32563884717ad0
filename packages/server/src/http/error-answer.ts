/**
 * What a failed request answers, worked out once for the error handler (plugins/error-handler.ts)
 * and for a streamed answer's `error` event (event-stream.ts): the status, the message in the
 * contracts' words, and when to try again. Here, below both, so that neither imports the other's
 * layer (ADR 051).
 */
import type { FastifyBaseLogger, FastifyError } from 'fastify';
import { SERVER_MESSAGES, SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ProviderBusyError, ProviderUnavailableError } from '../errors.ts';

/** Fastify's and its plugins' own errors, in words a visitor can act on. */
const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: SERVER_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: SERVER_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: SERVER_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: SERVER_MESSAGES.unsupportedContentType,
  FST_REQ_FILE_TOO_LARGE: SPEECH_TO_TEXT_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: SPEECH_TO_TEXT_MESSAGES.uploadTooMany,
  FST_PARTS_LIMIT: SPEECH_TO_TEXT_MESSAGES.uploadTooMany,
  FST_FIELDS_LIMIT: SPEECH_TO_TEXT_MESSAGES.uploadTooMany,
  // Its own text quotes the URL.
  FST_ERR_BAD_URL: SERVER_MESSAGES.badRequest,
  FST_ERR_MAX_PARAM_LENGTH: SERVER_MESSAGES.badRequest,
};

/** How Node reports a request body that stopped because its connection closed or reset. */
const REQUEST_STREAM_FAILURES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** What a failed request answers: its status, its message, and when to try again. */
export interface ErrorAnswer {
  statusCode: number;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * The answer for any error, logged as it deserves. Shared by the error handler and the streamed
 * answers (writers and speech), whose `error` event carries the same status and message.
 */
export function errorAnswerFor(error: unknown, log: FastifyBaseLogger): ErrorAnswer {
  // A route's schema refused the request: the first problem, in the contracts' own words.
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 400, message: error.validation[0]?.message ?? SERVER_MESSAGES.badRequest };
  }
  if (error instanceof AppError) {
    const { statusCode, message, retryAfterSeconds } = error;
    if (error instanceof ProviderUnavailableError || error instanceof ProviderBusyError) {
      // Expected states with their own message; a stack trace would only hide real failures.
      log.warn({ error: error.name, statusCode }, 'engine not available');
    } else if (statusCode >= 500) {
      log.warn({ err: error }, 'engine error');
    }
    return { statusCode, message, retryAfterSeconds };
  }
  // Fastify's and its plugins' own refusals (a body that is not JSON, an upload over the limit).
  const failure = error as Partial<FastifyError>;
  if (
    failure.code?.startsWith('FST_') &&
    failure.statusCode !== undefined &&
    failure.statusCode >= 400 &&
    failure.statusCode < 500
  ) {
    return {
      statusCode: failure.statusCode,
      message: MESSAGES_BY_CODE[failure.code] ?? failure.message ?? SERVER_MESSAGES.badRequest,
    };
  }
  // The request's body broke off (the client closed or reset the connection while sending it):
  // nobody may be left to read the answer, and nothing on the server went wrong.
  if (failure.code && REQUEST_STREAM_FAILURES.has(failure.code)) {
    return { statusCode: 400, message: SERVER_MESSAGES.badRequest };
  }

  log.error({ err: failure }, 'unexpected error');
  return { statusCode: 500, message: SERVER_MESSAGES.internal };
}
