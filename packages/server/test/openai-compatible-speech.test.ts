import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_PATHS, LIMITS, TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import {
  createOpenAiCompatibleProviders,
  parseVoiceMap,
} from '../src/providers/openai-compatible/index.ts';
import { parseWav } from '../src/audio/wav.ts';
import type { SpeechSynthesisRequest } from '../src/providers/types.ts';
import { testProviders } from './helpers/audio-doubles.ts';
import { makeApp } from './helpers/app.ts';
import {
  fixture,
  json,
  sentJson,
  sentSpeechSchema,
  silence,
  startOpenAiLoopback,
} from './helpers/openai-loopback.ts';
import {
  EmptyResultError,
  GenerationAbortedError,
  ProviderBusyError,
  ProviderFailedError,
  ProviderUnavailableError,
} from '../src/errors.ts';

let loopback: Awaited<ReturnType<typeof startOpenAiLoopback>>;
before(async () => {
  loopback = await startOpenAiLoopback();
});
after(async () => {
  await loopback.close();
});

const REQUEST: SpeechSynthesisRequest = { text: 'Hello there.', voice: 'coral', speed: 1.25 };
const RECORDED_WAV = fixture('speech.wav');

function wavReply(file: Buffer = RECORDED_WAV) {
  return json(200, file, { 'content-type': 'audio/wav' });
}

function synthesizer(overrides = {}) {
  return createOpenAiCompatibleProviders(loopback.config(overrides)).speech;
}

test('asks for WAV with model, voice, speed and text, and returns its PCM and sample rate', async () => {
  loopback.reply = wavReply();
  const speech = await synthesizer().synthesize(REQUEST);
  assert.equal(speech.sampleRate, 24_000);
  assert.equal(speech.pcm.length, RECORDED_WAV.length - 44, 'every sample of the data chunk');
  assert.ok(speech.pcm.equals(RECORDED_WAV.subarray(44)));

  const sent = loopback.requests.at(-1);
  assert.equal(sent?.url, '/v1/audio/speech');
  assert.equal(sent?.headers.authorization, 'Bearer sk-test-key');
  assert.deepEqual(sentJson(sent), {
    model: 'gpt-4o-mini-tts',
    input: 'Hello there.',
    voice: 'coral',
    speed: 1.25,
    response_format: 'wav',
  });
});

test('a text over 4096 characters goes upstream in parts of at most 4096, cut at sentences', async () => {
  loopback.reply = wavReply();
  const sentence = 'This sentence is one part of a long text for the speech service. ';
  const text = sentence
    .repeat(Math.floor(LIMITS.textToSpeechMaxCharacters / sentence.length))
    .trim();
  assert.ok(text.length > 4096);
  const first = loopback.requests.length;
  const app = await makeApp({ providers: testProviders({ speech: synthesizer() }) });
  try {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text, outputFormat: 'wav' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const inputs = loopback.requests
      .slice(first)
      .map((request) => sentSpeechSchema.parse(sentJson(request)).input);
    assert.ok(inputs.length >= 2, `${inputs.length} upstream request(s)`);
    for (const input of inputs) {
      assert.ok(input.length <= 4096, `${input.length} characters in one request`);
      assert.match(input, /service\.$/, 'each part ends at a sentence');
    }
    const words = (value: string) => value.split(/\s+/).filter(Boolean).length;
    assert.equal(words(inputs.join(' ')), words(text), 'every word is spoken once');
  } finally {
    await app.close();
  }
});

test('the voice map sends a self-hosted server its own voice names', async () => {
  loopback.reply = wavReply();
  await synthesizer({
    OPENAI_SPEECH_VOICE_MAP: 'coral=af_heart, echo=am_michael',
    OPENAI_SPEECH_MODEL: 'kokoro',
  }).synthesize(REQUEST);
  const body = sentSpeechSchema.parse(sentJson(loopback.requests.at(-1)));
  assert.equal(body.voice, 'af_heart');
  assert.equal(body.model, 'kokoro');
  assert.throws(() => parseVoiceMap('robot=x'), /OPENAI_SPEECH_VOICE_MAP entry "robot=x"/);
});

