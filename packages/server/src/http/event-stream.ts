/**
 * Server-Sent Events answers (contracts/streaming.ts): the writers' text and the speech's audio
 * pieces, each ending with the same JSON the plain call answers.
 *
 * The stream opens with the first event. An error before that (the engine missing, the line full,
 * the visitor's second request) is the plain JSON error with its HTTP status and Retry-After, as
 * without streaming; an error after it is an `error` event. See
 * docs/decisions/028-writer-streaming-and-fair-queue.md.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_STREAM_MEDIA_TYPE, STREAM_EVENTS, SERVER_MESSAGES } from '@ai-tools/contracts';
import { errorAnswerFor } from './error-answer.ts';
import { acceptWeight } from './accept.ts';
import { JsonPieces } from './json-pieces.ts';
import { GenerationAbortedError } from '../errors.ts';

/** A comment line this often keeps proxies from closing a stream that waits in a long line. */
const KEEP_ALIVE_MS = 15_000;
/**
 * Events held for a client that reads more slowly than they are made: a few pieces of speech.
 * Past it, `drained()` makes the work wait for the client, so an answer never piles up in memory;
 * a client that reads nothing at all is cut off (plugins/drain-timeout.ts).
 */
const BUFFERED_BYTES = 4 * 1024 * 1024;

/** Whether the Accept header asks for Server-Sent Events. */
export function wantsEventStream(accept: string | undefined): boolean {
  return acceptWeight(accept, [EVENT_STREAM_MEDIA_TYPE]) > 0;
}

/**
 * Runs `work`, which sends its progress as events, then sends its answer as the `result` event,
 * or an `error` event if it fails after the stream opened. Work that makes large events (speech)
 * awaits `drained()` between them, so it goes no faster than the client reads.
 */
export async function answerEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (
    send: (event: string, data: object) => void,
    drained: () => Promise<void>,
  ) => Promise<object | JsonPieces>,
): Promise<FastifyReply> {
  const stream = new EventStream(reply);
  try {
    const answer = await work(
      (event, data) => stream.send(event, data),
      () => stream.drained(),
    );
    if (answer instanceof JsonPieces) await stream.sendPieces(STREAM_EVENTS.result, answer);
    else stream.send(STREAM_EVENTS.result, answer);
  } catch (error) {
    // Before the first event the client still gets a status line of its own: the plain error.
    if (!stream.opened) throw error;
    if (request.timeoutSignal?.aborted) {
      stream.send(STREAM_EVENTS.error, { message: SERVER_MESSAGES.timedOut, status: 503 });
    } else if (!(error instanceof GenerationAbortedError)) {
      const { statusCode, message } = errorAnswerFor(error, request.log);
      stream.send(STREAM_EVENTS.error, { message, status: statusCode });
    }
    // Otherwise the visitor left (the Stop button): nobody reads an event any more.
  }
  stream.end();
  return reply;
}

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

  send(event: string, data: object) {
    const body = this.open();
    if (body.destroyed || body.writableEnded) return;
    // JSON never holds a raw line break, so one `data:` line carries the whole event.
    body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** One event whose data is a large JSON answer, written as the client reads it. */
  async sendPieces(event: string, json: JsonPieces) {
    const body = this.open();
    // A keep-alive comment must not fall inside the event; the stream ends after it anyway.
    clearInterval(this.keepAlive);
    body.write(`event: ${event}\ndata: `);
    for (const piece of json.pieces()) {
      if (body.destroyed || body.writableEnded) return;
      body.write(piece);
      await this.drained();
    }
    body.write('\n\n');
  }

  /** Resolves once the events held for the client are below BUFFERED_BYTES, or it has gone. */
  drained(): Promise<void> {
    const body = this.body;
    if (!body?.writableNeedDrain || body.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        body.off('drain', done);
        body.off('close', done);
        resolve();
      };
      body.on('drain', done);
      body.on('close', done);
    });
  }

  end() {
    clearInterval(this.keepAlive);
    this.body?.end();
  }

  private open(): PassThrough {
    if (this.body) return this.body;
    const body = new PassThrough({ writableHighWaterMark: BUFFERED_BYTES });
    this.body = body;
    // A client cut off or gone: what is held for it goes, and the work waiting on it resumes (its
    // signal has aborted, abortSignalFor).
    this.reply.raw.once('close', () => body.destroy());
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
