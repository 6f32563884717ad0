/**
 * Long recordings (up to LONG_AUDIO_MAX_SECONDS, LONG_UPLOAD_MAX_BYTES) as background jobs: the
 * upload is saved and checked while the visitor waits, then transcribed after the answer, and its
 * progress, its text so far and at last its result are read by the job's id (ADR 050).
 * - The id is unguessable and bound to the visitor who made the job: anyone else gets the same
 *   404 as for an id that does not exist, so a job's existence tells nothing.
 * - One job per visitor at a time; a second one is refused before its upload is read.
 * - Long jobs go through their own line, one at a time, before the recogniser's: only one long
 *   recording is held decoded in memory (an hour is 230 MB of samples) while the others wait as
 *   files. In the recogniser's line a job stands with the direct requests, as its visitor.
 * - The upload is deleted as soon as it is decoded; the result lives in memory only, and is
 *   deleted TRANSCRIPTION_RESULT_SECONDS after the job ends, as is a failed or cancelled job.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SERVER_MESSAGES,
  SPEECH_TO_TEXT_MESSAGES,
  type QueueEvent,
  type SpeechToTextOptions,
  type SpeechToTextResult,
  type TranscriptionJob,
  type TranscriptionJobStatus,
  type TranscriptSegment,
} from '@ai-tools/contracts';
import { makeTemporaryFolder } from '../../audio/temporary-folder.ts';
import type { AudioProbe } from '../../audio/probe.ts';
import { AUDIO_GUESS_WEIGHT, JobQueue } from '../../providers/job-queue.ts';
import type { Transcriber, Transcription } from '../../providers/types.ts';
import {
  AppError,
  JobNotFoundError,
  ProviderBusyError,
  ProviderUnavailableError,
  VisitorHasJobError,
} from '../../errors.ts';
import {
  decodeUpload,
  probeUpload,
  readOptions,
  secondsOf,
  transcriptionResult,
  type AudioLengthLimit,
  type ReceivedUpload,
} from './service.ts';
import { subtitleCues } from './subtitle-cues.ts';
import type { UploadLimit } from './audio-upload.ts';

export interface TranscriptionJobsOptions {
  transcriber: Transcriber;
  /** Where each job's upload waits for its turn (config TEMP_DIR). */
  temporaryRoot: string;
  /** LONG_UPLOAD_MAX_BYTES: enforced by the upload's reader (audio-upload.ts), named here. */
  uploadMaxBytes: number;
  /** LONG_AUDIO_MAX_SECONDS. */
  audioMaxSeconds: number;
  /** TRANSCRIPTION_RESULT_SECONDS: how long an ended job is kept. */
  resultSeconds: number;
  /** Jobs that may wait for their turn beyond the one at work (TRANSCRIPTION_QUEUE_MAX_WAITING). */
  maxWaiting: number;
  /** Told about a failure that is no fault of the upload's, for the server's log. */
  onUnexpectedError?: (error: unknown) => void;
}

/**
 * Seconds of work one second of audio takes before a long job has finished here: Whisper base's
 * speed on 2 idle cores (whisper-transcriber.ts), decoding included.
 */
const EXPECTED_SECONDS_PER_AUDIO_SECOND = 0.35;

interface Job {
  id: string;
  visitor: string;
  status: TranscriptionJobStatus;
  options: SpeechToTextOptions;
  /** Stops the job's work: the visitor cancelled it, or the server closes. */
  stop: AbortController;
  /** The recording's length: the container's word until it is decoded, then the samples'. */
  totalSeconds?: number;
  doneSeconds: number;
  /**
   * The first progress the recogniser told (performance.now() and seconds of audio): the speed is
   * measured from there, past the fixed costs before it (finding the speech in the whole
   * recording, a minute or two for an hour).
   */
  firstProgress?: { at: number; seconds: number };
  queue?: QueueEvent;
  text?: string;
  segments?: TranscriptSegment[];
  result?: SpeechToTextResult;
  error?: { message: string; status: number };
  /** When it is deleted (Date.now()), once it has ended. */
  expiresAt?: number;
  expiry?: NodeJS.Timeout;
}

