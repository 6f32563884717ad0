import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  LIMITS,
  MEDIA_TYPES,
  OUTPUT_FORMATS,
  SERVER_MESSAGES,
  READ_LANGUAGES,
  TEXT_TO_SPEECH_MESSAGES,
  speechPieceEventSchema,
  streamedSpeechResultSchema,
  textToSpeechResponseSchema,
} from '@ai-tools/contracts';
import { DEFAULT_CHARACTERS_PER_CHUNK } from '../src/features/text-to-speech/service.ts';
import {
  DOUBLE_SAMPLE_RATE,
  SECONDS_PER_CHARACTER,
  probeBytes,
  EXPECTED_ENCODINGS as EXPECTED,
  sineSynthesizer,
  testProviders,
  type SynthesizerDouble,
} from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';
import { capturedLogger, makeApp } from './helpers/app.ts';
import { parseEvents } from './helpers/event-stream.ts';
import { countProgramRuns } from './helpers/program-runs.ts';
import { ProviderBusyError, ProviderUnavailableError } from '../src/errors.ts';

let app: FastifyInstance;
let synthesizer: SynthesizerDouble;
/** Every request from its own address, so the per-IP budget never interferes here. */
let nextAddress = 1;

function speak(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: payload as string,
    headers,
    remoteAddress: `10.0.0.${nextAddress++}`,
  });
}

before(async () => {
  synthesizer = sineSynthesizer();
  app = await makeApp({ providers: testProviders({ speech: synthesizer }) });
});
after(() => app.close());

