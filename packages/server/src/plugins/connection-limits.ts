/**
 * Limits that keep one client from holding the server's sockets (docs/decisions/020):
 * - at most MAX_CONNECTIONS open connections in all (Node drops the ones beyond), and at most
 *   MAX_CONNECTIONS_PER_ADDRESS from one remote address, so a flood from one address leaves room
 *   for everyone else;
 * - the headers of a request must arrive within HEADERS_TIMEOUT_MS and an idle keep-alive socket
 *   closes after KEEP_ALIVE_TIMEOUT_MS (both set on the HTTP server, see app.ts);
 * - a body must arrive within BODY_TIMEOUT_MS, except the speech-to-text upload, which has
 *   UPLOAD_TIMEOUT_MS (Node's requestTimeout) for 25 MB on a slow line.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@ai-tools/contracts';
import type { Config } from '../config.ts';
import { BodyTimeoutError } from '../errors.ts';
import { visitorOf } from '../visitor.ts';

/** Routes whose body may take longer than BODY_TIMEOUT_MS: the upload. */
const LONG_BODY_ROUTES = new Set<string>([API_PATHS.speechToText]);

export function registerConnectionLimits(
  app: FastifyInstance,
  config: Pick<Config, 'MAX_CONNECTIONS' | 'MAX_CONNECTIONS_PER_ADDRESS' | 'BODY_TIMEOUT_MS'>,
) {
  const server = app.server;
  server.maxConnections = config.MAX_CONNECTIONS;

  const perAddress = config.MAX_CONNECTIONS_PER_ADDRESS;
  const openByAddress = new Map<string, number>();
  if (perAddress > 0) {
    server.on('connection', (socket) => {
      if (socket.remoteAddress === undefined) return;
      const address = visitorOf(socket.remoteAddress);
      const open = (openByAddress.get(address) ?? 0) + 1;
      if (open > perAddress) {
        socket.destroy();
        return;
      }
      openByAddress.set(address, open);
      socket.once('close', () => {
        const left = (openByAddress.get(address) ?? 1) - 1;
        if (left <= 0) openByAddress.delete(address);
        else openByAddress.set(address, left);
      });
    });
  }

  // The body is read through a stream of our own that fails with a 408 when the deadline passes;
  // Fastify's body parser then answers through the one error handler.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.raw.complete || LONG_BODY_ROUTES.has(request.routeOptions.url ?? '')) {
      return payload;
    }
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      body.destroy(new BodyTimeoutError());
    }, config.BODY_TIMEOUT_MS);
    const stop = () => clearTimeout(timer);
    body.once('end', stop);
    body.once('close', stop);
    // Fastify listens to the body it reads; one it never reads (a 415, a GET with a body) fails
    // too when its client leaves, and an 'error' nobody listens to would stop the process.
    body.on('error', stop);
    reply.raw.once('close', stop);
    payload.once('error', (error) => body.destroy(error));
    payload.pipe(body);
    return body;
  });
}