export interface TranscriptionJobEvents {
  /** A job's state changed: its place in line, its progress, its end. */
  changed: [jobId: string];
  /** An ended job was deleted after its time. */
  expired: [jobId: string];
}

export class TranscriptionJobs {
  /** Tells who follows the jobs (tests; a stream of progress) what changed. */
  readonly events = new EventEmitter<TranscriptionJobEvents>();
  private readonly jobs = new Map<string, Job>();
  /** Each visitor's job that is not over yet. */
  private readonly activeByVisitor = new Map<string, string>();
  /** The work of the jobs not over yet, so closing can wait for it to stop. */
  private readonly work = new Set<Promise<void>>();
  private readonly line: JobQueue;
  private readonly lengthLimit: AudioLengthLimit;

  constructor(private readonly options: TranscriptionJobsOptions) {
    this.line = new JobQueue({
      concurrency: 1,
      maxWaiting: options.maxWaiting,
      expectedSecondsPerUnit: EXPECTED_SECONDS_PER_AUDIO_SECOND,
      guessWeight: AUDIO_GUESS_WEIGHT,
    });
    this.lengthLimit = {
      maxSeconds: options.audioMaxSeconds,
      message: SPEECH_TO_TEXT_MESSAGES.jobAudioTooLong(options.audioMaxSeconds),
    };
  }

  /** What the jobs' upload reader takes (audio-upload.ts), and its 413's words. */
  get uploadLimit(): UploadLimit {
    return {
      maxBytes: this.options.uploadMaxBytes,
      tooLargeMessage: SPEECH_TO_TEXT_MESSAGES.jobFileTooLarge(this.options.uploadMaxBytes),
    };
  }

  /**
   * Saves and checks the upload, then starts its job and answers at once with the job's state;
   * the transcription goes on after the request. Every refusal leaves nothing on disk.
   */
  async create(
    upload: ReceivedUpload,
    { visitor, signal }: { visitor: string; signal?: AbortSignal },
  ): Promise<TranscriptionJob> {
    // Refusals that cost no upload: a wrong field sent before the file, no recogniser, a job of
    // the visitor's own still at work, a full line.
    readOptions(upload.fields);
    const engine = this.options.transcriber.status();
    if (!engine.ready) {
      throw new ProviderUnavailableError(engine.detail ?? SPEECH_TO_TEXT_MESSAGES.failed);
    }
    const own = this.activeByVisitor.get(visitor);
    if (own !== undefined) {
      throw new VisitorHasJobError(
        SPEECH_TO_TEXT_MESSAGES.jobAlreadyRunning,
        Math.max(1, Math.ceil(this.secondsLeft(this.jobs.get(own)!) ?? 60)),
      );
    }
    const { running, waiting } = this.line.size;
    if (running > 0 && waiting >= this.options.maxWaiting) {
      const { ahead, estimatedWaitSeconds } = this.line.positionForNewcomer();
      const seconds = Math.max(1, Math.ceil(estimatedWaitSeconds));
      throw new ProviderBusyError(SERVER_MESSAGES.engineBusy(ahead, seconds), seconds);
    }

    const id = randomUUID();
    this.activeByVisitor.set(visitor, id);
    let folder: string | undefined;
    let probe: AudioProbe;
    let options: SpeechToTextOptions;
    try {
      folder = await makeTemporaryFolder(this.options.temporaryRoot);
      await upload.saveTo(join(folder, 'upload'), signal);
      options = readOptions(upload.fields);
      probe = await probeUpload(join(folder, 'upload'), this.lengthLimit, signal);
    } catch (error) {
      this.activeByVisitor.delete(visitor);
      if (folder) await rm(folder, { recursive: true, force: true });
      throw error;
    }

    const job: Job = {
      id,
      visitor,
      status: 'queued',
      options,
      stop: new AbortController(),
      totalSeconds: probe.durationSeconds,
      doneSeconds: 0,
    };
    this.jobs.set(id, job);
    const work = this.run(job, folder, probe).finally(() => this.work.delete(work));
    this.work.add(work);
    return this.view(job);
  }

