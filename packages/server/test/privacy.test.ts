/**
 * Privacy: uploaded and generated audio leave nothing behind on disk, whatever the outcome, and
 * the logs carry sizes and timings, never what a visitor wrote or said.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, SPEECH_UPLOAD_FIELD } from '@ai-tools/contracts';
import {
  makeToneFile,
  multipartBody,
  recordingTranscriber,
  sineSynthesizer,
  testProviders,
  waitingUntilAborted,
} from './helpers/audio-doubles.ts';
import { capturedLogger, makeApp } from './helpers/app.ts';

const temporaryRoot = mkdtempSync(join(tmpdir(), 'privacy-temp-'));
const logLines: string[] = [];
let app: FastifyInstance;

/** The transcriber waits on the first call's signal, so the test can walk away mid-request. */
let transcriptionStarted: () => void = () => {};
let transcriptionAborted: () => void = () => {};
let holdTranscription = false;

function leftovers(): string[] {
  return readdirSync(temporaryRoot, { recursive: true }) as string[];
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

before(async () => {
  const transcriber = recordingTranscriber();
  const answer = transcriber.transcribe.bind(transcriber);
  transcriber.transcribe = (request) =>
    holdTranscription
      ? waitingUntilAborted(transcriptionStarted, transcriptionAborted)(request)
      : answer(request);
  app = await makeApp({
    env: { TEMP_DIR: temporaryRoot, LOG_LEVEL: 'info' },
    providers: testProviders({ speech: sineSynthesizer(), transcription: transcriber }),
    logger: capturedLogger(logLines),
  });
});
after(async () => {
  await app.close();
  rmSync(temporaryRoot, { recursive: true, force: true });
});

test('nothing is left in the temporary folder after a successful text to speech', async () => {
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: 'A short sentence to encode.', outputFormat: 'flac' },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(leftovers(), []);
});

test('nothing is left after a successful transcription', async () => {
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename: 'a.wav', data: makeToneFile('wav', 1) },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.speechToText,
    payload,
    headers,
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(leftovers(), []);
});

test('nothing is left after a 400 for a file that is not audio', async () => {
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename: 'a.mp3', data: 'not audio at all '.repeat(100) },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.speechToText,
    payload,
    headers,
  });
  assert.equal(response.statusCode, 400);
  assert.deepEqual(leftovers(), []);
});

test('nothing is left after the visitor walks away mid-request, and the engine is told to stop', async () => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');

  holdTranscription = true;
  const started = new Promise<void>((resolve) => (transcriptionStarted = resolve));
  const aborted = new Promise<void>((resolve) => (transcriptionAborted = resolve));
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename: 'a.wav', data: makeToneFile('wav', 2) },
  ]);
  const request = httpRequest({
    host: '127.0.0.1',
    port: address.port,
    method: 'POST',
    path: API_PATHS.speechToText,
    headers: { ...headers, 'content-length': String(payload.length) },
  });
  request.on('error', () => {});
  request.end(payload);

  await started;
  // While the engine works, the upload sits in the request's folder: the check below can fail.
  assert.equal(readdirSync(temporaryRoot).length, 1);
  request.destroy();
  await aborted;
  await waitFor(() => leftovers().length === 0, 'the temporary folder to be removed');
  holdTranscription = false;
});

test('the logs hold sizes and timings, never the text, the transcript or the contact details', async () => {
  const secretText = 'Purple elephants whisper recipes at midnight';
  await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: secretText },
  });
  await app.inject({
    method: 'POST',
    url: API_PATHS.sendMessage,
    payload: {
      name: 'Zebulon Quartermaine',
      email: 'zebulon.private@example.com',
      subject: 'Confidential matter',
      message: 'My account number is 99887766, please call me.',
    },
  });
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename: 'secret-name.wav', data: makeToneFile('wav', 1) },
  ]);
  await app.inject({
    method: 'POST',
    url: `${API_PATHS.speechToText}?name=secret-query`,
    payload,
    headers,
  });

  const logs = logLines.join('');
  assert.match(logs, /"requestBytes":\d+/);
  assert.match(logs, /"milliseconds":\d+/);
  for (const secret of [
    'Purple elephants',
    'Zebulon',
    'zebulon.private',
    'Confidential',
    '99887766',
    'hello from the test double',
    'secret-name',
    'secret-query',
    // The visitor's address: no request line carries it.
    'remoteAddress',
  ]) {
    assert.ok(!logs.includes(secret), `the log contains "${secret}"`);
  }
});
