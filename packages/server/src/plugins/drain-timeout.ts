/**
 * Every answer must be read. An answer the client does not read (a stream nobody reads, a large
 * file left unread) would hold its bytes in memory, and a streamed job its place in the engine's
 * line, for as long as the socket stayed open. When output waits for the client and none of it
 * has gone out for STREAM_DRAIN_TIMEOUT_MS, the connection is closed: the request's signal aborts
 * (abortSignalFor), so a job still at work stops and frees its place, and the bytes are freed.
 *
 * Node's socket timeout does the watching: it counts each part of a write that goes out as
 * activity, so a slow client that keeps reading is never cut. A stream with nothing to send (a
 * request waiting in line, a model thinking) holds no output, so it is never cut either.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export function registerDrainTimeout(app: FastifyInstance, timeoutMs: number) {
  const watched = new WeakSet<ServerResponse>();
  app.addHook('onSend', async (request, reply) => {
    const response = reply.raw;
    if (watched.has(response)) return;
    watched.add(response);
    response.setTimeout(timeoutMs, () => {
      if (response.writableLength === 0) return;
      request.log.warn({ timeoutMs }, 'the client stopped reading the answer');
      response.destroy();
    });
  });
}
