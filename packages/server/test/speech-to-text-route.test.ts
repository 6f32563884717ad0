import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  LIMITS,
  SPEECH_UPLOAD_FIELD,
  speechToTextResponseSchema,
  SPEECH_TO_TEXT_MESSAGES,
} from '@ai-tools/contracts';
import { wavHeader } from '../src/audio/wav.ts';
import { TRANSCRIPTION_SAMPLE_RATE } from '../src/providers/types.ts';
import {
  makeToneFile,
  multipartBody,
  recordingTranscriber,
  testProviders,
  type TranscriberDouble,
  type UploadPart,
} from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { ProviderBusyError } from '../src/errors.ts';

let app: FastifyInstance;
let transcriber: TranscriberDouble;
let nextAddress = 1;

function upload(parts: UploadPart[], target = app) {
  const { payload, headers } = multipartBody(parts);
  return target.inject({
    method: 'POST',
    url: API_PATHS.speechToText,
    payload,
    headers,
    remoteAddress: `10.1.0.${nextAddress++}`,
  });
}

function audioFile(
  data: Buffer,
  filename = 'recording.bin',
  contentType = 'audio/mpeg',
): UploadPart {
  return { field: SPEECH_UPLOAD_FIELD, filename, contentType, data };
}

/** A WAV header that promises samples and holds none. */
function wavWithoutSamples(): Buffer {
  return wavHeader(0, TRANSCRIPTION_SAMPLE_RATE);
}

before(async () => {
  transcriber = recordingTranscriber();
  app = await makeApp({ providers: testProviders({ transcription: transcriber }) });
});
after(() => app.close());

describe('every common upload format is decoded to 16 kHz mono samples', () => {
  const formats: [string, string[]][] = [
    ['wav', []],
    ['mp3', ['-c:a', 'libmp3lame']],
    ['m4a', ['-c:a', 'aac']],
    ['ogg', ['-c:a', 'libopus']],
    ['webm', ['-c:a', 'libopus']],
    ['flac', []],
  ];
  for (const [extension, encoder] of formats) {
    test(extension, async () => {
      const seconds = 2;
      const response = await upload([audioFile(makeToneFile(extension, seconds, encoder))]);
      assert.equal(response.statusCode, 200, response.body);
      const body = speechToTextResponseSchema.parse(response.json());
      assert.equal(body.data.transcript, 'hello from the test double');
      assert.equal(body.data.language, 'en');
      assert.equal(body.data.engine, 'recording test double');
      assert.ok(Math.abs((body.data.durationSeconds ?? 0) - seconds) < 0.1);
      assert.equal(body.data.segments?.[0]?.text, 'hello from the test double');

      const samples = transcriber.requests.at(-1)?.samples;
      assert.ok(samples instanceof Float32Array);
      assert.ok(Math.abs(samples.length - seconds * 16_000) < 0.1 * 16_000, `${samples.length}`);
      // The tone survives decoding at its level: ffmpeg's sine source peaks at 1/8 of full scale.
      const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
      assert.ok(Math.abs(peak - 0.125) < 0.02, `peak ${peak}`);
    });
  }

  test("the content decides, not the client's MIME type or file name", async () => {
    const mp3 = makeToneFile('mp3', 1, ['-c:a', 'libmp3lame']);
    const response = await upload([audioFile(mp3, 'notes.txt', 'text/plain')]);
    assert.equal(response.statusCode, 200, response.body);
  });

  test('form fields this route does not know are ignored', async () => {
    const response = await upload([
      { field: 'prompt', data: 'a meeting' },
      audioFile(makeToneFile('wav', 1)),
    ]);
    assert.equal(response.statusCode, 200, response.body);
  });
});