describe('success', () => {
  for (const format of OUTPUT_FORMATS) {
    test(`${format}: a real ${format} file whose duration matches durationSeconds`, async () => {
      const text = 'Hello there. This is a test of the speech tool.';
      const response = await speak({ text, voice: 'nova', speed: 1.5, outputFormat: format });
      assert.equal(response.statusCode, 200, response.body);
      const body = textToSpeechResponseSchema.parse(response.json());
      assert.equal(body.data.format, format);
      assert.equal(body.data.mediaType, MEDIA_TYPES[format]);
      assert.equal(body.data.engine, 'sine test double');

      // The first sentence is spoken alone, then the rest: the space between is not spoken.
      const spoken = synthesizer.requests.slice(-2).map((request) => request.text);
      assert.deepEqual(spoken, ['Hello there.', 'This is a test of the speech tool.']);
      const expectedSeconds = (text.length - 1) * SECONDS_PER_CHARACTER;
      assert.ok(Math.abs(body.data.durationSeconds - expectedSeconds) < 0.005);
      const info = probeBytes(Buffer.from(body.data.audioBase64, 'base64'), format);
      assert.equal(info.container, EXPECTED[format].container);
      assert.equal(info.codec, EXPECTED[format].codec);
      assert.equal(info.channels, 1);
      // Encoders pad a few milliseconds (MP3 and AAC frames); more would be a wrong header.
      assert.ok(
        Math.abs(info.durationSeconds - body.data.durationSeconds) < 0.1,
        `${format}: ffprobe says ${info.durationSeconds}s, the answer ${body.data.durationSeconds}s`,
      );

      const last = synthesizer.requests.at(-1);
      assert.equal(last?.voice, 'nova');
      assert.equal(last?.speed, 1.5);
      assert.equal(last?.language, 'en');
    });
  }

  test('response_format is accepted as an alias of outputFormat', async () => {
    const response = await speak({ text: 'The alias works.', response_format: 'wav' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(textToSpeechResponseSchema.parse(response.json()).data.format, 'wav');
  });

  test('defaults: voice alloy, speed 1, mp3', async () => {
    const response = await speak({ text: 'Only the text is sent.' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(textToSpeechResponseSchema.parse(response.json()).data.format, 'mp3');
    assert.equal(synthesizer.requests.at(-1)?.voice, 'alloy');
    assert.equal(synthesizer.requests.at(-1)?.speed, 1);
  });

  test('markdown symbols and digits never reach the engine', async () => {
    const response = await speak({
      text: '# Title\n\n**Bold** and `code`, see [the docs](https://example.com). Dr. Smith has 3 cats.',
    });
    assert.equal(response.statusCode, 200, response.body);
    // The first sentence is spoken alone, then the rest.
    const spoken = synthesizer.requests
      .slice(-2)
      .map((request) => request.text)
      .join(' ');
    assert.doesNotMatch(spoken, /[*#`[\]()]|https?:/);
    assert.match(spoken, /Title\. Bold and code, see the docs\. Doctor Smith has three cats\./);
  });

  test('long text is split at sentences into chunks within the engine limit, and joined', async () => {
    const sentence = 'This sentence is one of many in a long text. ';
    const text = sentence.repeat(Math.floor(LIMITS.textToSpeechMaxCharacters / sentence.length));
    const before = synthesizer.requests.length;
    const response = await speak({ text, outputFormat: 'wav' });
    assert.equal(response.statusCode, 200, response.body);
    const chunks = synthesizer.requests.slice(before).map((request) => request.text);
    assert.ok(chunks.length >= 4, `${chunks.length} chunks`);
    for (const chunk of chunks) {
      assert.ok(chunk.length <= DEFAULT_CHARACTERS_PER_CHUNK, `${chunk.length} characters`);
      assert.match(chunk, /^This .*\.$/);
    }
    assert.equal(chunks.join(' '), text.trim());
    const seconds = chunks.join('').length * SECONDS_PER_CHARACTER;
    const { data } = textToSpeechResponseSchema.parse(response.json());
    assert.ok(Math.abs(data.durationSeconds - seconds) < 0.01);
  });

  test('captions: each sentence is spoken alone, and its cue has its times in the audio', async () => {
    const before = synthesizer.requests.length;
    const sentences = [
      'Welcome back to the kitchen, where the whole house smells of bread.',
      'Today we bake a loaf.',
      'It takes an hour.',
    ];
    const response = await speak({
      text: sentences.join(' '),
      outputFormat: 'wav',
      captions: true,
    });
    assert.equal(response.statusCode, 200, response.body);
    const spoken = synthesizer.requests.slice(before).map((request) => request.text);
    assert.deepEqual(spoken, [
      'Welcome back to the kitchen, where the whole house smells of bread.',
      'Today we bake a loaf.',
      'It takes an hour.',
    ]);
    const { data } = textToSpeechResponseSchema.parse(response.json());
    // The double speaks 0.01 s per character: the times follow from the sentences' lengths.
    const ends = [sentences[0]!.length, sentences[0]!.length + sentences[1]!.length];
    assert.deepEqual(data.captions, [
      {
        start: 0,
        end: ends[0]! * SECONDS_PER_CHARACTER,
        text: 'Welcome back to the kitchen, where\nthe whole house smells of bread.',
      },
      // Under a second each: the two short sentences share one cue.
      {
        start: ends[0]! * SECONDS_PER_CHARACTER,
        end: data.durationSeconds,
        text: 'Today we bake a loaf. It takes an hour.',
      },
    ]);
  });

  test('captions show the text as written, timed by the words the engine spoke', async () => {
    const before = synthesizer.requests.length;
    const response = await speak({
      text: 'In 2019, **Dr. Smith** paid €5 at 10:30. Sales rose 12.5% by the 3rd of May.',
      outputFormat: 'wav',
      captions: true,
    });
    assert.equal(response.statusCode, 200, response.body);
    const spoken = synthesizer.requests.slice(before).map((request) => request.text);
    assert.deepEqual(spoken, [
      'In twenty nineteen, Doctor Smith paid five euros at ten thirty.',
      'Sales rose twelve point five percent by the third of May.',
    ]);
    const { data } = textToSpeechResponseSchema.parse(response.json());
    // Under a second each (the double's 0.01 s a character): one cue of two lines.
    assert.deepEqual(data.captions, [
      {
        start: 0,
        end: data.durationSeconds,
        text: 'In 2019, Dr. Smith paid €5 at 10:30.\nSales rose 12.5% by the 3rd of May.',
      },
    ]);
  });

  test('without captions the answer is plain; captions must be true or false', async () => {
    const plain = await speak({ text: 'Hello there.', outputFormat: 'wav' });
    assert.equal(textToSpeechResponseSchema.parse(plain.json()).data.captions, undefined);
    const wrong = await speak({ text: 'Hello there.', captions: 'yes' });
    assert.equal(wrong.statusCode, 400);
    assert.equal(errorMessage(wrong), 'captions must be true or false.');
  });

  test("an engine's own limit decides the chunk size", async () => {
    const small = sineSynthesizer(100);
    const limited = await makeApp({ providers: testProviders({ speech: small }) });
    const text = 'Short one. '.repeat(40);
    const response = await limited.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text, outputFormat: 'wav' },
    });
    await limited.close();
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(small.requests.length >= 4);
    for (const request of small.requests) assert.ok(request.text.length <= 100);
  });

  test('an engine that speaks the chunks itself is asked once, with all of them in order', async () => {
    const single = sineSynthesizer();
    const asked: (readonly string[])[] = [];
    const whole: SynthesizerDouble = {
      ...single,
      // Kokoro's way: one phonemizer run for all the chunks, then one piece per chunk.
      async *synthesizeChunks({ texts, ...request }) {
        asked.push(texts);
        for (const text of texts) yield await single.synthesize({ ...request, text });
      },
    };
    const chunked = await makeApp({ providers: testProviders({ speech: whole }) });
    const sentences = ['The first one.', 'A second one follows.', 'And a third.'];
    const response = await chunked.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text: sentences.join(' '), outputFormat: 'wav', captions: true },
    });
    await chunked.close();
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(asked, [sentences]);
    assert.equal(single.requests.length, 3);
    const { data } = textToSpeechResponseSchema.parse(response.json());
    const seconds = sentences.join('').length * SECONDS_PER_CHARACTER;
    assert.ok(Math.abs(data.durationSeconds - seconds) < 0.01);
  });
});

