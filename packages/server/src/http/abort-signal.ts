import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An AbortSignal that fires when the visitor goes away before the answer is sent, or when the
 * request runs out of time (plugins/request-timeout.ts), so an engine stops working for nobody and
 * frees the CPU.
 */
export function abortSignalFor(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const abortIfUnanswered = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client disconnected.'));
  };
  // Only the response's 'close' tells a disconnect: on Node 20 the request's own 'close' fires as
  // soon as its body has been read, which would abort every POST at once.
  reply.raw.once('close', abortIfUnanswered);
  return request.timeoutSignal
    ? AbortSignal.any([controller.signal, request.timeoutSignal])
    : controller.signal;
}
