import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenAiCompatibleProviders } from '../src/providers/openai-compatible/index.ts';
import {
  createOpenAiTranscriber,
  toLanguageCode,
} from '../src/providers/openai-compatible/transcription.ts';
import { endpointFor } from '../src/providers/openai-compatible/endpoint.ts';
import { parseWav } from '../src/audio/wav.ts';
import type { TranscriptionProgress } from '../src/providers/types.ts';
import {
  fixture,
  json,
  silence,
  startOpenAiLoopback,
  type RecordedRequest,
} from './helpers/openai-loopback.ts';
import { ProviderBusyError, ProviderFailedError, ProviderUnavailableError } from '../src/errors.ts';

let loopback: Awaited<ReturnType<typeof startOpenAiLoopback>>;
before(async () => {
  loopback = await startOpenAiLoopback();
});
after(async () => {
  await loopback.close();
});

const SAMPLE_RATE = 16_000;

/** A tone with a silent gap at 1.5 s, so a cut near there is the quiet place. */
function speechLikeSamples(seconds: number): Float32Array {
  const samples = new Float32Array(seconds * SAMPLE_RATE);
  for (let index = 0; index < samples.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const silent = time > 1.4 && time < 1.6;
    samples[index] = silent ? 0 : 0.5 * Math.sin(2 * Math.PI * 220 * time);
  }
  return samples;
}

async function formOf(request: RecordedRequest | undefined): Promise<FormData> {
  assert.ok(request);
  return new Request('http://loopback/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: request.body,
  }).formData();
}

function transcriber(overrides = {}) {
  return createOpenAiCompatibleProviders(loopback.config(overrides)).transcription;
}

test('uploads a 16 kHz WAV with model and verbose_json, and returns text, language and segments', async () => {
  loopback.reply = json(200, fixture('transcription-verbose.json'));
  const samples = speechLikeSamples(2);
  const result = await transcriber().transcribe({ samples, language: 'en' });
  assert.deepEqual(result, {
    text: 'Hello there. This is a short test.',
    language: 'en',
    segments: [
      { start: 0, end: 1.1, text: 'Hello there.' },
      { start: 1.1, end: 2.5, text: 'This is a short test.' },
    ],
  });

  const sent = loopback.requests.at(-1);
  assert.equal(sent?.url, '/v1/audio/transcriptions');
  assert.equal(sent?.headers.authorization, 'Bearer sk-test-key');
  const form = await formOf(sent);
  assert.equal(form.get('model'), 'whisper-1');
  assert.equal(form.get('response_format'), 'verbose_json');
  assert.equal(form.get('language'), 'en');
  const file = form.get('file');
  assert.ok(file instanceof Blob);
  const wav = parseWav(Buffer.from(await file.arrayBuffer()));
  assert.equal(wav.sampleRate, SAMPLE_RATE);
  assert.equal(wav.pcm.length, samples.length * 2);
});

test('a translation goes to /audio/translations without a language, and keeps the one asked', async () => {
  // OpenAI's translation reply names the language it wrote; the language heard is the visitor's.
  loopback.reply = json(200, fixture('transcription-verbose.json'));
  const result = await transcriber().transcribe({
    samples: speechLikeSamples(2),
    language: 'fr',
    task: 'translate',
  });
  assert.equal(result.text, 'Hello there. This is a short test.');
  assert.equal(result.language, 'fr');
  const sent = loopback.requests.at(-1);
  assert.equal(sent?.url, '/v1/audio/translations');
  const form = await formOf(sent);
  assert.equal(form.get('language'), null);
  assert.equal(form.get('response_format'), 'verbose_json');
});

test('a server that refuses verbose_json is asked again with json, and remembered', async () => {
  loopback.reply = (request, response) => {
    const refuse = request.body.includes('verbose_json');
    response.writeHead(refuse ? 400 : 200, { 'content-type': 'application/json' });
    response.end(fixture(refuse ? 'error-400-response-format.json' : 'transcription.json'));
  };
  const engine = transcriber({ OPENAI_TRANSCRIPTION_MODEL: 'gpt-4o-transcribe' });
  const before = loopback.requests.length;
  const first = await engine.transcribe({ samples: speechLikeSamples(1) });
  assert.deepEqual(first, {
    text: 'Hello there. This is a short test.',
    language: undefined,
    segments: [],
  });
  assert.equal(loopback.requests.length - before, 2);
  await engine.transcribe({ samples: speechLikeSamples(1) });
  assert.equal(loopback.requests.length - before, 3, 'json straight away the second time');
});

