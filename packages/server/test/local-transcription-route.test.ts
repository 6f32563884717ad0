/**
 * Speech to text through the real route, ffmpeg's decoding and the classic engines (Silero VAD and
 * pocketsphinx): a known recording in common upload formats, and silence.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, SPEECH_UPLOAD_FIELD, speechToTextResponseSchema } from '@ai-tools/contracts';
import { createLocalTranscriber } from '../src/providers/local/transcription/index.ts';
import type { Transcriber } from '../src/providers/types.ts';
import { multipartBody } from './helpers/audio-doubles.ts';
import { makeTranscriptionApp } from './helpers/app.ts';
import { assertEngine } from './helpers/engine-status.ts';
import { POCKETSPHINX_TEST_DATA } from './helpers/local-engines.ts';

let app: FastifyInstance;
let transcriber: Transcriber;
let folder: string;
let temporaryRoot: string;
let nextAddress = 1;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'local-transcription-route-'));
  temporaryRoot = join(folder, 'temp');
  transcriber = await createLocalTranscriber({
    modelsDir: folder,
    temporaryDirectory: temporaryRoot,
  });
  app = await makeTranscriptionApp(transcriber, temporaryRoot);
  // These tests are of the classic engines: health must name them, not a neural engine.
  await assertEngine(app, 'transcription', { engine: /^pocketsphinx/, tier: 'classic' });
});

after(async () => {
  await app.close();
  await transcriber.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Debian's "go forward ten meters" (16 kHz raw) encoded as a visitor's file would be. */
function goForward(extension: string, encoder: string[]): Buffer {
  const path = join(folder, `goforward.${extension}`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...[
      '-f',
      's16le',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-i',
      join(POCKETSPHINX_TEST_DATA, 'goforward.raw'),
    ],
    // A browser's recording is usually 48 kHz: the server resamples it to 16 kHz.
    ...['-ar', '48000', ...encoder, path],
  ]);
  const file = readFileSync(path);
  rmSync(path);
  return file;
}

function upload(data: Buffer, filename: string) {
  const { payload, headers } = multipartBody([
    { field: SPEECH_UPLOAD_FIELD, filename, contentType: 'audio/mpeg', data },
  ]);
  return app.inject({
    method: 'POST',
    url: API_PATHS.speechToText,
    payload,
    headers,
    remoteAddress: `10.2.0.${nextAddress++}`,
  });
}

const FORMATS: [string, string[]][] = [
  ['wav', []],
  ['mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']],
  ['ogg', ['-c:a', 'libopus', '-b:a', '32k']],
];

for (const [extension, encoder] of FORMATS) {
  test(`${extension}: an upload of "go forward ten meters" gives its words and segment`, async () => {
    const response = await upload(goForward(extension, encoder), `recording.${extension}`);
    assert.equal(response.statusCode, 200, response.body);
    const { data } = speechToTextResponseSchema.parse(response.json());
    assert.equal(data.transcript, 'go forward ten meters');
    assert.equal(data.language, 'en');
    assert.equal(data.segments?.length, 1);
    assert.ok((data.segments?.[0]?.start ?? -1) >= 0);
    assert.deepEqual(readdirSync(temporaryRoot), [], 'the upload and the WAV are removed');
  });
}

test('silence uploads give an empty transcript', async () => {
  const path = join(folder, 'silence.wav');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '4', path],
  ]);
  const response = await upload(readFileSync(path), 'silence.wav');
  rmSync(path);
  assert.equal(response.statusCode, 200, response.body);
  const { data } = speechToTextResponseSchema.parse(response.json());
  assert.equal(data.transcript, '');
  assert.deepEqual(data.segments ?? [], []);
});