describe('a language the voices do not speak is refused before any audio is made', () => {
  const korean = '안녕하세요. 오늘은 날씨가 정말 좋네요. 공원에 산책하러 갈까요?';
  let speaking: SynthesizerDouble;
  let speakingApp: FastifyInstance;

  before(async () => {
    // The local engines read the page's languages only (READ_LANGUAGES).
    speaking = { ...sineSynthesizer(), languages: READ_LANGUAGES };
    speakingApp = await makeApp({ providers: testProviders({ speech: speaking }) });
  });
  after(() => speakingApp.close());

  const ask = (text: string, headers: Record<string, string> = {}) =>
    speakingApp.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text, captions: true },
      headers,
      remoteAddress: `10.0.1.${nextAddress++}`,
    });

  for (const [answer, headers] of [
    ['the JSON answer', {}],
    ['the streamed answer', { accept: 'text/event-stream' }],
  ] as const) {
    test(`Korean text: ${answer} is a 400 that names the language and the ones spoken`, async () => {
      const response = await ask(korean, headers);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(errorMessage(response), TEXT_TO_SPEECH_MESSAGES.languageNotSpoken('ko'));
      assert.match(errorMessage(response), /Korean.*English, Spanish/);
      assert.equal(speaking.requests.length, 0, 'no audio was made');
    });
  }

  test('the languages spoken are spoken, Japanese and Spanish among them', async () => {
    for (const text of [
      'おはようございます。今日はいい天気ですね。',
      'Hoy hace muy buen tiempo, así que vamos a dar un largo paseo por el parque.',
      'Hello there.',
    ]) {
      const response = await ask(text);
      assert.equal(response.statusCode, 200, response.body);
    }
  });
});

