/**
 * GET the voice sample route through the real app, with a tone double as the engine: an mp3 of
 * the fixed sample text, made once per voice however many visitors ask, and a 400 for a voice
 * that does not exist. (kokoro-speech.test.ts plays one on the real model.)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, MEDIA_TYPES, VOICES, voiceSamplePath } from '@ai-tools/contracts';
import { VOICE_SAMPLE_TEXT } from '../src/features/text-to-speech/voice-samples.ts';
import {
  SECONDS_PER_CHARACTER,
  probeBytes,
  sineSynthesizer,
  testProviders,
  type SynthesizerDouble,
} from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { ProviderBusyError } from '../src/errors.ts';

let app: FastifyInstance;
let synthesizer: SynthesizerDouble;

before(async () => {
  synthesizer = sineSynthesizer();
  app = await makeApp({ providers: testProviders({ speech: synthesizer }) });
});
after(() => app.close());

test('the route path of contracts names the voice', () => {
  assert.equal(voiceSamplePath('nova'), '/api/audio/voice_samples/nova');
  assert.equal(API_PATHS.voiceSample, '/api/audio/voice_samples/:voice');
});

test('a sample is an mp3 of the sample text, made once for any number of visitors', async () => {
  const visits = await Promise.all(
    ['10.3.0.1', '10.3.0.2', '10.3.0.3'].map((remoteAddress) =>
      app.inject({ method: 'GET', url: voiceSamplePath('onyx'), remoteAddress }),
    ),
  );
  const again = await app.inject({ method: 'GET', url: voiceSamplePath('onyx') });
  for (const visit of [...visits, again]) {
    assert.equal(visit.statusCode, 200, visit.body);
    assert.equal(visit.headers['content-type'], MEDIA_TYPES.mp3);
    assert.ok(visit.rawPayload.equals(visits[0]!.rawPayload));
  }
  const info = probeBytes(again.rawPayload, 'mp3');
  assert.equal(info.codec, 'mp3');
  assert.ok(
    Math.abs(info.durationSeconds - VOICE_SAMPLE_TEXT.length * SECONDS_PER_CHARACTER) < 0.1,
  );
  const made = synthesizer.requests.filter((request) => request.voice === 'onyx');
  assert.equal(made.length, 1);
  assert.equal(made[0]?.text, VOICE_SAMPLE_TEXT);
});

test('each voice has its own sample', async () => {
  for (const voice of VOICES) {
    const response = await app.inject({ method: 'GET', url: voiceSamplePath(voice) });
    assert.equal(response.statusCode, 200, `${voice}: ${response.body}`);
  }
  assert.deepEqual(
    [...new Set(synthesizer.requests.map((request) => request.voice))].sort(),
    [...VOICES].sort(),
  );
});

test('an unknown voice is a 400 that lists the voices', async () => {
  const response = await app.inject({ method: 'GET', url: voiceSamplePath('robot') });
  assert.equal(response.statusCode, 400);
  assert.equal(errorMessage(response), `voice must be one of: ${VOICES.join(', ')}.`);
});

test('a sample that failed is made again on the next visit', async () => {
  const busy = sineSynthesizer();
  const synthesize = busy.synthesize.bind(busy);
  let failures = 1;
  busy.synthesize = async (request) => {
    if (failures-- > 0) throw new ProviderBusyError('The speech engine is busy.', 4);
    return synthesize(request);
  };
  const busyApp = await makeApp({ providers: testProviders({ speech: busy }) });
  try {
    const refused = await busyApp.inject({ method: 'GET', url: voiceSamplePath('ash') });
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.headers['retry-after'], '4');
    const served = await busyApp.inject({ method: 'GET', url: voiceSamplePath('ash') });
    assert.equal(served.statusCode, 200, served.body);
  } finally {
    await busyApp.close();
  }
});
