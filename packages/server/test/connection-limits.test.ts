/**
 * Connection limits against a real listening server on loopback (ADR 020): a flood of idle
 * connections from one address must not lock out another, the total cap holds, and the header,
 * body and keep-alive deadlines free the sockets that send nothing. Every wait is bounded.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, SERVER_MESSAGES, SPEECH_UPLOAD_FIELD } from '@ai-tools/contracts';
import type { Config } from '../src/config.ts';
import { makeApp } from './helpers/app.ts';
import { multipartBody, testProviders } from './helpers/audio-doubles.ts';
import { encodeWav } from '../src/audio/wav.ts';

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
    const opened = { socket, closed, isClosed: () => isClosed };
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

test('the total cap closes connections beyond it, whichever address they come from', async () => {
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
    assert.equal(opened.filter((each) => !each.isClosed()).length, 10);
  } finally {
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

  test('the upload keeps its long deadline: a pause longer than the body deadline is fine', async () => {
    const wav = encodeWav(new Float32Array(3200).fill(0.1), 16_000);
    const { payload, headers } = multipartBody([
      { field: SPEECH_UPLOAD_FIELD, filename: 'a.wav', contentType: 'audio/wav', data: wav },
    ]);
    const opened = await openIdle(port);
    const head = Object.entries({ ...headers, 'content-length': String(payload.length) })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    opened.socket.write(`POST ${API_PATHS.speechToText} HTTP/1.1\r\nHost: x\r\n${head}\r\n\r\n`);
    const half = Math.floor(payload.length / 2);
    opened.socket.write(payload.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 900));
    assert.equal(opened.isClosed(), false, 'still open after twice the body deadline');
    opened.socket.write(payload.subarray(half));
    const received = await withinDeadline(opened);
    assert.match(received, /^HTTP\/1\.1 200 /);
  });
});
