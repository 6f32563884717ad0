/**
 * Answers nobody reads (issue 19, item 4), over real sockets: a client that sends its request and
 * then never reads is cut off once STREAM_DRAIN_TIMEOUT_MS passes with output waiting for it. A
 * streamed speech answer is made no faster than it is read, so it never piles up in memory; when
 * it is cut off, its job stops and frees its place in the line, and the same visitor is served
 * again. A large audio answer left unread is cut off too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, EVENT_STREAM_MEDIA_TYPE } from '@ai-tools/contracts';
import { JobQueue } from '../src/providers/job-queue.ts';
import type { SpeechSynthesizer } from '../src/providers/types.ts';
import { testProviders } from './helpers/audio-doubles.ts';
import { capturedLogger, makeApp } from './helpers/app.ts';

const SAMPLE_RATE = 24_000;
/** Each piece of speech the double makes: 30 s of 16-bit samples, about 1.9 MB as an event. */
const PIECE_SECONDS = 30;
/** Forty sentences, one piece each (captions on): about 77 MB of events in all. */
const SENTENCES = Array.from(
  { length: 40 },
  (_, index) => `Sentence number ${index + 1} of a long text that nobody reads.`,
);
const VISITOR = '127.0.0.5';

/** A speech engine on a real line (one at work, one waiting) that says when its job stopped. */
function recordingSpeech() {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 1, expectedSecondsPerUnit: 0.1 });
  let piecesMade = 0;
  let stopped!: (how: string) => void;
  const firstJobEnded = new Promise<string>((resolve) => (stopped = resolve));
  const speech: SpeechSynthesizer = {
    status: () => ({ engine: 'recording speech double', tier: 'neural', ready: true }),
    close: async () => {},
    synthesize: (request) =>
      queue.run(async (signal) => {
        if (request.text.startsWith('Sentence')) {
          if (piecesMade === 0) signal.addEventListener('abort', () => stopped('aborted'));
          piecesMade += 1;
          if (piecesMade === SENTENCES.length) stopped('every piece was made');
        }
        return { pcm: Buffer.alloc(PIECE_SECONDS * SAMPLE_RATE * 2), sampleRate: SAMPLE_RATE };
      }, request),
  };
  return { speech, firstJobEnded, piecesMade: () => piecesMade };
}

/** Sends a request from `localAddress` over a socket that never reads the answer. */
function neverRead(app: FastifyInstance, body: object, accept: string): Socket {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  const payload = JSON.stringify(body);
  const socket = connect({ host: '127.0.0.1', port: address.port, localAddress: VISITOR });
  socket.pause();
  // The server closes it: what the kernel still holds for this socket is not the test's concern.
  socket.on('error', () => {});
  socket.write(
    [
      `POST ${API_PATHS.textToSpeech} HTTP/1.1`,
      'Host: localhost',
      'Content-Type: application/json',
      `Accept: ${accept}`,
      `Content-Length: ${Buffer.byteLength(payload)}`,
      '',
      payload,
    ].join('\r\n'),
  );
  return socket;
}

/** The app on `speech`, listening on loopback, and a way to count the answers it cut off. */
async function listeningApp(speech: SpeechSynthesizer) {
  const logLines: string[] = [];
  const app = await makeApp({
    providers: testProviders({ speech }),
    env: { STREAM_DRAIN_TIMEOUT_MS: '300', SPEECH_MAX_SECONDS: '3600' },
    logger: capturedLogger(logLines),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  let closed!: () => void;
  const answerClosed = new Promise<void>((resolve) => (closed = resolve));
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) =>
    response.once('close', () => closed()),
  );
  const cutOff = () =>
    logLines.filter(
      (line) =>
        (JSON.parse(line) as { msg: string }).msg === 'the client stopped reading the answer',
    ).length;
  return { app, answerClosed, cutOff };
}

/** A hang, were an unread answer never cut off, fails the test instead of stalling the suite. */
const HANG_GUARD = { timeout: 10 * 60_000 };

test(
  'a speech stream nobody reads is cut off: its job stops, frees its place, and the visitor is served again',
  HANG_GUARD,
  async () => {
    const { speech, firstJobEnded, piecesMade } = recordingSpeech();
    const { app, cutOff } = await listeningApp(speech);
    const socket = neverRead(
      app,
      { text: SENTENCES.join(' '), outputFormat: 'wav', captions: true },
      EVENT_STREAM_MEDIA_TYPE,
    );
    try {
      // The engine waited for the reader instead of making every piece into memory, and stopped.
      assert.equal(await firstJobEnded, 'aborted');
      assert.ok(
        piecesMade() < SENTENCES.length,
        `${piecesMade()} of ${SENTENCES.length} pieces made`,
      );

      // Its place and the visitor's one job are free: the same visitor is served.
      const again = await app.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: { text: 'Hello again.', outputFormat: 'wav' },
        remoteAddress: VISITOR,
      });
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(cutOff(), 1);
    } finally {
      socket.destroy();
      await app.close();
    }
  },
);

test('a large audio answer nobody reads is cut off', HANG_GUARD, async () => {
  const { speech } = recordingSpeech();
  const { app, answerClosed, cutOff } = await listeningApp(speech);
  // 40 pieces of 30 s: a WAV file of 58 MB.
  const socket = neverRead(
    app,
    { text: SENTENCES.join(' '), outputFormat: 'wav', captions: true },
    'audio/wav',
  );
  try {
    await answerClosed;
    assert.equal(cutOff(), 1);
  } finally {
    socket.destroy();
    await app.close();
  }
});
