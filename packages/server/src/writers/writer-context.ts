/**
 * How the three writer routes answer: the plain JSON of docs/product.md section 7, or, when the
 * client asks with `Accept: text/event-stream`, Server-Sent Events (contracts/streaming.ts) that
 * end with the same JSON. Both run the same service code; only where the text goes differs.
 *
 * The stream opens with the first event (the request's place in line, or its first text); see
 * event-stream.ts for how errors are answered.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WRITER_STREAM_EVENTS, type ToolLink } from '@ai-tools/contracts';
import { writerContext, type WriterContext } from './writing.ts';
import { abortSignalFor } from '../http/abort-signal.ts';
import { answerEventStream, wantsEventStream } from '../http/event-stream.ts';
import { visitorOf } from '../visitor.ts';

/**
 * Runs a writer and answers its result as plain JSON or as a stream, as the client asked. `tool`
 * names the writer in the refusal of a visitor's second request to the shared text engine.
 */
export async function answerWriter<Answer extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  tool: ToolLink,
  write: (context: WriterContext) => Promise<Answer>,
): Promise<Answer | FastifyReply> {
  const { providers, config } = request.server;
  const signal = abortSignalFor(request, reply);
  const context = (followers: Parameters<typeof writerContext>[3]) =>
    writerContext(providers.text, signal, config.WRITER_TIMEOUT_MS, {
      visitor: visitorOf(request.ip),
      tool,
      ...followers,
    });

  if (!wantsEventStream(request.headers.accept)) return write(context({}));

  return answerEventStream(request, reply, (send) =>
    write(
      context({
        onQueuePosition: (position) => send(WRITER_STREAM_EVENTS.queue, position),
        onText: (text) => send(WRITER_STREAM_EVENTS.text, { text }),
        onReplaceText: (text) => send(WRITER_STREAM_EVENTS.text, { text, replace: true }),
        onStep: (step) => send(WRITER_STREAM_EVENTS.step, { step }),
      }),
    ),
  );
}