describe('bad input gets a 400 with a clear message', () => {
  const cases: [string, unknown, RegExp][] = [
    ['missing text', { voice: 'alloy' }, /text is required/],
    ['empty text', { text: '   ' }, /Please enter some text/],
    ['text of the wrong type', { text: 42 }, /text is required/],
    ['unknown voice', { text: 'Hi there', voice: 'robot' }, /voice must be one of: alloy/],
    ['unknown format', { text: 'Hi there', outputFormat: 'ogg' }, /outputFormat must be one of/],
    ['unknown alias format', { text: 'Hi there', response_format: 'pcm' }, /outputFormat/],
    ['speed too low', { text: 'Hi there', speed: 0.1 }, /speed must be a number from 0.25 to 3/],
    ['speed too high', { text: 'Hi there', speed: 4 }, /speed must be a number from 0.25 to 3/],
    ['speed as text', { text: 'Hi there', speed: 'fast' }, /speed must be a number/],
    [
      'text over the limit',
      { text: 'a'.repeat(LIMITS.textToSpeechMaxCharacters + 1) },
      /at most 5000 characters/,
    ],
    ['a body that is an array', [1, 2], /must be a JSON object/],
    ['only symbols', { text: '*** ### ---' }, /nothing to read aloud/],
  ];
  for (const [name, payload, message] of cases) {
    test(name, async () => {
      const response = await speak(payload);
      assert.equal(response.statusCode, 400, response.body);
      assert.match(errorMessage(response), message);
    });
  }

  test('malformed JSON', async () => {
    const response = await speak('{"text": "Hi', { 'content-type': 'application/json' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { message: SERVER_MESSAGES.invalidJson });
  });

  test('no body at all', async () => {
    const response = await app.inject({ method: 'POST', url: API_PATHS.textToSpeech });
    assert.equal(response.statusCode, 400);
    assert.match(errorMessage(response), /JSON object/);
  });

  test('plain text instead of JSON: 415 that says to send JSON, as the README promises', async () => {
    const response = await speak('text=hello', { 'content-type': 'text/plain' });
    assert.equal(response.statusCode, 415);
    assert.equal(errorMessage(response), SERVER_MESSAGES.unsupportedContentType);
  });

  test('a content type the API does not read: 415 that says to send JSON', async () => {
    const response = await speak('<text>hello</text>', { 'content-type': 'application/xml' });
    assert.equal(response.statusCode, 415);
    assert.equal(errorMessage(response), SERVER_MESSAGES.unsupportedContentType);
  });

  test('a body over the JSON limit: 413', async () => {
    const response = await speak({ text: 'a'.repeat(LIMITS.jsonBodyMaxBytes + 10) });
    assert.equal(response.statusCode, 413);
    assert.equal(errorMessage(response), SERVER_MESSAGES.bodyTooLarge);
  });
});

describe('engine not ready or busy: 503 with Retry-After', () => {
  for (const [name, error, retryAfter] of [
    [
      'unavailable',
      new ProviderUnavailableError('Speech is not set up: run npm run models.'),
      '60',
    ],
    [
      'busy',
      new ProviderBusyError('The speech engine is busy. Try again in a few seconds.', 7),
      '7',
    ],
  ] as const) {
    test(name, async () => {
      const failing = await makeApp({
        providers: testProviders({
          speech: {
            ...sineSynthesizer(),
            synthesize: async () => {
              throw error;
            },
          },
        }),
      });
      const response = await failing.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: { text: 'Hello there.' },
      });
      await failing.close();
      assert.equal(response.statusCode, 503);
      assert.equal(response.headers['retry-after'], retryAfter);
      assert.deepEqual(response.json(), { message: error.message });
    });
  }

  test('an unexpected engine failure is a generic 500 without detail; the log has the detail', async () => {
    const logLines: string[] = [];
    const failing = await makeApp({
      env: { LOG_LEVEL: 'info' },
      logger: capturedLogger(logLines),
      providers: testProviders({
        speech: {
          ...sineSynthesizer(),
          synthesize: async () => {
            throw new Error('ENOENT: /opt/secret/path/voice.onnx at Object.load (file.ts:12:3)');
          },
        },
      }),
    });
    const response = await failing.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text: 'Hello there.' },
    });
    await failing.close();
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: SERVER_MESSAGES.internal });
    assert.doesNotMatch(response.body, /secret|onnx|file\.ts/);
    // The operator still learns what went wrong.
    assert.match(logLines.join(''), /\/opt\/secret\/path\/voice\.onnx/);
  });
});

