/**
 * How the three writer routes answer: the plain JSON of SPEC section 7, or, when the client asks
 * with `Accept: text/event-stream`, Server-Sent Events (contracts/streaming.ts) that end with the
 * same JSON. Both run the same service code; only where the text goes differs.
 *
 * The stream opens with the first event (the request's place in line, or its first text). An error
 * before that (the engine missing, the line full, the visitor's second request) is the plain JSON
 * error with its HTTP status and Retry-After, as without streaming; an error after it is an
 * `error` event. See docs/decisions/028-writer-streaming-and-fair-queue.md.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_MESSAGES,
  EVENT_STREAM_MEDIA_TYPE,
  WRITER_STREAM_EVENTS,
  type ErrorEvent,
  type QueueEvent,
  type TextEvent,
  type WriterStreamEventName,
} from '@ai-tools/contracts';
import { errorAnswerFor } from '../plugins/error-handler.ts';
import { acceptWeight } from './accept.ts';
import { GenerationAbortedError } from '../providers/errors.ts';
import { writerContext, type WriterContext } from '../services/writing.ts';
import { abortSignalFor } from './abort-signal.ts';

/** A comment line this often keeps proxies from closing a stream that waits in a long line. */
const KEEP_ALIVE_MS = 15_000;

/** Runs a writer and answers its result as plain JSON or as a stream, as the client asked. */
export async function answerWriter<Answer extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (context: WriterContext) => Promise<Answer>,
): Promise<Answer | FastifyReply> {
  const { providers, config } = request.server;
  const signal = abortSignalFor(request, reply);
  const context = (followers: Parameters<typeof writerContext>[3]) =>
    writerContext(providers.text, signal, config.WRITER_TIMEOUT_MS, {
      visitor: request.ip,
      ...followers,
    });

  if (!wantsEventStream(request.headers.accept)) return write(context({}));

  const stream = new EventStream(reply);
  try {
    const answer = await write(
      context({
        onQueuePosition: (position) => stream.send(WRITER_STREAM_EVENTS.queue, position),
        onText: (text) => stream.send(WRITER_STREAM_EVENTS.text, { text }),
      }),
    );
    stream.send(WRITER_STREAM_EVENTS.result, answer);
  } catch (error) {
    // Before the first event the client still gets a status line of its own: the plain error.
    if (!stream.opened) throw error;
    if (request.timeoutSignal?.aborted) {
      stream.send(WRITER_STREAM_EVENTS.error, { message: API_MESSAGES.timedOut, status: 503 });
    } else if (!(error instanceof GenerationAbortedError)) {
      const { statusCode, message } = errorAnswerFor(error, request.log);
      stream.send(WRITER_STREAM_EVENTS.error, { message, status: statusCode });
    }
    // Otherwise the visitor left (the Stop button): nobody reads an event any more.
  }
  stream.end();
  return reply;
}

/** Whether the Accept header asks for Server-Sent Events. */
export function wantsEventStream(accept: string | undefined): boolean {
  return acceptWeight(accept, [EVENT_STREAM_MEDIA_TYPE]) > 0;
}

/** The three events of contracts/streaming.ts, and the `result` event: the plain JSON answer. */
type EventData = QueueEvent | TextEvent | ErrorEvent | object;

/**
 * One Server-Sent Events answer, opened on its first event. Fastify sends it as a stream, so the
 * security and rate-limit headers are those of every other answer, and each event is written to
 * the socket as it comes (no compression, no buffering on the way).
 */
class EventStream {
  private body?: PassThrough;
  private keepAlive?: NodeJS.Timeout;

  constructor(private readonly reply: FastifyReply) {}

  get opened() {
    return this.body !== undefined;
  }

  send(event: WriterStreamEventName, data: EventData) {
    const body = this.open();
    if (body.destroyed || body.writableEnded) return;
    // JSON never holds a raw line break, so one `data:` line carries the whole event.
    body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end() {
    clearInterval(this.keepAlive);
    this.body?.end();
  }

  private open(): PassThrough {
    if (this.body) return this.body;
    const body = new PassThrough();
    this.body = body;
    this.keepAlive = setInterval(() => body.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref();
    body.once('close', () => clearInterval(this.keepAlive));
    void this.reply
      .type(`${EVENT_STREAM_MEDIA_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-cache, no-transform')
      // nginx and other proxies would otherwise hold the events back until the answer ends.
      .header('x-accel-buffering', 'no')
      .send(body);
    return body;
  }
}
