/**
 * Every error answer is the one handler's JSON `{ message }` with the security headers, including
 * those Fastify and Node's HTTP parser make before any hook runs (ADR 024). Raw requests
 * on a real loopback socket, since a client library would refuse to send most of them.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, SERVER_MESSAGES } from '@ai-tools/contracts';
import { capturedLogger, makeApp } from './helpers/app.ts';
import { testProviders } from './helpers/audio-doubles.ts';

const ANSWER_TIMEOUT_MS = 5000;

let app: FastifyInstance;
let port: number;
const logLines: string[] = [];

before(async () => {
  app = await makeApp({
    providers: testProviders(),
    logger: capturedLogger(logLines),
    // Without the per-address count nothing reads a socket's address when it connects, as in the
    // xchunked probe of ADR 024, so the address is gone once the parser has destroyed the socket.
    env: { MAX_CONNECTIONS_PER_ADDRESS: '0' },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
after(() => app.close());

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `text` as is and reads the answer until the server closes the connection. */
function sendRaw(text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${ANSWER_TIMEOUT_MS} ms: ${received}`));
    }, ANSWER_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(text);
  });
}

function assertJsonWithSecurityHeaders(answer: RawAnswer, status: number, message: string) {
  assert.equal(answer.status, status, answer.body);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(JSON.parse(answer.body), { message });
  assert.match(answer.headers.get('content-security-policy') ?? '', /default-src 'self'/);
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(answer.headers.get('x-frame-options'), 'DENY');
}

test('a malformed URL gets the JSON 400 with the security headers, and the URL is not echoed', async () => {
  const answer = await sendRaw(
    'GET /%c0%ae%c0%ae/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  );
  assertJsonWithSecurityHeaders(answer, 400, SERVER_MESSAGES.badRequest);
  assert.doesNotMatch(answer.body, /passwd|%c0/i);
});

test('Transfer-Encoding: xchunked gets a clean 400 and the rate limiter does not throw', async () => {
  for (const path of [API_PATHS.textToSpeech, API_PATHS.sendMessage, API_PATHS.speechToText]) {
    logLines.length = 0;
    const answer = await sendRaw(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n` +
        'Content-Type: application/json\r\nConnection: close\r\n\r\n{"text":"hi"}',
    );
    assertJsonWithSecurityHeaders(answer, 400, SERVER_MESSAGES.badRequest);
    // Give a request that was routed before the parser failed the time to reach its hooks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const unexpected = logLines.filter((line) => /unexpected error|TypeError/.test(line));
    assert.deepEqual(unexpected, [], path);
  }
});

test('a header line the parser cannot read gets the JSON 400 with the security headers', async () => {
  const answer = await sendRaw(`GET ${API_PATHS.health} HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`);
  assertJsonWithSecurityHeaders(answer, 400, SERVER_MESSAGES.badRequest);
});

/** Every call that takes a JSON body. */
const JSON_ROUTES = [
  API_PATHS.textToSpeech,
  API_PATHS.sendMessage,
  API_PATHS.generateScript,
  API_PATHS.generateBlog,
  API_PATHS.generateStory,
];

test('a text/plain body gets 415 on every JSON call', async () => {
  for (const url of JSON_ROUTES) {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: '10.9.0.1',
    });
    assert.equal(response.statusCode, 415, url);
    assert.deepEqual(response.json(), { message: SERVER_MESSAGES.unsupportedContentType });
    assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
  }
});

test('an upload sent to a JSON route is a 415 that says to send JSON, before it is read', async () => {
  const boundary = 'json-route-boundary';
  const upload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="topic"',
    '',
    'Boosting productivity with AI',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  for (const url of JSON_ROUTES) {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: upload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: '10.9.0.2',
    });
    assert.equal(response.statusCode, 415, url);
    assert.deepEqual(response.json(), { message: SERVER_MESSAGES.unsupportedContentType });
  }
});

test('a body that breaks off after its request was answered gets no second answer', async () => {
  const received = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
    // Answered 415 at once, without reading the body; then the client gives up on the body.
    socket.write(
      `POST ${API_PATHS.textToSpeech} HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\n` +
        'Content-Length: 100\r\n\r\n<te',
    );
    socket.once('data', () => socket.end());
  });
  assert.equal(received.match(/HTTP\/1\.1 /g)?.length, 1, received);
  assert.match(received, /^HTTP\/1\.1 415 /);
});

test('the server keeps serving after all of the above', async () => {
  const answer = await sendRaw(
    `GET ${API_PATHS.health} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  );
  assert.equal(answer.status, 200, answer.body);
});
