/**
 * Every voice in every format through the real route, the real classic engines and ffmpeg: the
 * files are what their format says (checked with ffprobe) and their duration is the one answered.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  MEDIA_TYPES,
  OUTPUT_FORMATS,
  VOICES,
  textToSpeechResponseSchema,
} from '@ai-tools/contracts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import type { SpeechSynthesizer } from '../src/providers/types.ts';
import { assertSpeechFile } from './helpers/audio-doubles.ts';
import { makeApp } from './helpers/app.ts';
import { assertEngine } from './helpers/engine-status.ts';

let app: FastifyInstance;
let speech: SpeechSynthesizer;
let emptyModels: string;
let nextAddress = 1;

before(async () => {
  emptyModels = mkdtempSync(join(tmpdir(), 'no-models-'));
  speech = await createLocalSpeechSynthesizer({
    modelsDir: emptyModels,
    temporaryDirectory: emptyModels,
  });
  app = await makeApp({
    providers: {
      speech,
      text: unavailableEngine('No text engine in this test.'),
      transcription: unavailableEngine('No transcription in this test.'),
    },
  });
  // These tests are of the classic engines: health must name them, not a neural engine.
  await assertEngine(app, 'speech', { engine: /festival/, tier: 'classic' });
});

after(async () => {
  await app.close();
  await speech.close();
  rmSync(emptyModels, { recursive: true, force: true });
});

for (const voice of VOICES) {
  test(`${voice}: every format is a real file whose duration matches the answer`, async () => {
    for (const format of OUTPUT_FORMATS) {
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: {
          text: 'Hello. This is the speech tool.',
          voice,
          speed: 1.25,
          outputFormat: format,
        },
        // Every request from its own address, so the per-address budget never interferes.
        remoteAddress: `10.1.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`,
      });
      assert.equal(response.statusCode, 200, `${voice} ${format}: ${response.body}`);
      const { data } = textToSpeechResponseSchema.parse(response.json());
      assert.equal(data.format, format);
      assert.equal(data.mediaType, MEDIA_TYPES[format]);
      assert.equal(data.engine, 'festival, flite and espeak-ng');
      assert.ok(
        data.durationSeconds > 0.8 && data.durationSeconds < 5,
        `${voice}: ${data.durationSeconds} s`,
      );

      assertSpeechFile(data, format, `${voice} ${format}`);
    }
  });
}
