/**
 * Bounded and binary text-to-speech answers through the real route (ADR 021): the audio a
 * request would make is estimated before any engine runs and refused past SPEECH_MAX_SECONDS with
 * a 413; a client whose Accept header asks for audio gets the file's bytes instead of base64 JSON.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  LIMITS,
  API_PATHS,
  MEDIA_TYPES,
  OUTPUT_FORMATS,
  textToSpeechResponseSchema,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { acceptsAudio } from '../src/features/text-to-speech/route.ts';
import { estimateSpeechSeconds } from '../src/features/text-to-speech/service.ts';
import {
  EXPECTED_ENCODINGS,
  probeBytes,
  sineSynthesizer,
  testProviders,
  type SynthesizerDouble,
} from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';

let app: FastifyInstance;
let synthesizer: SynthesizerDouble;
let nextAddress = 1;

function speak(payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload,
    headers,
    remoteAddress: `10.7.0.${nextAddress++}`,
  });
}

before(async () => {
  synthesizer = sineSynthesizer();
  app = await makeApp({ providers: testProviders({ speech: synthesizer }) });
});
after(() => app.close());

describe('the duration limit', () => {
  const longText = 'Every word of this sentence is read aloud. '.repeat(110).trim();

  test('the longest text at normal speed is within the default limit', () => {
    const text = 'a'.repeat(LIMITS.textToSpeechMaxCharacters);
    assert.ok(estimateSpeechSeconds(text, 1) <= LIMITS.speechMaxSeconds);
  });

  test('a long text at a slow speed gets a 413 before any engine runs', async () => {
    const before = synthesizer.requests.length;
    const response = await speak({ text: longText, speed: 0.25, outputFormat: 'wav' });
    assert.equal(response.statusCode, 413, response.body);
    const message = errorMessage(response);
    const estimatedMinutes = Math.round((estimateSpeechSeconds(longText, 0.25) / 60) * 10) / 10;
    assert.equal(
      message,
      TEXT_TO_SPEECH_MESSAGES.speechTooLong(estimatedMinutes, LIMITS.speechMaxSeconds / 60),
    );
    assert.equal(synthesizer.requests.length, before, 'no engine ran');
  });

  test('the same text at a faster speed is spoken', async () => {
    const response = await speak({ text: longText, speed: 1 });
    assert.equal(response.statusCode, 200);
  });

  test('SPEECH_MAX_SECONDS changes the limit', async () => {
    const strict = await makeApp({
      providers: testProviders({ speech: sineSynthesizer() }),
      env: { SPEECH_MAX_SECONDS: '5' },
    });
    try {
      const text = 'Just over five seconds of speech at the normal speed of one, surely enough.';
      assert.ok(estimateSpeechSeconds(text, 1) > 5);
      const refused = await strict.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: { text },
      });
      assert.equal(refused.statusCode, 413);
      const spoken = await strict.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: { text: 'Short.' },
      });
      assert.equal(spoken.statusCode, 200);
    } finally {
      await strict.close();
    }
  });

  test('Chinese text counts each character as several letters', () => {
    assert.ok(estimateSpeechSeconds('你好世界', 1) > estimateSpeechSeconds('abcd', 1) * 3);
  });
});

describe('the binary answer', () => {
  const text = 'Hello there. This is the binary answer.';

  for (const format of OUTPUT_FORMATS) {
    test(`Accept: audio/* with ${format} answers the ${format} bytes`, async () => {
      const response = await speak({ text, outputFormat: format }, { accept: 'audio/*' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], MEDIA_TYPES[format]);
      assert.equal(
        response.headers['content-disposition'],
        `attachment; filename="generated_speech.${format}"`,
      );
      const info = probeBytes(response.rawPayload, format);
      assert.equal(info.container, EXPECTED_ENCODINGS[format].container);
      assert.equal(info.codec, EXPECTED_ENCODINGS[format].codec);
    });
  }

  test("the format's own media type asks for the bytes too", async () => {
    const response = await speak({ text, outputFormat: 'wav' }, { accept: 'audio/wav' });
    assert.equal(response.headers['content-type'], 'audio/wav');
    assert.equal(response.rawPayload.subarray(0, 4).toString('latin1'), 'RIFF');
  });

  test('the JSON stays the answer without an audio Accept', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, audio/*']) {
      const response = await speak({ text }, accept === undefined ? {} : { accept });
      assert.match(String(response.headers['content-type']), /^application\/json/, accept);
      assert.ok(textToSpeechResponseSchema.parse(response.json()).data.audioBase64.length > 0);
    }
  });

  test('Accept weights decide', () => {
    assert.equal(acceptsAudio('audio/*;q=0.5, application/json', 'audio/mpeg'), false);
    assert.equal(acceptsAudio('application/json;q=0.5, audio/*', 'audio/mpeg'), true);
    assert.equal(acceptsAudio('audio/wav', 'audio/mpeg'), false);
    assert.equal(acceptsAudio('audio/ogg', 'audio/ogg; codecs=opus'), true);
    assert.equal(acceptsAudio('audio/*;q=0', 'audio/mpeg'), false);
  });
});
