/**
 * One log line per request with sizes and timings only: never the text, the audio, the query
 * string or the visitor's address (the privacy text promises no stored content).
 */
import type { FastifyInstance } from 'fastify';

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const length = (value: unknown) => (value === undefined ? undefined : Number(value));
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'not found',
        statusCode: reply.statusCode,
        requestBytes: length(request.headers['content-length']),
        responseBytes: length(reply.getHeader('content-length')),
        milliseconds: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
