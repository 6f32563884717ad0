/**
 * The one error handler: every error answer is JSON `{ message }`. An AppError (errors.ts) answers
 * with its own status, message and Retry-After; a route's schema or Fastify itself refusing a
 * request answers 4xx in the contracts' words; anything else becomes a generic 500 whose detail
 * goes only to the log. Fastify's own errors that arise before any hook (a URL it cannot
 * decode) and the HTTP parser's (a request it refuses) get the same JSON and the security headers.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { errorAnswerFor } from '../http/error-answer.ts';

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
