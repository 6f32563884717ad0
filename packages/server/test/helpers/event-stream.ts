/**
 * Reading the writers' Server-Sent Events in tests: parsing a whole answer (app.inject), and
 * following a live one over HTTP from a chosen local address (each address is one visitor), with a
 * way to stop it as the page's Stop button does.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { EVENT_STREAM_MEDIA_TYPE } from '@ai-tools/contracts';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The events of a complete or partial event-stream body; comments (keep-alives) are skipped. */
export function parseEvents(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

export interface LiveStream {
  response: IncomingMessage;
  /** Every event so far. */
  events: StreamEvent[];
  /**
   * Resolves once an event matching `wanted` has come, with that event; rejects when the stream
   * ends first. It sets no time limit of its own: how fast a model writes is the benchmarks' to
   * measure, and a hang is the test's time limit to catch.
   */
  waitFor: (wanted: (event: StreamEvent) => boolean) => Promise<StreamEvent>;
  /** Resolves when the answer has ended. */
  ended: Promise<void>;
  /** Closes the connection, as a page that stops reading does. */
  stop: () => void;
}

/**
 * POSTs `payload` asking for the event stream, from `localAddress` (127.0.0.x: one visitor each),
 * to a listening app or the port of a server process.
 */
export function openEventStream(
  app: FastifyInstance | number,
  path: string,
  payload: object,
  localAddress = '127.0.0.1',
): Promise<LiveStream> {
  const address = typeof app === 'number' ? { port: app } : app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: address.port,
        path,
        method: 'POST',
        localAddress,
        headers: {
          accept: EVENT_STREAM_MEDIA_TYPE,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.setEncoding('utf8');
        const events: StreamEvent[] = [];
        let buffer = '';
        let notify = () => {};
        const ended = new Promise<void>((done) => {
          response.once('close', () => {
            done();
            notify();
          });
        });
        response.on('data', (chunk: string) => {
          buffer += chunk;
          const complete = buffer.lastIndexOf('\n\n');
          if (complete < 0) return;
          events.push(...parseEvents(buffer.slice(0, complete + 2)));
          buffer = buffer.slice(complete + 2);
          notify();
        });
        const waitFor: LiveStream['waitFor'] = (wanted) =>
          new Promise((found, fail) => {
            const check = () => {
              const event = events.find(wanted);
              if (event) found(event);
              else if (response.closed)
                fail(new Error(`the stream ended first: ${JSON.stringify(events.slice(-3))}`));
            };
            const previous = notify;
            notify = () => {
              previous();
              check();
            };
            check();
          });
        resolve({ response, events, waitFor, ended, stop: () => request.destroy() });
      },
    );
    // After the answer began, a stopped request reports its own destruction here: nothing to do.
    request.on('error', reject);
    request.end(body);
  });
}