test('a streamed WAV (unknown sizes, extra chunks) is read to its end', async () => {
  const samples = RECORDED_WAV.subarray(44);
  const list = Buffer.concat([
    Buffer.from('LIST'),
    Buffer.from([5, 0, 0, 0]),
    Buffer.from('INFOx'),
    Buffer.from([0]),
  ]);
  const header = Buffer.from(RECORDED_WAV.subarray(0, 36));
  header.writeUInt32LE(0xffffffff, 4);
  const dataHeader = Buffer.concat([Buffer.from('data'), Buffer.from([0xff, 0xff, 0xff, 0xff])]);
  loopback.reply = wavReply(Buffer.concat([header, list, dataHeader, samples]));
  const speech = await synthesizer().synthesize(REQUEST);
  assert.ok(speech.pcm.equals(samples));
});

test('stereo float WAV becomes mono 16-bit', () => {
  const frames = [
    [0.5, 0.5],
    [-1, -1],
    [1, 0],
  ];
  const file = Buffer.alloc(44 + frames.length * 8);
  file.write('RIFF', 0);
  file.writeUInt32LE(file.length - 8, 4);
  file.write('WAVEfmt ', 8);
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(3, 20);
  file.writeUInt16LE(2, 22);
  file.writeUInt32LE(22_050, 24);
  file.writeUInt32LE(22_050 * 8, 28);
  file.writeUInt16LE(8, 32);
  file.writeUInt16LE(32, 34);
  file.write('data', 36);
  file.writeUInt32LE(frames.length * 8, 40);
  frames.flat().forEach((value, index) => file.writeFloatLE(value, 44 + index * 4));
  const { pcm, sampleRate } = parseWav(file);
  assert.equal(sampleRate, 22_050);
  assert.deepEqual(
    [pcm.readInt16LE(0), pcm.readInt16LE(2), pcm.readInt16LE(4)],
    [16384, -32768, 16384],
  );
});

test('upstream failures become named errors a visitor can act on', async () => {
  loopback.reply = json(401, fixture('error-401.json'));
  await assert.rejects(synthesizer().synthesize(REQUEST), ProviderUnavailableError);
  loopback.reply = json(429, fixture('error-429.json'), { 'retry-after': '3' });
  await assert.rejects(
    synthesizer().synthesize(REQUEST),
    (error: unknown) => error instanceof ProviderBusyError && error.retryAfterSeconds === 3,
  );
  loopback.reply = json(500, fixture('error-500.json'));
  await assert.rejects(synthesizer().synthesize(REQUEST), ProviderFailedError);
  loopback.reply = json(404, { error: { message: 'model not found', code: 'model_not_found' } });
  await assert.rejects(
    synthesizer().synthesize(REQUEST),
    /no model "gpt-4o-mini-tts".*OPENAI_SPEECH_MODEL/,
  );
});

test('a reply that is not WAV is a failure, and no samples at all an empty result', async () => {
  loopback.reply = json(200, Buffer.from([0xff, 0xf3, 0x44, 0xc4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), {
    'content-type': 'audio/mpeg',
  });
  await assert.rejects(synthesizer().synthesize(REQUEST), /sent audio this site cannot read/);
  loopback.reply = wavReply(RECORDED_WAV.subarray(0, 44));
  await assert.rejects(synthesizer().synthesize(REQUEST), EmptyResultError);
  await assert.rejects(synthesizer().synthesize(REQUEST), {
    message: TEXT_TO_SPEECH_MESSAGES.speechEmpty,
  });
});

test('a timeout and an abort stop the request', async () => {
  loopback.reply = silence;
  await assert.rejects(
    synthesizer({ OPENAI_TIMEOUT_MS: '200' }).synthesize(REQUEST),
    /took too long/,
  );
  const visitor = new AbortController();
  setTimeout(() => visitor.abort(), 50);
  await assert.rejects(
    synthesizer().synthesize({ ...REQUEST, signal: visitor.signal }),
    GenerationAbortedError,
  );
  await loopback.requests.at(-1)?.closedEarly;
});