describe('streamed answer (Accept: text/event-stream)', () => {
  test('each piece comes as it is made, the first sentence alone, then the same JSON', async () => {
    const text =
      'The first sentence comes alone. The second and the third follow. Here is the third.';
    const response = await speak(
      { text, voice: 'nova', speed: 1, outputFormat: 'mp3' },
      { accept: 'text/event-stream' },
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    const events = parseEvents(response.body);
    const pieces = events
      .filter(({ event }) => event === 'audio')
      .map(({ data }) => speechPieceEventSchema.parse(data));
    assert.deepEqual(
      pieces.map((piece) => piece.text),
      ['The first sentence comes alone.', 'The second and the third follow. Here is the third.'],
    );
    assert.deepEqual(
      events.map(({ event }) => event),
      ['audio', 'audio', 'result'],
    );

    // Each piece is its samples and its place in the final audio, which follows on without gaps.
    assert.equal(pieces[0]?.startSeconds, 0);
    assert.equal(pieces[1]?.startSeconds, pieces[0]?.endSeconds);
    for (const piece of pieces) {
      const samples = Buffer.from(piece.pcmBase64, 'base64').length / 2;
      assert.ok(
        Math.abs(samples / piece.sampleRate - (piece.endSeconds - piece.startSeconds)) < 1e-6,
      );
    }
    const result = streamedSpeechResultSchema.parse(events.at(-1)?.data);
    assert.ok(Math.abs(result.data.durationSeconds - (pieces[1]?.endSeconds ?? 0)) < 0.001);
    assert.equal(result.data.format, 'mp3');
  });

  for (const outputFormat of ['wav', 'mp3'] as const) {
    test(`a ${outputFormat} crosses the wire once: the pieces are its samples, the result has no file`, async () => {
      const text =
        'The first sentence comes alone. The second and the third follow. Here is the third.';
      const programs = countProgramRuns(['ffmpeg']);
      let response;
      try {
        response = await speak(
          { text, voice: 'nova', outputFormat, captions: true },
          { accept: 'text/event-stream' },
        );
        // Nothing to encode: the page makes the file from the samples it already has.
        assert.equal(programs.runs('ffmpeg'), 0, 'no encoder run');
      } finally {
        programs.remove();
      }
      assert.equal(response.statusCode, 200, response.body);
      const events = parseEvents(response.body);
      const pieces = events
        .filter(({ event }) => event === 'audio')
        .map(({ data }) => speechPieceEventSchema.parse(data));
      const result = streamedSpeechResultSchema.parse(events.at(-1)?.data);
      assert.equal(events.at(-1)?.event, 'result');
      assert.equal(result.data.audioBase64, undefined);
      assert.equal(result.data.format, outputFormat);
      assert.equal(result.data.captions?.map((cue) => cue.text.replace('\n', ' ')).join(' '), text);
      const samples = pieces.reduce(
        (total, piece) => total + Buffer.from(piece.pcmBase64, 'base64').length / 2,
        0,
      );
      assert.ok(Math.abs(samples / DOUBLE_SAMPLE_RATE - result.data.durationSeconds) < 0.001);
      // The bytes on the wire: the audio once, as the pieces' base64, and a result of a few lines.
      assert.ok(Buffer.byteLength(JSON.stringify(events.at(-1)?.data)) < 1000);
    });
  }

  test('a compressed format still comes whole in the result; the plain WAV answer keeps its file', async () => {
    const text = 'One sentence. And another one.';
    const streamed = parseEvents(
      (await speak({ text, voice: 'nova', outputFormat: 'flac' }, { accept: 'text/event-stream' }))
        .body,
    );
    const result = textToSpeechResponseSchema.parse(streamed.at(-1)?.data);
    assert.equal(probeBytes(Buffer.from(result.data.audioBase64, 'base64'), 'flac').codec, 'flac');
    const plain = await speak({ text, voice: 'nova', outputFormat: 'wav' });
    const { data } = textToSpeechResponseSchema.parse(plain.json());
    assert.equal(probeBytes(Buffer.from(data.audioBase64, 'base64'), 'wav').codec, 'pcm_s16le');
  });

  test('input errors are still the plain JSON 400 before any event', async () => {
    const response = await speak(
      { text: '', voice: 'nova', outputFormat: 'mp3' },
      { accept: 'text/event-stream' },
    );
    assert.equal(response.statusCode, 400);
    assert.equal(typeof response.json<{ message: string }>().message, 'string');
  });
});
