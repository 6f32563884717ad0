/**
 * Long recordings as background jobs, through the real app, ffmpeg's decoding and a transcriber
 * double that hears the audio in three pieces, each one when the test lets it: the job's answer,
 * its progress and text so far, its end, its expiry, cancelling, who may see it, and the uploads
 * it refuses, with nothing left on disk.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  LIMITS,
  SPEECH_TO_TEXT_MESSAGES,
  SPEECH_UPLOAD_FIELD,
  speechToTextJobPath,
  speechToTextResultSchema,
  TRANSCRIPTION_JOB_DEFAULTS,
  transcriptionJobResponseSchema,
  type TranscriptionJob,
} from '@ai-tools/contracts';
import type { Transcriber, TranscriptionRequest } from '../src/providers/types.ts';
import {
  makeToneFile,
  multipartBody,
  testProviders,
  type UploadPart,
} from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp, testConfig } from './helpers/app.ts';
import { GenerationAbortedError } from '../src/errors.ts';

const PIECES = 3;

/**
 * Hears the audio in three equal pieces, telling its progress after each; each piece waits for
 * `step()`, so the test sees the job between them.
 */
class SteppedTranscriber implements Transcriber {
  readonly requests: TranscriptionRequest[] = [];
  private credits = 0;
  private waiting: (() => void) | undefined;

  status() {
    return { engine: 'stepped test double', tier: 'classic' as const, ready: true };
  }

  async close() {}

  /** Lets one piece be heard. */
  step(count = 1) {
    this.credits += count;
    this.wake();
  }

  async transcribe(request: TranscriptionRequest) {
    this.requests.push(request);
    const seconds = request.samples.length / 16_000;
    const segments = [];
    for (let piece = 0; piece < PIECES; piece += 1) {
      await this.nextStep(request.signal);
      segments.push({
        start: (piece * seconds) / PIECES,
        end: ((piece + 1) * seconds) / PIECES,
        text: `Part ${piece + 1}.`,
      });
      request.onProgress?.({
        audioSecondsDone: ((piece + 1) * seconds) / PIECES,
        text: segments.map((segment) => segment.text).join(' '),
        segments: [...segments],
      });
    }
    return { text: segments.map((segment) => segment.text).join(' '), language: 'en', segments };
  }

  private wake() {
    if (this.credits > 0 && this.waiting) {
      this.credits -= 1;
      const resume = this.waiting;
      this.waiting = undefined;
      resume();
    }
  }

  private nextStep(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new GenerationAbortedError());
      signal?.addEventListener(
        'abort',
        () => {
          if (this.waiting === resolve) this.waiting = undefined;
          reject(new GenerationAbortedError());
        },
        { once: true },
      );
      this.waiting = resolve;
      this.wake();
    });
  }
}

const temporaryRoot = testConfig().TEMP_DIR;
let app: FastifyInstance;
let transcriber: SteppedTranscriber;
let nextAddress = 1;

function visitorAddress() {
  return `10.5.0.${nextAddress++}`;
}

function audioFile(data: Buffer, filename = 'lecture.wav'): UploadPart {
  return { field: SPEECH_UPLOAD_FIELD, filename, contentType: 'audio/wav', data };
}

function createJob(parts: UploadPart[], remoteAddress: string, target = app) {
  const { payload, headers } = multipartBody(parts);
  return target.inject({
    method: 'POST',
    url: API_PATHS.speechToTextJobs,
    payload,
    headers,
    remoteAddress,
  });
}

function readJob(jobId: string, remoteAddress: string, target = app) {
  return target.inject({ method: 'GET', url: speechToTextJobPath(jobId), remoteAddress });
}

function jobOf(response: { json(): unknown }): TranscriptionJob {
  return transcriptionJobResponseSchema.parse(response.json()).data;
}