describe('the language spoken and the task, as form fields', () => {
  test('without them the language is detected and the audio transcribed', async () => {
    const response = await upload([audioFile(makeToneFile('wav', 1))]);
    assert.equal(response.statusCode, 200, response.body);
    const request = transcriber.requests.at(-1);
    assert.equal(request?.language, undefined);
    assert.equal(request?.task, 'transcribe');
    const { data } = speechToTextResponseSchema.parse(response.json());
    assert.equal(data.task, 'transcribe');
    assert.equal(data.spokenLanguage, 'en');
  });

  test('a named language and translate reach the engine, before or after the file', async () => {
    for (const parts of [
      [
        { field: 'language', data: 'fr' },
        { field: 'task', data: 'translate' },
        audioFile(makeToneFile('wav', 1)),
      ],
      [
        audioFile(makeToneFile('wav', 1)),
        { field: 'language', data: 'fr' },
        { field: 'task', data: 'translate' },
      ],
    ]) {
      const response = await upload(parts);
      assert.equal(response.statusCode, 200, response.body);
      const request = transcriber.requests.at(-1);
      assert.equal(request?.language, 'fr');
      assert.equal(request?.task, 'translate');
      const { data } = speechToTextResponseSchema.parse(response.json());
      // The transcript is English; the language heard is the engine's.
      assert.equal(data.language, 'en');
      assert.equal(data.task, 'translate');
    }
  });

  test('an empty language means detect', async () => {
    const response = await upload([
      { field: 'language', data: '' },
      audioFile(makeToneFile('wav', 1)),
    ]);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(transcriber.requests.at(-1)?.language, undefined);
  });

  test('an unknown language or task is a 400 that says what to send', async () => {
    const cases: [UploadPart, string][] = [
      [{ field: 'language', data: 'klingon' }, SPEECH_TO_TEXT_MESSAGES.languageUnknown],
      [{ field: 'language', data: 'EN' }, SPEECH_TO_TEXT_MESSAGES.languageUnknown],
      [{ field: 'task', data: 'summarise' }, SPEECH_TO_TEXT_MESSAGES.taskInvalid],
      [{ field: 'words', data: 'yes' }, SPEECH_TO_TEXT_MESSAGES.wordsInvalid],
    ];
    for (const [field, message] of cases) {
      for (const parts of [
        [field, audioFile(makeToneFile('wav', 1))],
        [audioFile(makeToneFile('wav', 1)), field],
      ]) {
        const before = transcriber.requests.length;
        const response = await upload(parts);
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(errorMessage(response), message);
        assert.equal(transcriber.requests.length, before, 'nothing reached the engine');
      }
    }
  });
});

describe('bad uploads get a clear 4xx', () => {
  test('no file: 400', async () => {
    const response = await upload([{ field: 'note', data: 'no file here' }]);
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadMissing);
  });

  test('a file in another field: 400', async () => {
    const response = await upload([{ ...audioFile(makeToneFile('wav', 1)), field: 'audio' }]);
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadMissing);
  });

  test('not multipart at all (JSON, text, no body): 415 that says to send multipart', async () => {
    for (const [payload, contentType] of [
      [JSON.stringify({ file: 'hello' }), 'application/json'],
      ['hello', 'text/plain'],
      [undefined, undefined],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.speechToText,
        ...(payload === undefined ? {} : { payload }),
        headers: contentType ? { 'content-type': contentType } : {},
      });
      assert.equal(response.statusCode, 415, String(contentType));
      assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadNotMultipart);
    }
  });

  test('a broken multipart body: 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.speechToText,
      payload: 'this is not multipart',
      headers: { 'content-type': 'multipart/form-data' },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadNotMultipart);
  });

  test('an empty file: 400', async () => {
    const response = await upload([audioFile(Buffer.alloc(0))]);
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadEmpty);
  });

  test('text dressed up as audio: 400', async () => {
    const response = await upload([
      audioFile(Buffer.from('This is a plain text file, not audio at all.\n'.repeat(50))),
    ]);
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadNotAudio);
  });

  test('random bytes: 400', async () => {
    const bytes = Buffer.alloc(64 * 1024);
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 7919) % 251;
    const response = await upload([audioFile(bytes, 'noise.wav', 'audio/wav')]);
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadNotAudio);
  });

  test('a file that decodes to no audio: 400', async () => {
    const response = await upload([audioFile(wavWithoutSamples(), 'empty.wav', 'audio/wav')]);
    assert.equal(response.statusCode, 400);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.audioHasNoSound);
  });

  test('an upload over 25 MB: 413', async () => {
    const calls = transcriber.requests.length;
    const response = await upload([audioFile(Buffer.alloc(LIMITS.uploadMaxBytes + 1024, 1))]);
    assert.equal(response.statusCode, 413);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.fileTooLarge);
    assert.equal(transcriber.requests.length, calls);
  });

  test('audio longer than the limit: 413', async () => {
    const long = makeToneFile('mp3', LIMITS.audioMaxSeconds + 5, [
      '-ar',
      '8000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '8k',
    ]);
    const calls = transcriber.requests.length;
    const response = await upload([audioFile(long)]);
    assert.equal(response.statusCode, 413);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.audioTooLong);
    assert.equal(transcriber.requests.length, calls);
  });

  test('an engine that is busy: 503 with Retry-After', async () => {
    const busy = await makeApp({
      providers: testProviders({
        transcription: {
          ...recordingTranscriber(),
          transcribe: async () => {
            throw new ProviderBusyError('The recogniser is busy. Please try again shortly.', 12);
          },
        },
      }),
    });
    const response = await upload([audioFile(makeToneFile('wav', 1))], busy);
    await busy.close();
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], '12');
    assert.equal(errorMessage(response), 'The recogniser is busy. Please try again shortly.');
  });
});
