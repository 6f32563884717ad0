/**
 * A long recording's job on the real Whisper model (MODELS_DIR, fetched by `npm run models`):
 * a few minutes of read speech made from Debian's librivox recordings shows its progress and its
 * text so far before it ends, and ends with the direct call's answer.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  SPEECH_UPLOAD_FIELD,
  speechToTextJobPath,
  transcriptionJobResponseSchema,
  type TranscriptionJob,
} from '@ai-tools/contracts';
import type { Transcriber } from '../src/providers/types.ts';
import { multipartBody } from './helpers/audio-doubles.ts';
import { makeTranscriptionApp } from './helpers/app.ts';
import { POCKETSPHINX_TEST_DATA } from './helpers/local-engines.ts';
import { loadWhisperBase } from './helpers/whisper.ts';

let app: FastifyInstance;
let transcriber: Transcriber;
let folder: string;
let temporaryRoot: string;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'whisper-job-'));
  temporaryRoot = join(folder, 'temp');
  transcriber = await loadWhisperBase(temporaryRoot);
  app = await makeTranscriptionApp(transcriber, temporaryRoot);
});

after(async () => {
  await app?.close();
  await transcriber?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Debian's five librivox sentences, read `times` over as one MP3 (about 25 s each time). */
function readingMp3(times: number): Buffer {
  const librivox = join(POCKETSPHINX_TEST_DATA, 'librivox');
  const recordings = readdirSync(librivox)
    .filter((name) => name.endsWith('.wav'))
    .sort()
    .map((name) => join(librivox, name));
  const list = join(folder, 'list.txt');
  const lines = Array.from({ length: times }, () =>
    recordings.map((path) => `file '${path}'`),
  ).flat();
  execFileSync('sh', ['-c', `printf '%s\\n' "$@" > '${list}'`, 'sh', ...lines]);
  const path = join(folder, 'reading.mp3');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'concat', '-safe', '0', '-i', list],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', path],
  ]);
  const mp3 = readFileSync(path);
  rmSync(path);
  return mp3;
}

test('a few minutes of speech as a job: progress and text before the end, then the result', async () => {
  const { payload, headers } = multipartBody([
    {
      field: SPEECH_UPLOAD_FIELD,
      filename: 'reading.mp3',
      contentType: 'audio/mpeg',
      data: readingMp3(5),
    },
  ]);
  const seen: TranscriptionJob[] = [];
  const remoteAddress = '10.6.0.1';
  const read = async (jobId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: speechToTextJobPath(jobId),
      remoteAddress,
    });
    assert.equal(response.statusCode, 200, response.body);
    return transcriptionJobResponseSchema.parse(response.json()).data;
  };
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.speechToTextJobs,
    payload,
    headers,
    remoteAddress,
  });
  assert.equal(response.statusCode, 202, response.body);
  const { jobId } = transcriptionJobResponseSchema.parse(response.json()).data;

  // Every change of the job, read as the page would read it.
  let job = await read(jobId);
  while (job.status !== 'done' && job.status !== 'failed') {
    seen.push(job);
    // A change while the job was read is not missed: the next read comes within a second anyway.
    await new Promise<void>((resolve) => {
      const next = () => {
        clearTimeout(timer);
        app.transcriptionJobs.events.off('changed', next);
        resolve();
      };
      const timer = setTimeout(next, 1000);
      app.transcriptionJobs.events.on('changed', next);
    });
    job = await read(jobId);
  }
  assert.equal(job.status, 'done', JSON.stringify(job.error));

  const partway = seen.filter(
    (view) => view.status === 'running' && view.progress.percent > 0 && view.progress.percent < 100,
  );
  assert.ok(partway.length >= 2, `progress before the end: ${partway.length} readings`);
  for (let index = 1; index < partway.length; index += 1) {
    assert.ok(
      partway[index]!.progress.audioSecondsDone >= partway[index - 1]!.progress.audioSecondsDone,
    );
  }
  const first = partway[0]!;
  assert.ok((first.transcript ?? '').length > 0, 'the text so far comes with the progress');
  assert.ok((first.segments ?? []).length > 0);
  assert.equal(typeof first.progress.estimatedSecondsLeft, 'number');

  const result = job.result!;
  assert.ok((result.durationSeconds ?? 0) > 100, `${result.durationSeconds} s`);
  assert.equal(result.language, 'en');
  assert.match(result.transcript.toLowerCase(), /young man/);
  assert.ok(first.transcript!.length < result.transcript.length);
  assert.deepEqual(readdirSync(temporaryRoot), [], 'the upload was deleted');
});
