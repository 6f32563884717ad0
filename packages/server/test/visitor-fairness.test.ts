/**
 * Fairness through the real routes (ADR 021): the speech routes tell the engine who asks,
 * so one address holds one job per engine. A second request from it gets a 429 with Retry-After
 * and the contracts' message, and another address is still served. The engines are slow test
 * doubles on the real JobQueue, held until the test releases them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_PATHS,
  SERVER_MESSAGES,
  SPEECH_UPLOAD_FIELD,
  type ToolLink,
} from '@ai-tools/contracts';
import { encodeWav } from '../src/audio/wav.ts';
import { JobQueue } from '../src/providers/job-queue.ts';
import type { SpeechSynthesizer, Transcriber } from '../src/providers/types.ts';
import {
  DOUBLE_SAMPLE_RATE,
  multipartBody,
  sinePcm,
  testProviders,
} from './helpers/audio-doubles.ts';
import { makeApp } from './helpers/app.ts';

/** A gate the engine doubles wait at, and a way to know the first job has started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started!: () => void;
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  return { open, opened, started, firstStarted };
}

function slowEngines(held: ReturnType<typeof gate>) {
  // Each queue names its tool, as the real engines' do: the refusal says what is busy.
  const queue = (tool: ToolLink) =>
    new JobQueue({ concurrency: 1, maxWaiting: 4, expectedSecondsPerUnit: 5, tool });
  const speechQueue = queue('text-to-speech');
  const transcriptionQueue = queue('speech-to-text');
  const speech: SpeechSynthesizer = {
    status: () => ({ engine: 'slow speech double', tier: 'classic', ready: true }),
    close: async () => {},
    synthesize: (request) =>
      speechQueue.run(async () => {
        held.started();
        await held.opened;
        return { pcm: sinePcm(0.2), sampleRate: DOUBLE_SAMPLE_RATE };
      }, request),
  };
  const transcription: Transcriber = {
    status: () => ({ engine: 'slow transcription double', tier: 'classic', ready: true }),
    close: async () => {},
    transcribe: (request) =>
      transcriptionQueue.run(async () => {
        held.started();
        await held.opened;
        return { text: 'held', language: 'en', segments: [] };
      }, request),
  };
  return testProviders({ speech, transcription });
}

const speak = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: 'A request that takes a while to speak.' },
    remoteAddress,
  });

const transcribe = (app: FastifyInstance, remoteAddress: string) => {
  const wav = encodeWav(new Float32Array(8000).fill(0.1), 16_000);
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename: 'a.wav', contentType: 'audio/wav', data: wav },
  ]);
  return app.inject({
    method: 'POST',
    url: API_PATHS.speechToText,
    payload,
    headers,
    remoteAddress,
  });
};

for (const [tool, call, busyTool] of [
  ['text to speech', speak, 'text-to-speech'],
  ['speech to text', transcribe, 'speech-to-text'],
] as const) {
  test(`${tool}: a second request from one address gets 429; another address is served`, async () => {
    const held = gate();
    const app = await makeApp({ providers: slowEngines(held) });
    try {
      const first = call(app, '10.6.0.1');
      await held.firstStarted;

      const second = await call(app, '10.6.0.1');
      assert.equal(second.statusCode, 429, second.body);
      assert.deepEqual(second.json(), { message: SERVER_MESSAGES.visitorHasJob(busyTool) });
      const retryAfter = Number(second.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After: ${retryAfter}`);

      // Another address waits in line behind the first job and is served when it ends.
      const other = call(app, '10.6.0.2');
      held.open();
      const answers: LightMyRequestResponse[] = await Promise.all([first, other]);
      for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);

      // Once its job is done, the first address is served again.
      assert.equal((await call(app, '10.6.0.1')).statusCode, 200);
    } finally {
      held.open();
      await app.close();
    }
  });
}
