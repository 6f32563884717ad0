/**
 * The speed of speech to text as this server measured it, told by GET /api/health, so the page's
 * wait estimate follows it (issue 22): the guess for this machine before any transcription, then
 * what the finished ones took. The recogniser's speech detector is a double that finds no speech,
 * so a recording is "transcribed" in a few milliseconds: far faster than the guess.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, healthResponseSchema, SPEECH_UPLOAD_FIELD } from '@ai-tools/contracts';
import { ClassicTranscriber } from '../src/providers/local/transcription/classic-transcriber.ts';
import type { SpeechDetector } from '../src/providers/local/transcription/voice-activity.ts';
import { makeToneFile, multipartBody } from './helpers/audio-doubles.ts';
import { makeTranscriptionApp } from './helpers/app.ts';

/** The classic tier's guess for this machine, before it has measured anything. */
const GUESSED_SECONDS_PER_AUDIO_SECOND = 0.3;

let app: FastifyInstance;
let folder: string;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'transcription-speed-'));
  const silentDetector = { findSpeech: async () => [] } as unknown as SpeechDetector;
  const temporaryRoot = join(folder, 'temp');
  app = await makeTranscriptionApp(
    new ClassicTranscriber(silentDetector, temporaryRoot),
    temporaryRoot,
  );
});

after(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

async function measuredSpeed(): Promise<number | undefined> {
  const response = await app.inject({ method: 'GET', url: API_PATHS.health });
  assert.equal(response.statusCode, 200, response.body);
  return healthResponseSchema.parse(response.json()).engines.transcription.secondsPerAudioSecond;
}

test('GET /api/health tells the measured seconds of work per second of audio', async () => {
  assert.equal(await measuredSpeed(), GUESSED_SECONDS_PER_AUDIO_SECOND);

  const { payload, headers } = multipartBody([
    {
      field: SPEECH_UPLOAD_FIELD,
      filename: 'tone.wav',
      contentType: 'audio/wav',
      data: makeToneFile('wav', 20),
    },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.speechToText,
    payload,
    headers,
  });
  assert.equal(response.statusCode, 200, response.body);

  // 20 s of audio done in milliseconds: the figure falls far below the guess, which still counts
  // for a little (one short job never overturns it entirely).
  const measured = (await measuredSpeed()) ?? Number.NaN;
  assert.ok(measured > 0, `${measured}`);
  assert.ok(measured < GUESSED_SECONDS_PER_AUDIO_SECOND / 2, `${measured} s a second of audio`);
});
