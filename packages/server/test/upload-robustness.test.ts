/**
 * Broken uploads against a real listening server: a cut-off or malformed multipart body must get a
 * 4xx JSON answer with a message from the contracts, never a 5xx, a hang or an uncaught exception
 * that stops the process (ADR 019: one 71-byte request used to end the whole server).
 */
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  SERVER_MESSAGES,
  SPEECH_UPLOAD_FIELD,
  SPEECH_TO_TEXT_MESSAGES,
} from '@ai-tools/contracts';
import { encodeWav } from '../src/audio/wav.ts';
import { TRANSCRIPTION_SAMPLE_RATE } from '../src/providers/types.ts';
import { makeApp } from './helpers/app.ts';
import { multipartBody, testProviders } from './helpers/audio-doubles.ts';

/** Long enough for any of these tiny requests; an answer later than this counts as a hang. */
const ANSWER_TIMEOUT_MS = 10_000;

const CONTRACT_MESSAGES = new Set<string>(
  [SPEECH_TO_TEXT_MESSAGES, SERVER_MESSAGES].flatMap((messages) =>
    Object.values(messages).filter((value): value is string => typeof value === 'string'),
  ),
);

interface Answer {
  statusCode: number;
  contentType: string;
  body: string;
}

let app: FastifyInstance;
let port: number;
let nextVisitor = 1;
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

/**
 * Sends `body` with a content-length that matches it. Each request comes from another visitor
 * (X-Forwarded-For, trusted from loopback), so the per-tool rate limit does not answer instead.
 */