  /** The job's state, for the visitor who made it only. */
  get(jobId: string, visitor: string): TranscriptionJob {
    return this.view(this.own(jobId, visitor));
  }

  /**
   * Stops a job still at work and deletes its text, or deletes a finished job's result. The job
   * stays, cancelled and empty, until its time is up, so a page reloaded after it says so.
   */
  cancel(jobId: string, visitor: string): TranscriptionJob {
    const job = this.own(jobId, visitor);
    if (job.status !== 'cancelled') {
      const wasOver = isOver(job.status);
      job.status = 'cancelled';
      job.stop.abort();
      job.text = undefined;
      job.segments = undefined;
      job.result = undefined;
      job.error = undefined;
      job.queue = undefined;
      // The visitor may send another recording at once: this one's work winds down in its line.
      if (this.activeByVisitor.get(visitor) === job.id) this.activeByVisitor.delete(visitor);
      if (wasOver) this.keepUntilExpiry(job);
      this.events.emit('changed', job.id);
    }
    return this.view(job);
  }

  /** Stops every job and waits for their work to end (the server closes: its jobs end with it). */
  async close(): Promise<void> {
    for (const job of this.jobs.values()) job.stop.abort();
    await Promise.allSettled([...this.work]);
    // After the work: a job that ended just now set its expiry too.
    for (const job of this.jobs.values()) clearTimeout(job.expiry);
    this.jobs.clear();
    this.activeByVisitor.clear();
  }

  private own(jobId: string, visitor: string): Job {
    const job = this.jobs.get(jobId);
    if (!job || job.visitor !== visitor) {
      throw new JobNotFoundError(SPEECH_TO_TEXT_MESSAGES.jobNotFound);
    }
    return job;
  }

  /** The job's work, from its turn in the long jobs' line to its end. Never rejects. */
  private async run(job: Job, folder: string, probe: AudioProbe): Promise<void> {
    const { transcriber } = this.options;
    const removeUpload = () => rm(folder, { recursive: true, force: true });
    let failure: { message: string; status: number } | undefined;
    try {
      await this.line.run(
        async (signal) => {
          job.status = 'running';
          this.events.emit('changed', job.id);
          const samples = await decodeUpload(
            join(folder, 'upload'),
            probe,
            this.lengthLimit,
            signal,
          );
          // The visitor's file is not kept a moment longer than it is needed.
          await removeUpload();
          const durationSeconds = secondsOf(samples);
          job.totalSeconds = durationSeconds;
          const transcription = await this.transcribe(job, samples, signal);
          job.result = transcriptionResult(transcription, {
            task: job.options.task,
            words: job.options.words,
            durationSeconds,
            engine: transcriber.status().engine,
          });
        },
        {
          signal: job.stop.signal,
          cost: probe.durationSeconds,
          onQueuePosition: (position) => this.placed(job, position),
        },
      );
    } catch (error) {
      failure = failureOf(error);
      // A job stopped because the server closes is no failure to look into.
      if (failure.status >= 500 && !(error instanceof AppError) && !job.stop.signal.aborted) {
        this.options.onUnexpectedError?.(error);
      }
    }
    // The end, told all at once: whoever reads the job sees it whole.
    if (job.status !== 'cancelled') {
      job.status = failure ? 'failed' : 'done';
      job.error = failure;
      if (!failure) job.doneSeconds = job.totalSeconds ?? job.doneSeconds;
    }
    // Once over, the text is in the result, or deleted with the job's failure or cancelling.
    job.text = undefined;
    job.segments = undefined;
    job.queue = undefined;
    if (this.activeByVisitor.get(job.visitor) === job.id) {
      this.activeByVisitor.delete(job.visitor);
    }
    this.keepUntilExpiry(job);
    this.events.emit('changed', job.id);
    await removeUpload();
  }