/** Reads the job until `ready` holds, waking on each of its changes. */
async function waitForJob(
  jobId: string,
  remoteAddress: string,
  ready: (job: TranscriptionJob) => boolean,
  target = app,
): Promise<TranscriptionJob> {
  for (let tries = 0; tries < 200; tries += 1) {
    const response = await readJob(jobId, remoteAddress, target);
    assert.equal(response.statusCode, 200, response.body);
    const job = jobOf(response);
    if (ready(job)) return job;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        target.transcriptionJobs.events.off('changed', done);
        resolve();
      };
      const timer = setTimeout(done, 100);
      target.transcriptionJobs.events.on('changed', done);
    });
  }
  throw new Error(`job ${jobId} never got there`);
}

/** Waits until the job's audio reaches the recogniser: decoded, its upload deleted. */
async function waitForRecogniser(jobId: string, remoteAddress: string, heardBefore: number) {
  return waitForJob(jobId, remoteAddress, () => transcriber.requests.length > heardBefore);
}

/** The request folders in TEMP_DIR: an upload's, while it waits to be decoded. */
function requestFolders(): string[] {
  try {
    return readdirSync(temporaryRoot).filter((name) => name.startsWith('request-'));
  } catch {
    return [];
  }
}

before(async () => {
  transcriber = new SteppedTranscriber();
  app = await makeApp({ providers: testProviders({ transcription: transcriber }) });
});
after(() => app.close());

describe('a long recording becomes a job', () => {
  test('202 with its id, then progress with the text so far, then the direct answer', async () => {
    const visitor = visitorAddress();
    const response = await createJob(
      [{ field: 'language', data: 'fr' }, audioFile(makeToneFile('wav', 6))],
      visitor,
    );
    assert.equal(response.statusCode, 202, response.body);
    const created = jobOf(response);
    assert.match(
      created.jobId,
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    assert.equal(response.headers.location, speechToTextJobPath(created.jobId));
    assert.ok(['queued', 'running'].includes(created.status), created.status);
    assert.equal(created.progress.percent, 0);

    const running = await waitForRecogniser(created.jobId, visitor, 0);
    const request = transcriber.requests.at(-1)!;
    assert.equal(request.language, 'fr');
    assert.equal(
      request.visitor,
      visitor,
      'the job stands in the recogniser’s line as its visitor',
    );
    assert.ok(Math.abs(request.samples.length - 6 * 16_000) < 1600);
    assert.equal(running.status, 'running');
    assert.deepEqual(requestFolders(), [], 'the upload is deleted once decoded');

    transcriber.step();
    const partway = await waitForJob(created.jobId, visitor, (job) => job.progress.percent > 0);
    assert.equal(partway.status, 'running');
    assert.equal(partway.transcript, 'Part 1.');
    assert.equal(partway.segments?.length, 1);
    assert.ok(Math.abs(partway.progress.audioSecondsDone - 2) < 0.1, JSON.stringify(partway));
    assert.ok(Math.abs((partway.progress.audioSecondsTotal ?? 0) - 6) < 0.1);
    assert.ok(Math.abs(partway.progress.percent - 33.3) < 1, JSON.stringify(partway.progress));
    assert.equal(typeof partway.progress.estimatedSecondsLeft, 'number');
    assert.equal(partway.result, undefined);

    transcriber.step(2);
    const done = await waitForJob(created.jobId, visitor, (job) => job.status === 'done');
    assert.equal(done.progress.percent, 100);
    assert.equal(done.progress.estimatedSecondsLeft, undefined);
    assert.equal(done.transcript, undefined, 'the text is in the result');
    const result = speechToTextResultSchema.parse(done.result);
    assert.equal(result.transcript, 'Part 1. Part 2. Part 3.');
    assert.equal(result.language, 'en');
    assert.equal(result.task, 'transcribe');
    assert.equal(result.engine, 'stepped test double');
    assert.ok(Math.abs((result.durationSeconds ?? 0) - 6) < 0.1);
    assert.ok((result.segments?.length ?? 0) >= 1);
    assert.ok(done.expiresAt && Date.parse(done.expiresAt) > Date.now());
    const keptSeconds = (Date.parse(done.expiresAt) - Date.now()) / 1000;
    assert.ok(Math.abs(keptSeconds - TRANSCRIPTION_JOB_DEFAULTS.resultSeconds) < 60);
    assert.deepEqual(requestFolders(), []);
  });

  test('a job waits for the one at work, its upload kept as a request folder until then', async () => {
    const first = visitorAddress();
    const second = visitorAddress();
    const one = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], first));
    await waitForJob(one.jobId, first, (job) => job.status === 'running');
    const response = await createJob([audioFile(makeToneFile('wav', 3))], second);
    assert.equal(response.statusCode, 202, response.body);
    const waiting = jobOf(response);
    assert.equal(waiting.status, 'queued');
    assert.equal(waiting.queue?.ahead, 1);
    assert.ok((waiting.queue?.estimatedWaitSeconds ?? -1) >= 0);
    assert.equal(typeof waiting.progress.estimatedSecondsLeft, 'number');
    // Named as every request folder, so a start after a crash removes it (removeLeftoverFolders).
    assert.deepEqual(
      requestFolders().map((name) => new RegExp(`^request-${process.pid}-`).test(name)),
      [true],
    );

    transcriber.step(PIECES);
    await waitForJob(one.jobId, first, (job) => job.status === 'done');
    await waitForJob(waiting.jobId, second, (job) => job.status === 'running');
    transcriber.step(PIECES);
    const done = await waitForJob(waiting.jobId, second, (job) => job.status === 'done');
    assert.equal(done.result?.transcript, 'Part 1. Part 2. Part 3.');
    assert.deepEqual(requestFolders(), []);
  });

  test('words: true gives each cue its words, as the direct call does', async () => {
    const visitor = visitorAddress();
    const heard = transcriber.requests.length;
    const created = jobOf(
      await createJob(
        [{ field: 'words', data: 'true' }, audioFile(makeToneFile('wav', 3))],
        visitor,
      ),
    );
    await waitForRecogniser(created.jobId, visitor, heard);
    transcriber.step(PIECES);
    const done = await waitForJob(created.jobId, visitor, (job) => job.status === 'done');
    assert.ok(done.result?.segments?.length);
  });
});

