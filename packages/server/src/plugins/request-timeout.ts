/**
 * A deadline for every request, so nothing hangs: when it passes, the visitor gets a 503 that says
 * what happened, and the request's timeout signal stops the work (abortSignalFor includes it).
 *
 * Fastify's own handlerTimeout is not used: on Node 20 it is cancelled as soon as a request body
 * has been read, so it never fires for the POST calls that need it.
 */
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@ai-tools/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborts when the request has run out of time. */
    timeoutSignal: AbortSignal | null;
  }
}

const RETRY_AFTER_SECONDS = 30;

export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number) {
  app.decorateRequest('timeoutSignal', null);

  app.addHook('onRequest', async (request, reply) => {
    const controller = new AbortController();
    request.timeoutSignal = controller.signal;
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.destroyed) return;
      request.log.warn({ timeoutMs }, 'request timed out');
      controller.abort(new Error('The request timed out.'));
      // A streamed answer (the writers' events) has begun: it reports the timeout itself.
      if (!reply.sent && !reply.raw.headersSent) {
        void reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ message: SERVER_MESSAGES.timedOut });
      }
    }, timeoutMs);
    const stop = () => clearTimeout(timer);
    reply.raw.once('finish', stop);
    reply.raw.once('close', stop);
  });
}