  /**
   * The recogniser's work on the samples, in its line with the direct requests. A full line, or
   * the visitor's own direct request at work, is not the job's failure: it waits and asks again.
   */
  private async transcribe(
    job: Job,
    samples: Float32Array,
    signal: AbortSignal,
  ): Promise<Transcription> {
    for (;;) {
      try {
        return await this.options.transcriber.transcribe({
          samples,
          language: job.options.language,
          task: job.options.task,
          signal,
          visitor: job.visitor,
          onQueuePosition: (position) => this.placed(job, position),
          onProgress: ({ audioSecondsDone, text, segments }) => {
            job.doneSeconds = audioSecondsDone;
            job.firstProgress ??= { at: performance.now(), seconds: audioSecondsDone };
            job.text = text.trim();
            job.segments = subtitleCues(segments, job.totalSeconds ?? audioSecondsDone).map(
              (cue) =>
                job.options.words ? cue : { start: cue.start, end: cue.end, text: cue.text },
            );
            this.events.emit('changed', job.id);
          },
        });
      } catch (error) {
        const mayWait = error instanceof ProviderBusyError || error instanceof VisitorHasJobError;
        if (!mayWait || signal.aborted) throw error;
        job.status = 'queued';
        this.events.emit('changed', job.id);
        await sleep(error.retryAfterSeconds * 1000, undefined, { signal });
      }
    }
  }

  /** The job's place in the long jobs' line, then in the recogniser's; at 0 it is at work. */
  private placed(job: Job, position: QueueEvent): void {
    if (job.status === 'cancelled') return;
    if (position.ahead > 0) {
      job.status = 'queued';
      job.queue = position;
    } else {
      job.status = 'running';
      job.queue = undefined;
    }
    this.events.emit('changed', job.id);
  }

  /** An ended job is deleted after TRANSCRIPTION_RESULT_SECONDS, with whatever it holds. */
  private keepUntilExpiry(job: Job): void {
    clearTimeout(job.expiry);
    const milliseconds = this.options.resultSeconds * 1000;
    job.expiresAt = Date.now() + milliseconds;
    job.expiry = setTimeout(() => {
      this.jobs.delete(job.id);
      this.events.emit('expired', job.id);
    }, milliseconds);
    // A kept result never holds the process open on its own.
    job.expiry.unref();
  }

  /**
   * About how long the job's remaining work takes: from its own speed between its first progress
   * and its latest, once there are two, else from the long jobs measured here; plus its wait
   * while in line.
   */
  private secondsLeft(job: Job): number | undefined {
    if (isOver(job.status) || job.totalSeconds === undefined) return undefined;
    const remaining = Math.max(0, job.totalSeconds - job.doneSeconds);
    const first = job.firstProgress;
    const heard = first ? job.doneSeconds - first.seconds : 0;
    const secondsPerUnit =
      first && heard > 0 ? (performance.now() - first.at) / 1000 / heard : this.line.secondsPerUnit;
    return Math.round(remaining * secondsPerUnit + (job.queue?.estimatedWaitSeconds ?? 0));
  }

  private view(job: Job): TranscriptionJob {
    const total = job.totalSeconds;
    const percent =
      job.status === 'done'
        ? 100
        : total
          ? Math.min(100, Math.round((job.doneSeconds / total) * 1000) / 10)
          : 0;
    return {
      jobId: job.id,
      status: job.status,
      queue: job.queue,
      progress: {
        audioSecondsDone: Math.round(job.doneSeconds * 1000) / 1000,
        audioSecondsTotal: total === undefined ? undefined : Math.round(total * 1000) / 1000,
        percent,
        estimatedSecondsLeft: this.secondsLeft(job),
      },
      transcript: isOver(job.status) ? undefined : (job.text ?? ''),
      segments: isOver(job.status) ? undefined : (job.segments ?? []),
      result: job.result,
      error: job.error,
      expiresAt: job.expiresAt === undefined ? undefined : new Date(job.expiresAt).toISOString(),
    };
  }
}

/** What a failed job tells its visitor: the direct call's message and status for the same failure. */
function failureOf(error: unknown): { message: string; status: number } {
  if (error instanceof AppError) return { message: error.message, status: error.statusCode };
  return { message: SPEECH_TO_TEXT_MESSAGES.failed, status: 500 };
}

function isOver(status: TranscriptionJobStatus): boolean {
  return status === 'done' || status === 'failed' || status === 'cancelled';
}