describe('a job is its visitor’s alone', () => {
  test('another visitor, or an id that does not exist, gets 404 with a clear message', async () => {
    const owner = visitorAddress();
    const created = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], owner));
    const stranger = visitorAddress();
    for (const [jobId, address] of [
      [created.jobId, stranger],
      ['3f0e8a34-5d2c-4d7a-9d8e-0b4c1f2a6e71', owner],
      ['not-an-id', owner],
    ] as const) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await app.inject({
          method,
          url: speechToTextJobPath(jobId),
          remoteAddress: address,
        });
        assert.equal(response.statusCode, 404, `${method} ${jobId}: ${response.body}`);
        assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.jobNotFound);
      }
    }
    // The stranger's DELETE changed nothing.
    transcriber.step(PIECES);
    const done = await waitForJob(created.jobId, owner, (job) => job.status === 'done');
    assert.equal(done.result?.transcript, 'Part 1. Part 2. Part 3.');
  });

  test('one job at a time per visitor: the second is refused before its upload is kept', async () => {
    const visitor = visitorAddress();
    const heard = transcriber.requests.length;
    const created = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], visitor));
    await waitForRecogniser(created.jobId, visitor, heard);
    const second = await createJob([audioFile(makeToneFile('wav', 3))], visitor);
    assert.equal(second.statusCode, 429, second.body);
    assert.equal(errorMessage(second), SPEECH_TO_TEXT_MESSAGES.jobAlreadyRunning);
    assert.ok(Number(second.headers['retry-after']) >= 1);
    assert.deepEqual(requestFolders(), []);
    transcriber.step(PIECES);
    await waitForJob(created.jobId, visitor, (job) => job.status === 'done');
  });
});