test("a refusal without OpenAI's error wrapper (FastAPI's detail) still falls back to json", async () => {
  loopback.reply = (request, response) => {
    const refuse = request.body.includes('verbose_json');
    response.writeHead(refuse ? 400 : 200, { 'content-type': 'application/json' });
    response.end(
      refuse
        ? JSON.stringify({ detail: 'response_format verbose_json is not supported' })
        : fixture('transcription.json'),
    );
  };
  const before = loopback.requests.length;
  const result = await transcriber().transcribe({ samples: speechLikeSamples(1) });
  assert.equal(result.text, 'Hello there. This is a short test.');
  assert.equal(loopback.requests.length - before, 2);
});

test('audio over the upload limit goes in parts cut at a quiet moment, with times shifted', async () => {
  loopback.reply = json(200, {
    text: 'Part.',
    language: 'english',
    segments: [{ start: 0, end: 0.5, text: ' Part.' }],
  });
  const maxUploadBytes = 44 + 2 * SAMPLE_RATE * 2; // two seconds per upload
  const engine = createOpenAiTranscriber(endpointFor(loopback.config(), 'transcription'), {
    maxUploadBytes,
  });
  const before = loopback.requests.length;
  const progress: TranscriptionProgress[] = [];
  const samples = speechLikeSamples(3);
  const result = await engine.transcribe({
    samples,
    onProgress: (told) => progress.push(told),
  });

  const uploads = loopback.requests.slice(before);
  assert.equal(uploads.length, 2);
  const sizes = await Promise.all(
    uploads.map(async (upload) => ((await formOf(upload)).get('file') as Blob).size),
  );
  assert.ok(
    sizes.every((size) => size <= maxUploadBytes),
    String(sizes),
  );
  const cutSeconds = (sizes[0]! - 44) / 2 / SAMPLE_RATE;
  assert.ok(cutSeconds > 1.4 && cutSeconds < 1.6, `cut in the silent gap, at ${cutSeconds} s`);
  assert.equal(result.text, 'Part. Part.');
  assert.equal(result.language, 'en');
  assert.deepEqual(
    result.segments.map((segment) => segment.start),
    [0, Math.round(cutSeconds * 1000) / 1000],
  );
  // A long recording's job shows each part's progress and the text so far.
  assert.deepEqual(
    progress.map((told) => [Math.round(told.audioSecondsDone * 1000) / 1000, told.text]),
    [
      [Math.round(cutSeconds * 1000) / 1000, 'Part.'],
      [samples.length / SAMPLE_RATE, 'Part. Part.'],
    ],
  );
  assert.equal(progress[1]?.segments.length, 2);
});

test('silence gives an empty transcript, not an error', async () => {
  loopback.reply = json(200, {
    task: 'transcribe',
    language: 'english',
    duration: 1,
    text: '',
    segments: [],
  });
  assert.deepEqual(await transcriber().transcribe({ samples: new Float32Array(SAMPLE_RATE) }), {
    text: '',
    language: 'en',
    segments: [],
  });
});

test('401, 429, 500, a timeout and a malformed reply become named errors', async () => {
  const samples = speechLikeSamples(1);
  loopback.reply = json(401, fixture('error-401.json'));
  await assert.rejects(transcriber().transcribe({ samples }), ProviderUnavailableError);
  loopback.reply = json(429, fixture('error-429.json'), { 'retry-after': '20' });
  await assert.rejects(
    transcriber().transcribe({ samples }),
    (error: unknown) => error instanceof ProviderBusyError && error.retryAfterSeconds === 20,
  );
  loopback.reply = json(500, fixture('error-500.json'));
  await assert.rejects(transcriber().transcribe({ samples }), ProviderFailedError);
  loopback.reply = silence;
  await assert.rejects(
    transcriber({ OPENAI_TIMEOUT_MS: '200' }).transcribe({ samples }),
    /took too long/,
  );
  loopback.reply = json(200, '{"txt": 1');
  await assert.rejects(
    transcriber().transcribe({ samples }),
    /sent a transcript this site cannot read/,
  );
  loopback.reply = json(200, { transcript: 'wrong field' });
  await assert.rejects(transcriber().transcribe({ samples }), ProviderFailedError);
});

test('Whisper language names become the codes the rest of the site uses', () => {
  assert.equal(toLanguageCode('english'), 'en');
  assert.equal(toLanguageCode('Spanish'), 'es');
  assert.equal(toLanguageCode('hindi'), 'hi');
  assert.equal(toLanguageCode('chinese'), 'zh');
  assert.equal(toLanguageCode('hawaiian'), 'haw');
  assert.equal(toLanguageCode('fr'), 'fr');
});