function send(
  body: Buffer | string,
  headers: Record<string, string>,
  options: { agent?: Agent; method?: string; path?: string } = {},
): Promise<Answer> {
  const { agent, method = 'POST', path = API_PATHS.speechToText } = options;
  const payload = Buffer.from(body);
  const visitor = nextVisitor++;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        headers: {
          ...headers,
          'content-length': String(payload.length),
          'x-forwarded-for': `10.8.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(method === 'GET' ? undefined : payload);
  });
}

/**
 * Sends the request head and `body` on a raw socket, then ends the client's side at once, and
 * reads the answer until the server closes the connection.
 */
function sendThenClose(body: Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks).toString('utf8');
      const [head = '', answerBody = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const contentType =
        headerLines
          .find((line) => line.toLowerCase().startsWith('content-type:'))
          ?.slice('content-type:'.length)
          .trim() ?? '';
      resolve({ statusCode: Number(statusLine.split(' ')[1]), contentType, body: answerBody });
    });
    const visitor = nextVisitor++;
    const head = Object.entries({
      host: '127.0.0.1',
      'x-forwarded-for': `10.9.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`,
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`POST ${API_PATHS.speechToText} HTTP/1.1\r\n${head}\r\n\r\n`);
    socket.end(body);
  });
}

/** A 4xx JSON answer whose message is one of the contracts' texts, never a library's own. */
function assertClientError(answer: Answer, what: string) {
  assert.ok(
    answer.statusCode >= 400 && answer.statusCode < 500,
    `${what}: ${answer.statusCode} ${answer.body}`,
  );
  assert.match(answer.contentType, /^application\/json/, what);
  const message = (JSON.parse(answer.body) as { message?: unknown }).message;
  assert.ok(typeof message === 'string', `${what}: ${answer.body}`);
  assert.ok(CONTRACT_MESSAGES.has(message), `${what}: not a contracts message: ${message}`);
}

async function assertStillServing() {
  const health = await send('', {}, { method: 'GET', path: API_PATHS.health });
  assert.equal(health.statusCode, 200, health.body);
}

/** 5 ms of a 440 Hz tone: a real WAV small enough that cutting it at every byte stays quick. */
function tinyWav(): Buffer {
  const samples = new Float32Array(Math.round(TRANSCRIPTION_SAMPLE_RATE * 0.005));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = 0.25 * Math.sin((2 * Math.PI * 440 * index) / TRANSCRIPTION_SAMPLE_RATE);
  }
  return encodeWav(samples, TRANSCRIPTION_SAMPLE_RATE);
}

before(async () => {
  process.on('uncaughtException', recordUncaught);
  process.on('unhandledRejection', recordUncaught);
  app = await makeApp({ providers: testProviders(), env: { TRUST_PROXY: '127.0.0.1' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

after(async () => {
  await app.close();
  process.off('uncaughtException', recordUncaught);
  process.off('unhandledRejection', recordUncaught);
});

afterEach(() => {
  // Emptied each time, so one escape fails only the test that caused it.
  assert.deepEqual(uncaught.splice(0), [], 'an exception escaped to the process');
});

describe('a multipart upload whose closing boundary never comes', () => {
  test('the 71-byte request of ADR 019 gets a 400 and the server keeps serving', async () => {
    const body = '--AAA\r\ncontent-disposition: form-data; name="file"; filename="a"\r\n\r\nabc';
    assert.equal(Buffer.byteLength(body), 71);
    const answer = await send(body, { 'content-type': 'multipart/form-data; boundary=AAA' });
    assert.equal(answer.statusCode, 400, answer.body);
    assert.deepEqual(JSON.parse(answer.body), {
      message: SPEECH_TO_TEXT_MESSAGES.uploadIncomplete,
    });
    // An uncaught exception is raised a tick after the answer: give it the chance to show.
    await new Promise((resolve) => setImmediate(resolve));
    await assertStillServing();
  });
});

describe('a real upload cut at every byte, and broken in its parts', () => {
  const wav = tinyWav();
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename: 'tone.wav', contentType: 'audio/wav', data: wav },
  ]);
  const boundary = headers['content-type'].split('boundary=')[1] ?? '';
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  after(() => agent.destroy());

  test('the whole upload is transcribed, so the cuts below start from a valid one', async () => {
    const answer = await send(payload, headers, { agent });
    assert.equal(answer.statusCode, 200, answer.body);
  });

  test(
    `every cut of the ${payload.length}-byte body gets a 4xx`,
    { timeout: 120_000 },
    async () => {
      // The line break after the closing boundary is optional (RFC 2046), so only the cuts before
      // it are incomplete; the two after it are whole uploads.
      const closingLineBreak = 2;
      const statuses = new Map<number, number>();
      for (let length = 0; length < payload.length; length += 1) {
        const answer = await send(payload.subarray(0, length), headers, { agent });
        if (length < payload.length - closingLineBreak) {
          assertClientError(answer, `cut at byte ${length}`);
        } else {
          assert.equal(answer.statusCode, 200, `cut at byte ${length}: ${answer.body}`);
        }
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      }
      assert.deepEqual(
        [...statuses],
        [
          [400, payload.length - closingLineBreak],
          [200, closingLineBreak],
        ],
      );
      await assertStillServing();
    },
  );

  test(
    `every cut of the ${payload.length}-byte body, by a client that closes its side, gets a 4xx`,
    { timeout: 120_000 },
    async () => {
      // The Content-Length promises the whole body, as a browser whose connection dropped sent it.
      for (let length = 0; length < payload.length; length += 1) {
        const answer = await sendThenClose(payload.subarray(0, length), {
          ...headers,
          'content-length': String(payload.length),
        });
        assertClientError(answer, `closed after byte ${length}`);
      }
      await assertStillServing();
    },
  );

  const disposition = `Content-Disposition: form-data; name="${SPEECH_UPLOAD_FIELD}"; filename="a.wav"`;
  const part = (partHeaders: string, data: Buffer | string = wav) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${partHeaders}\r\n\r\n`), Buffer.from(data)]);
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = (...pieces: Buffer[]) => Buffer.concat([...pieces, closing]);
  const broken: [string, Buffer, Record<string, string>?][] = [
    ['no content-disposition', whole(part('Content-Type: audio/wav'))],
    [
      'content-disposition without a name',
      whole(part('Content-Disposition: form-data; filename="a"')),
    ],
    [
      'content-disposition with an open quote',
      whole(part('Content-Disposition: form-data; name="file')),
    ],
    ['content-disposition that is not form-data', whole(part('Content-Disposition: attachment'))],
    ['part headers that never end', Buffer.from(`--${boundary}\r\n${disposition}\r\nX: y`)],
    [
      'a closing boundary with another name',
      Buffer.concat([part(disposition), Buffer.from('\r\n--other--\r\n')]),
    ],
    [
      'a closing boundary without its dashes',
      Buffer.concat([part(disposition), Buffer.from(`\r\n--${boundary}`)]),
    ],
    [
      'a closing boundary without its line break',
      Buffer.concat([part(disposition), Buffer.from(`--${boundary}--`)]),
    ],
    ['no opening boundary', Buffer.concat([wav, closing])],
    ['only the closing boundary', closing],
    [
      'the file in another field',
      whole(part(disposition.replace(`"${SPEECH_UPLOAD_FIELD}"`, '"audio"'))),
    ],
    ['two files', whole(part(disposition), Buffer.from('\r\n'), part(disposition))],
    [
      'a field after the file, cut off',
      Buffer.concat([
        part(disposition),
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nab`),
      ]),
    ],
    [
      'a nested multipart/mixed part',
      whole(
        part(
          `${disposition}\r\nContent-Type: multipart/mixed; boundary=inner`,
          '--inner\r\n\r\nx\r\n--inner',
        ),
      ),
    ],
    [
      'a body of a different boundary',
      payload,
      { 'content-type': 'multipart/form-data; boundary=different' },
    ],
    ['no boundary in the content type', payload, { 'content-type': 'multipart/form-data' }],
    ['an empty boundary', payload, { 'content-type': 'multipart/form-data; boundary=' }],
    [
      'a boundary over 70 characters',
      payload,
      { 'content-type': `multipart/form-data; boundary=${'b'.repeat(200)}` },
    ],
    ['an empty multipart body', Buffer.alloc(0)],
    [
      'a multipart/mixed body',
      payload,
      { 'content-type': `multipart/mixed; boundary=${boundary}` },
    ],
  ];

  for (const [what, body, headerOverrides] of broken) {
    test(what, async () => {
      const answer = await send(body, { ...headers, ...headerOverrides }, { agent });
      assertClientError(answer, what);
      await assertStillServing();
    });
  }

  // The parser passes over a part header it cannot read, as browsers' own parsers do; the file
  // itself is whole, so it is transcribed.
  const tolerated: [string, Buffer][] = [
    ['a header line without a colon', whole(part(`${disposition}\r\nthis is not a header`))],
    [
      'part headers of bytes that are not text',
      whole(part(`${disposition}\r\n\u0000\u00ff: \u0001`)),
    ],
    [
      'part headers over 100 kB',
      whole(part(`${disposition}\r\nX-Padding: ${'p'.repeat(100_000)}`)),
    ],
  ];
  for (const [what, body] of tolerated) {
    test(`${what}: the whole file is still read`, async () => {
      const answer = await send(body, headers, { agent });
      assert.equal(answer.statusCode, 200, `${what}: ${answer.body}`);
      await assertStillServing();
    });
  }
});