describe('cancelling and expiry', () => {
  test('DELETE stops the work and deletes the text; the visitor may send another at once', async () => {
    const visitor = visitorAddress();
    const heard = transcriber.requests.length;
    const created = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], visitor));
    await waitForRecogniser(created.jobId, visitor, heard);
    const request = transcriber.requests.at(-1)!;
    transcriber.step();
    await waitForJob(created.jobId, visitor, (job) => job.transcript === 'Part 1.');

    const response = await app.inject({
      method: 'DELETE',
      url: speechToTextJobPath(created.jobId),
      remoteAddress: visitor,
    });
    assert.equal(response.statusCode, 200, response.body);
    const cancelled = jobOf(response);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.transcript, undefined);
    assert.equal(cancelled.segments, undefined);
    assert.equal(cancelled.result, undefined);
    assert.equal(request.signal?.aborted, true, 'the recogniser was told to stop');
    const read = jobOf(await readJob(created.jobId, visitor));
    assert.equal(read.status, 'cancelled');
    assert.ok(read.expiresAt);

    const next = await createJob([audioFile(makeToneFile('wav', 3))], visitor);
    assert.equal(next.statusCode, 202, next.body);
    await waitForJob(jobOf(next).jobId, visitor, (job) => job.status === 'running');
    transcriber.step(PIECES);
    await waitForJob(jobOf(next).jobId, visitor, (job) => job.status === 'done');
  });

  test('DELETE of a finished job deletes its result', async () => {
    const visitor = visitorAddress();
    const created = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], visitor));
    await waitForJob(created.jobId, visitor, (job) => job.status === 'running');
    transcriber.step(PIECES);
    await waitForJob(created.jobId, visitor, (job) => job.status === 'done');
    const response = await app.inject({
      method: 'DELETE',
      url: speechToTextJobPath(created.jobId),
      remoteAddress: visitor,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(jobOf(response).result, undefined);
    assert.equal(jobOf(await readJob(created.jobId, visitor)).result, undefined);
  });

  test('a finished job and its result are deleted after TRANSCRIPTION_RESULT_SECONDS', async () => {
    const stepped = new SteppedTranscriber();
    const shortLived = await makeApp({
      env: { TRANSCRIPTION_RESULT_SECONDS: '0.2' },
      providers: testProviders({ transcription: stepped }),
    });
    try {
      const visitor = visitorAddress();
      const created = jobOf(
        await createJob([audioFile(makeToneFile('wav', 3))], visitor, shortLived),
      );
      stepped.step(PIECES);
      const expired = new Promise<string>((resolve) =>
        shortLived.transcriptionJobs.events.once('expired', resolve),
      );
      const done = await waitForJob(
        created.jobId,
        visitor,
        (job) => job.status === 'done',
        shortLived,
      );
      assert.ok(done.result);
      // The expiry's timer does not hold a process open on its own (a server's socket does).
      const keepAlive = setTimeout(() => {}, 10_000);
      assert.equal(await expired, created.jobId);
      clearTimeout(keepAlive);
      const gone = await readJob(created.jobId, visitor, shortLived);
      assert.equal(gone.statusCode, 404);
      assert.equal(errorMessage(gone), SPEECH_TO_TEXT_MESSAGES.jobNotFound);
    } finally {
      await shortLived.close();
    }
  });
});

test('a server that stops ends its jobs and removes the uploads still waiting', async () => {
  const stepped = new SteppedTranscriber();
  const closing = await makeApp({ providers: testProviders({ transcription: stepped }) });
  const first = visitorAddress();
  const second = visitorAddress();
  const atWork = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], first, closing));
  await waitForJob(atWork.jobId, first, () => stepped.requests.length > 0, closing);
  const waiting = jobOf(await createJob([audioFile(makeToneFile('wav', 3))], second, closing));
  assert.equal(waiting.status, 'queued');
  assert.equal(requestFolders().length, 1, 'the waiting upload');

  await closing.close();
  assert.equal(stepped.requests[0]?.signal?.aborted, true, 'the recogniser was told to stop');
  assert.deepEqual(requestFolders(), []);
});

