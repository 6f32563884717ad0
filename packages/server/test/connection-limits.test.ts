/**
 * The connection policy against a real listening server on loopback (ADRs 020 and 043): a flood of
 * idle connections from one address must not lock out another; at the total cap the slowest
 * connections make room for newcomers; the header, body and keep-alive deadlines and the upload's
 * minimum rate free the sockets that send nothing or trickle; an answer sent before the body was
 * read closes the connection. Every wait is bounded.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  SERVER_MESSAGES,
  SPEECH_TO_TEXT_MESSAGES,
  SPEECH_UPLOAD_FIELD,
} from '@ai-tools/contracts';
import type { Config } from '../src/config.ts';
import { makeApp } from './helpers/app.ts';
import { multipartBody, testProviders } from './helpers/audio-doubles.ts';
import { encodeWav } from '../src/audio/wav.ts';
import { connectionCap, openFileLimit } from '../src/plugins/connection-limits.ts';

/** Longer than any deadline set below; a socket still open after this counts as held. */
const WAIT_LIMIT_MS = 8000;

async function listening(env: Partial<Record<keyof Config, string>>) {
  const app = await makeApp({ providers: testProviders(), env });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

interface OpenSocket {
  socket: Socket;
  /** Resolves with what the server sent when the socket closes. */
  closed: Promise<string>;
  isClosed: () => boolean;
  /** What the server has sent so far. */
  received: () => string;
}

/** A connection from `localAddress` that sends nothing until told to. */
function openIdle(port: number, localAddress = '127.0.0.1'): Promise<OpenSocket> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let received = '';
    let isClosed = false;
    const closed = new Promise<string>((resolveClosed) => {
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('close', () => {
        isClosed = true;
        resolveClosed(received);
      });
    });
    socket.on('error', () => {});
    const opened = { socket, closed, isClosed: () => isClosed, received: () => received };
    socket.once('connect', () => resolve(opened));
    socket.once('close', () => resolve(opened));
  });
}

function health(port: number, localAddress: string) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: API_PATHS.health,
        localAddress,
        agent: false,
        signal: AbortSignal.timeout(WAIT_LIMIT_MS),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Waits until `check` holds, at most WAIT_LIMIT_MS. */
