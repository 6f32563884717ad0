/**
 * The one error handler: every error answer is JSON `{ message }`. Client errors and the named
 * provider errors pass their message through; anything unexpected becomes a generic 500 and its
 * detail goes only to the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, SERVER_MESSAGES, TOOL_MESSAGES } from '@ai-tools/contracts';
import { ProviderBusyError, ProviderError, ProviderUnavailableError } from '../providers/errors.ts';

interface ErrorWithStatus {
  statusCode?: number;
  retryAfterSeconds?: number;
  message: string;
}

/** Fastify's and its plugins' own errors, in words a visitor can act on. */
const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: SERVER_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: SERVER_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: SERVER_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.unsupportedContentType,
  FST_REQ_FILE_TOO_LARGE: TOOL_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: API_MESSAGES.uploadTooMany,
  FST_PARTS_LIMIT: API_MESSAGES.uploadTooMany,
  FST_FIELDS_LIMIT: API_MESSAGES.uploadTooMany,
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = error as FastifyError & ErrorWithStatus;
  const statusCode = failure.statusCode ?? 500;
  const named = error instanceof ProviderError;

  if (failure.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(failure.retryAfterSeconds));
  }

  if (named || (statusCode >= 400 && statusCode < 500)) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderBusyError) {
      // Expected states with their own message; a stack trace would only hide real failures.
      request.log.warn({ error: failure.name, statusCode }, 'engine not available');
    } else if (statusCode >= 500) {
      request.log.warn({ err: failure }, 'engine error');
    }
    const message = (failure.code && MESSAGES_BY_CODE[failure.code]) || failure.message;
    return reply.code(statusCode).send({ message });
  }

  request.log.error({ err: failure }, 'unexpected error');
  return reply.code(500).send({ message: SERVER_MESSAGES.internal });
}