describe('uploads a job refuses: a clear 4xx, and nothing left on disk', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'job-uploads-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  test('a file over LONG_UPLOAD_MAX_BYTES: 413 naming the limit', async () => {
    const small = await makeApp({
      env: { LONG_UPLOAD_MAX_BYTES: String(1024 * 1024) },
      providers: testProviders({ transcription: new SteppedTranscriber() }),
    });
    try {
      const response = await createJob(
        [audioFile(Buffer.alloc(2 * 1024 * 1024, 1))],
        visitorAddress(),
        small,
      );
      assert.equal(response.statusCode, 413, response.body);
      assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.jobFileTooLarge(1024 * 1024));
      assert.deepEqual(requestFolders(), []);
    } finally {
      await small.close();
    }
  });

  test('a job takes more than the direct call’s 25 MB', async () => {
    // 26 MB of 16 kHz WAV: 13.6 minutes, past both of the direct call's limits.
    const visitor = visitorAddress();
    const seconds = Math.ceil((LIMITS.uploadMaxBytes + 1024 * 1024) / 32_000);
    const wav = makeToneFile('wav', seconds, ['-c:a', 'pcm_s16le']);
    assert.ok(wav.length > LIMITS.uploadMaxBytes);
    const response = await createJob([audioFile(wav)], visitor);
    assert.equal(response.statusCode, 202, response.body);
    const created = jobOf(response);
    await waitForJob(created.jobId, visitor, (job) => job.status === 'running');
    transcriber.step(PIECES);
    const done = await waitForJob(created.jobId, visitor, (job) => job.status === 'done');
    assert.ok(Math.abs((done.result?.durationSeconds ?? 0) - seconds) < 1);
  });

  test('a 3-hour recording: 413 naming the 2-hour limit', async () => {
    // A minute of MP3 without a header that states its length, 180 times over: MP3 frames follow
    // one another, so this is a 3-hour file that takes a moment to make.
    const path = join(folder, 'minute.mp3');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60'],
      ...['-c:a', 'libmp3lame', '-b:a', '8k', '-write_xing', '0', '-id3v2_version', '0', path],
    ]);
    const threeHours = Buffer.concat(Array.from({ length: 180 }, () => readFileSync(path)));
    const requests = transcriber.requests.length;
    const response = await createJob([audioFile(threeHours, 'three-hours.mp3')], visitorAddress());
    assert.equal(response.statusCode, 413, response.body);
    assert.equal(
      errorMessage(response),
      SPEECH_TO_TEXT_MESSAGES.jobAudioTooLong(TRANSCRIPTION_JOB_DEFAULTS.audioMaxSeconds),
    );
    assert.match(errorMessage(response), /2 hours/);
    assert.equal(transcriber.requests.length, requests);
    assert.deepEqual(requestFolders(), []);
  });

  test('a damaged container: 400', async () => {
    // An M4A whose index (at its end) is cut off: ffprobe cannot read it.
    const m4a = makeToneFile('m4a', 5, ['-c:a', 'aac']);
    const damaged = m4a.subarray(0, Math.floor(m4a.length / 2));
    const response = await createJob([audioFile(damaged, 'talk.m4a')], visitorAddress());
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(errorMessage(response), SPEECH_TO_TEXT_MESSAGES.uploadNotAudio);
    assert.deepEqual(requestFolders(), []);
  });

  test('no file, or a wrong field: 400 before anything is kept', async () => {
    const missing = await createJob([{ field: 'note', data: 'no file' }], visitorAddress());
    assert.equal(missing.statusCode, 400);
    assert.equal(errorMessage(missing), SPEECH_TO_TEXT_MESSAGES.uploadMissing);
    const wrongTask = await createJob(
      [{ field: 'task', data: 'summarise' }, audioFile(makeToneFile('wav', 1))],
      visitorAddress(),
    );
    assert.equal(wrongTask.statusCode, 400);
    assert.equal(errorMessage(wrongTask), SPEECH_TO_TEXT_MESSAGES.taskInvalid);
    assert.deepEqual(requestFolders(), []);
  });
});