async function eventually(check: () => boolean, what: string) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`still not true after ${WAIT_LIMIT_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const withinDeadline = (opened: OpenSocket) =>
  Promise.race([
    opened.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the socket was never closed')), WAIT_LIMIT_MS),
    ),
  ]);

/** The start of an upload as a slow client sends it: headers and the file part's own, no data. */
const SLOW_UPLOAD_START =
  `POST ${API_PATHS.speechToText} HTTP/1.1\r\nHost: x\r\n` +
  'Content-Type: multipart/form-data; boundary=AAA\r\nContent-Length: 1000000\r\n\r\n' +
  `--AAA\r\ncontent-disposition: form-data; name="${SPEECH_UPLOAD_FIELD}"; filename="a"\r\n\r\n`;

function uploadHead(headers: Record<string, string>, length: number) {
  const lines = Object.entries({ ...headers, 'content-length': String(length) })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `POST ${API_PATHS.speechToText} HTTP/1.1\r\nHost: x\r\n${lines}\r\n\r\n`;
}

/** Sends one byte every 100 ms until the server closes the connection. */
function trickleUntilClosed(opened: OpenSocket) {
  let sent = 0;
  const timer = setInterval(() => {
    if (opened.isClosed()) return;
    opened.socket.write('a');
    sent += 1;
  }, 100);
  void opened.closed.then(() => clearInterval(timer));
  return { bytesSent: () => sent };
}

describe('a flood of idle connections from one address', () => {
  const PER_ADDRESS = 20;
  const FLOOD = 120;
  let app: FastifyInstance;
  let port: number;
  const flood: OpenSocket[] = [];
  before(async () => {
    // Deadlines far away: only the caps may close these sockets here.
    ({ app, port } = await listening({
      MAX_CONNECTIONS: '100',
      MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      HEADERS_TIMEOUT_MS: '60000',
    }));
  });
  after(async () => {
    for (const opened of flood) opened.socket.destroy();
    await app.close();
  });

  test('keeps at most the per-address cap open, and another address is still served', async () => {
    for (let index = 0; index < FLOOD; index += 1) flood.push(await openIdle(port));
    await eventually(
      () => flood.filter((opened) => !opened.isClosed()).length <= PER_ADDRESS,
      'the connections beyond the cap are closed',
    );
    assert.equal(flood.filter((opened) => !opened.isClosed()).length, PER_ADDRESS);
    assert.equal(await health(port, '127.0.0.2'), 200);
    // The flooding address itself is refused beyond its cap, not everyone.
    const onceMore = await openIdle(port);
    await withinDeadline(onceMore);
  });

  test('its connections, once closed, free the address again', async () => {
    for (const opened of flood) opened.socket.destroy();
    await eventually(() => flood.every((opened) => opened.isClosed()), 'the flood is closed');
    // The server counts a socket as gone on its own 'close', a moment after the client's.
    const deadline = Date.now() + WAIT_LIMIT_MS;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = await health(port, '127.0.0.1').catch(() => 0);
    }
    assert.equal(status, 200);
  });
});

test('at the total cap the slowest connections make room: the longest idle close first', async () => {
  const { app, port } = await listening({
    MAX_CONNECTIONS: '10',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    HEADERS_TIMEOUT_MS: '60000',
  });
  const opened: OpenSocket[] = [];
  try {
    for (let index = 0; index < 16; index += 1) {
      opened.push(await openIdle(port, index % 2 === 0 ? '127.0.0.1' : '127.0.0.3'));
    }
    await eventually(() => opened.filter((each) => each.isClosed()).length >= 6, '6 are closed');
    // Each newcomer took the place of the one that had waited longest, whatever its address.
    assert.deepEqual(
      opened.map((each) => each.isClosed()),
      [...Array<boolean>(6).fill(true), ...Array<boolean>(10).fill(false)],
    );
    // A visitor arriving at the full cap is served, in the place of the oldest idle one.
    assert.equal(await health(port, '127.0.0.4'), 200);
    await eventually(() => opened[6]!.isClosed(), 'the seventh, now the oldest, is closed');
  } finally {
    for (const each of opened) each.socket.destroy();
    await app.close();
  }
});

test('at the total cap a request waiting for its answer keeps its place', async () => {
  const app = await makeApp({
    providers: testProviders(),
    env: { MAX_CONNECTIONS: '2', MAX_CONNECTIONS_PER_ADDRESS: '0', HEADERS_TIMEOUT_MS: '60000' },
  });
  // A request that has fully arrived and waits, as a visitor in an engine's line does.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/test/held', async () => {
    await released;
    return { held: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const opened: OpenSocket[] = [];
  try {
    const waiting = await openIdle(port, '127.0.0.5');
    opened.push(waiting);
    waiting.socket.write('GET /test/held HTTP/1.1\r\nHost: x\r\n\r\n');
    // Younger than the waiting one, but it waits for nothing from the server.
    const idle = await openIdle(port, '127.0.0.6');
    opened.push(idle);
    assert.equal(await health(port, '127.0.0.7'), 200);
    await eventually(() => idle.isClosed(), 'the idle connection made room');
    assert.equal(waiting.isClosed(), false);
    release();
    await eventually(() => /^HTTP\/1\.1 200 /.test(waiting.received()), 'the held answer came');
  } finally {
    release();
    for (const each of opened) each.socket.destroy();
    await app.close();
  }
});

describe('deadlines free sockets that send nothing', () => {
  let app: FastifyInstance;
  let port: number;
  before(async () => {
    ({ app, port } = await listening({
      HEADERS_TIMEOUT_MS: '400',
      BODY_TIMEOUT_MS: '400',
      KEEP_ALIVE_TIMEOUT_MS: '300',
      UPLOAD_GRACE_MS: '1500',
      UPLOAD_MIN_BYTES_PER_SECOND: '1000',
    }));
  });
  after(() => app.close());

  test('a connection that never sends its headers gets a 408 and is closed', async () => {
    const opened = await openIdle(port);
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 408 /);
    assert.match(received, /x-frame-options: DENY/i);
    assert.ok(received.endsWith(JSON.stringify({ message: SERVER_MESSAGES.bodyTimedOut })));
  });

  test('a JSON body that stops arriving gets a 408 and the socket is closed', async () => {
    const opened = await openIdle(port);
    opened.socket.write(
      `POST ${API_PATHS.textToSpeech} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100\r\n\r\n{"text": "Hel',
    );
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 408 /);
    assert.match(received, /content-security-policy: /i);
    assert.ok(received.endsWith(JSON.stringify({ message: SERVER_MESSAGES.bodyTimedOut })));
  });

  test('an idle keep-alive socket is closed after its timeout', async () => {
    const opened = await openIdle(port);
    opened.socket.write(`GET ${API_PATHS.health} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 200 /);
  });

  test('headers that trickle in are cut at the headers deadline all the same', async () => {
    const opened = await openIdle(port);
    opened.socket.write(`GET ${API_PATHS.health} HTTP/1.1\r\nX-Slow: `);
    const trickle = trickleUntilClosed(opened);
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 408 /);
    assert.ok(trickle.bytesSent() > 0, 'bytes kept coming until the server closed');
  });

  test('an upload may pause longer than the body deadline while its average rate holds', async () => {
    const wav = encodeWav(new Float32Array(3200).fill(0.1), 16_000);
    const { payload, headers } = multipartBody([
      { field: SPEECH_UPLOAD_FIELD, filename: 'a.wav', contentType: 'audio/wav', data: wav },
    ]);
    const opened = await openIdle(port);
    opened.socket.write(uploadHead(headers, payload.length));
    const half = Math.floor(payload.length / 2);
    opened.socket.write(payload.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 900));
    assert.equal(opened.isClosed(), false, 'still open after twice the body deadline');
    opened.socket.write(payload.subarray(half));
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 200 /);
  });

  test('an upload slower than the minimum rate gets a 408 that says so, and is closed', async () => {
    const opened = await openIdle(port);
    opened.socket.write(SLOW_UPLOAD_START);
    trickleUntilClosed(opened);
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 408 /);
    assert.match(received, /connection: close/i);
    assert.ok(
      received.endsWith(JSON.stringify({ message: SPEECH_TO_TEXT_MESSAGES.uploadTooSlow(1000) })),
      received,
    );
  });
});

describe('an answer sent before the body was read closes the connection', () => {
  let app: FastifyInstance;
  let port: number;
  before(async () => {
    // Deadlines far away: only the early answer may close these sockets.
    ({ app, port } = await listening({
      HEADERS_TIMEOUT_MS: '60000',
      BODY_TIMEOUT_MS: '60000',
      UPLOAD_GRACE_MS: '60000',
      RATE_LIMIT_SPEECH_TO_TEXT: '1',
    }));
  });
  after(() => app.close());

  /**
   * Sends `start` and trickles the rest of its body (most of it: each announces far more than it
   * sends); the server must close the connection all the same. Returns what the server sent.
   */
  async function refusedWhileTrickling(start: string) {
    const opened = await openIdle(port);
    opened.socket.write(start);
    trickleUntilClosed(opened);
    const received = await withinDeadline(opened);
    assert.match(received, /connection: close/i);
    return received;
  }

  test('a 415 to the upload, then a 429 over its rate limit', async () => {
    const notMultipart =
      `POST ${API_PATHS.speechToText} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      'Content-Length: 1000000\r\n\r\n{';
    assert.match(await refusedWhileTrickling(notMultipart), /^HTTP\/1\.1 415 /);
    assert.match(await refusedWhileTrickling(SLOW_UPLOAD_START), /^HTTP\/1\.1 429 /);
  });

  test('a 413 to a JSON body announced larger than the limit', async () => {
    const tooLarge =
      `POST ${API_PATHS.textToSpeech} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      'Content-Length: 10000000\r\n\r\n{';
    assert.match(await refusedWhileTrickling(tooLarge), /^HTTP\/1\.1 413 /);
  });
});

test('the connection cap: MAX_CONNECTIONS, or what the open-file limit leaves room for', () => {
  assert.equal(connectionCap(100, 1024), 100);
  // 256 descriptors for the engines, the database and child processes; two per connection.
  assert.equal(connectionCap(undefined, 1024), 384);
  assert.equal(connectionCap(undefined, 8192), 3968);
  assert.equal(connectionCap(undefined, 20_000), 8192);
  assert.equal(connectionCap(undefined, Number.POSITIVE_INFINITY), 8192);
  assert.equal(connectionCap(undefined, 100), 1);
  assert.ok(openFileLimit() > 0);
});
