/**
 * A crowd of slow clients and a visitor who asks the server something meanwhile, on loopback with
 * distinct source addresses (127.0.0.0/8 is all loopback: each client socket is bound to its own
 * with `localAddress`). The crowd of issue 19: each address opens its sockets and sends one byte
 * at a time, an upload's body or a request's headers, and opens a new socket whenever the server
 * closes one. Used by test/slow-client-crowd.test.ts (small numbers) and
 * bench/slow-clients.bench.ts (the numbers).
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { API_PATHS, SPEECH_UPLOAD_FIELD } from '@ai-tools/contracts';

/** What a slow client sends before its trickle: an upload's headers and its file part's, or half a request line. */
const STARTS = {
  upload:
    `POST ${API_PATHS.speechToText} HTTP/1.1\r\nHost: localhost\r\n` +
    'Content-Type: multipart/form-data; boundary=AAA\r\nContent-Length: 1000000\r\n\r\n' +
    `--AAA\r\ncontent-disposition: form-data; name="${SPEECH_UPLOAD_FIELD}"; filename="a"\r\n\r\n`,
  headers: `GET ${API_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nX-Slow: `,
} as const;

export type SlowKind = keyof typeof STARTS;

export interface CrowdOptions {
  port: number;
  kind: SlowKind;
  /** One source address per member: '127.0.1.1', '127.0.1.2'... */
  addresses: string[];
  socketsPerAddress: number;
  /** One byte every this many milliseconds. */
  byteEveryMs: number;
  /** The pause before a socket the server closed is opened again. */
  reconnectAfterMs: number;
}

export interface Crowd {
  /** Sockets opened, including every reconnection. */
  opened: () => number;
  /** Sockets the server closed (the crowd itself closes none until it stops). */
  closedByServer: () => number;
  /** Sockets open now. */
  open: () => number;
  stop: () => void;
}

export function startCrowd(options: CrowdOptions): Crowd {
  let stopped = false;
  let opened = 0;
  let closedByServer = 0;
  const live = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const later = (work: () => void, milliseconds: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, milliseconds);
    timers.add(timer);
  };

  const member = (localAddress: string) => {
    if (stopped) return;
    const socket = connect({ host: '127.0.0.1', port: options.port, localAddress });
    opened += 1;
    live.add(socket);
    let trickle: NodeJS.Timeout | undefined;
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.once('connect', () => {
      socket.write(STARTS[options.kind]);
      trickle = setInterval(() => socket.write('a'), options.byteEveryMs);
    });
    socket.once('close', () => {
      clearInterval(trickle);
      live.delete(socket);
      if (stopped) return;
      closedByServer += 1;
      later(() => member(localAddress), options.reconnectAfterMs);
    });
  };

  for (const address of options.addresses) {
    for (let index = 0; index < options.socketsPerAddress; index += 1) member(address);
  }
  return {
    opened: () => opened,
    closedByServer: () => closedByServer,
    open: () => live.size,
    stop: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of live) socket.destroy();
    },
  };
}

/** `count` addresses 127.0.`block`.1 upwards. */
export function loopbackAddresses(block: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `127.0.${block}.${index + 1}`);
}

export interface VisitorRecord {
  asked: number;
  /** Answered 200 within the answer limit. */
  served: number;
  /** Milliseconds from asking to the whole answer, of the served requests. */
  milliseconds: number[];
  /** How the others ended: a status code, or the error's code. */
  failures: string[];
}

/**
 * Another visitor: asks `GET /api/health` on a new connection every `everyMs` (from the start of
 * one to the next, or at once after a slow answer) until `until` resolves.
 */
export async function visitorAsks(options: {
  port: number;
  localAddress: string;
  everyMs: number;
  /** The longest the visitor waits for one answer. */
  answerLimitMs: number;
  until: Promise<unknown>;
}): Promise<VisitorRecord> {
  const record: VisitorRecord = { asked: 0, served: 0, milliseconds: [], failures: [] };
  let done = false;
  void options.until.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    record.asked += 1;
    const outcome = await askHealth(options.port, options.localAddress, options.answerLimitMs);
    if (outcome === 200) {
      record.served += 1;
      record.milliseconds.push(performance.now() - started);
    } else {
      record.failures.push(String(outcome));
    }
    const wait = options.everyMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return record;
}

function askHealth(port: number, localAddress: string, limitMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: API_PATHS.health,
        localAddress,
        agent: false,
        signal: AbortSignal.timeout(limitMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name));
    outgoing.end();
  });
}

/** The `share` percentile (0.99: p99) of `values`, nearest rank; NaN when there are none. */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}
