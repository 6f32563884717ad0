/**
 * The one error handler: every error answer is JSON `{ message }`. An AppError (errors.ts) answers
 * with its own status, message and Retry-After; a route's schema or Fastify itself refusing a
 * request answers 4xx in the contracts' words; anything else becomes a generic 500 whose detail
 * goes only to the log. Fastify's own errors that arise before any hook (a URL it cannot
 * decode) and the HTTP parser's (a request it refuses) get the same JSON and the security headers.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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
 * The answer for any error, logged as it deserves. Shared by the error handler and the writers'
 * streamed answers, whose `error` event carries the same status and message.
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

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, message, retryAfterSeconds } = errorAnswerFor(error, request.log);
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(statusCode).send({ message });
}

/** Fastify's `frameworkErrors`: its errors before routing, with the headers no hook has set. */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    // The answer is sent here; Fastify waits for nothing from this handler.
    void errorHandler(error, request, reply);
  };
}

/** The request each connection is on, to tell whether a parser error concerns an answered one. */
const requestOnSocket = new WeakMap<
  Socket,
  { request: IncomingMessage; response: ServerResponse }
>();

/** Keeps `requestOnSocket` current; called once with the app's HTTP server. */
export function followRequests(server: Server) {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    requestOnSocket.set(request.socket, { request, response });
  });
}

/** Fastify's `clientErrorHandler`: a request the HTTP parser refused, or one that timed out. */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // A body that broke off after its request was answered (a 429 before the upload ended, say)
    // gets no second answer: the client would read it as the answer to a next request.
    const current = requestOnSocket.get(socket);
    const answered =
      current !== undefined && !current.request.complete && current.response.headersSent;
    if (socket.writable && !answered) {
      const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const status = timedOut ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify({
        message: timedOut ? SERVER_MESSAGES.bodyTimedOut : SERVER_MESSAGES.badRequest,
      });
      const lines = Object.entries({
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      }).map(([name, value]) => `${name}: ${value}`);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
