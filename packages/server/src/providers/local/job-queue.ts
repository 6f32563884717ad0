/**
 * One bounded, fair queue per engine: on 2 cores, CPU inference runs a few jobs at a time and the
 * rest wait in line.
 * - A full line answers at once with ProviderBusyError (503) whose Retry-After and message come from
 *   the real line: how many jobs are ahead and how long jobs take here.
 * - One running or waiting job per visitor: a second one gets VisitorHasJobError (429), so one
 *   visitor cannot fill the line for everyone.
 * - A waiting job is told its place as the line moves (`onQueuePosition`); one whose signal aborts
 *   leaves the line, and a running job gets the signal and is expected to stop.
 */
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { GenerationAbortedError, ProviderBusyError, VisitorHasJobError } from '../../errors.ts';

export interface JobQueueOptions {
  /** Jobs that run at the same time. */
  concurrency: number;
  /** Jobs that may wait beyond those running. */
  maxWaiting: number;
  /** How long one job takes before any has finished here; later, the measured average. */
  expectedJobSeconds: number;
}

export interface QueuePosition {
  /** Jobs that run or wait before this one. */
  ahead: number;
  /** About how long until this job starts, from the measured job durations. */
  estimatedWaitSeconds: number;
}

export interface QueuedJobOptions {
  signal?: AbortSignal;
  /** Who asked (the visitor's address). Unset: no per-visitor limit, as for the server's own work. */
  visitor?: string;
  /** Called while the job waits, each time its place changes, and once with 0 when it starts. */
  onQueuePosition?: (position: QueuePosition) => void;
}

interface WaitingJob {
  start: () => void;
  visitor?: string;
  onQueuePosition?: (position: QueuePosition) => void;
}

/** How much a new duration moves the average: recent jobs count most, one outlier does not rule. */
const AVERAGE_WEIGHT = 0.3;

export class JobQueue {
  private running = 0;
  private readonly waiting: WaitingJob[] = [];
  /** Visitors with a job running or waiting. */
  private readonly busyVisitors = new Map<string, number>();
  private averageJobSeconds: number;

  constructor(private readonly options: JobQueueOptions) {
    this.averageJobSeconds = options.expectedJobSeconds;
  }

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** The measured average duration of one job, in seconds. */
  get averageSeconds() {
    return this.averageJobSeconds;
  }

  /** Where a job that arrives now would stand. */
  positionForNewcomer(): QueuePosition {
    return this.positionAfter(this.running + this.waiting.length);
  }

  async run<T>(
    job: (signal: AbortSignal) => Promise<T>,
    options: QueuedJobOptions = {},
  ): Promise<T> {
    const { signal, visitor } = options;
    if (signal?.aborted) throw new GenerationAbortedError();
    if (visitor !== undefined && this.busyVisitors.has(visitor)) {
      throw new VisitorHasJobError(
        SERVER_MESSAGES.visitorHasJob,
        this.secondsUntilFree(this.running + this.waiting.length),
      );
    }
    if (this.running < this.options.concurrency) {
      this.running += 1;
      this.markBusy(visitor);
    } else if (this.waiting.length >= this.options.maxWaiting) {
      // The first place in line frees when the soonest running job ends.
      const ahead = this.running + this.waiting.length;
      const retryAfterSeconds = this.secondsUntilFree(this.running);
      throw new ProviderBusyError(
        SERVER_MESSAGES.engineBusy(ahead, retryAfterSeconds),
        retryAfterSeconds,
      );
    } else {
      this.markBusy(visitor);
      try {
        await this.waitForTurn(options);
      } catch (error) {
        this.markFree(visitor);
        throw error;
      }
    }
    options.onQueuePosition?.({ ahead: 0, estimatedWaitSeconds: 0 });
    // A visitor who stops a job (the page's Stop button) may ask again at once: the new job waits
    // in line while the stopped one winds down, instead of a 429 for the last moments of its run.
    let visitorFreed = false;
    const freeVisitor = () => {
      if (visitorFreed) return;
      visitorFreed = true;
      this.markFree(visitor);
    };
    signal?.addEventListener('abort', freeVisitor, { once: true });
    const startedAt = performance.now();
    try {
      return await job(signal ?? new AbortController().signal);
    } finally {
      signal?.removeEventListener('abort', freeVisitor);
      this.record((performance.now() - startedAt) / 1000);
      freeVisitor();
      this.handOver();
    }
  }

  private positionAfter(ahead: number): QueuePosition {
    const mustFinish = ahead - this.options.concurrency + 1;
    return { ahead, estimatedWaitSeconds: mustFinish > 0 ? this.secondsUntilFree(mustFinish) : 0 };
  }

  /** Seconds until `jobs` jobs have finished, with `concurrency` of them at a time. */
  private secondsUntilFree(jobs: number) {
    const rounds = Math.max(1, Math.ceil(jobs / this.options.concurrency));
    return Math.max(1, Math.ceil(rounds * this.averageJobSeconds));
  }

  private record(seconds: number) {
    this.averageJobSeconds =
      this.averageJobSeconds * (1 - AVERAGE_WEIGHT) + seconds * AVERAGE_WEIGHT;
  }

  private markBusy(visitor?: string) {
    if (visitor === undefined) return;
    this.busyVisitors.set(visitor, (this.busyVisitors.get(visitor) ?? 0) + 1);
  }

  private markFree(visitor?: string) {
    if (visitor === undefined) return;
    const count = (this.busyVisitors.get(visitor) ?? 1) - 1;
    if (count <= 0) this.busyVisitors.delete(visitor);
    else this.busyVisitors.set(visitor, count);
  }

  /**
   * A finished job passes its place straight to the first in line. Freeing it instead would let a
   * job that arrives before the waiting one resumes take the place too: two running on one core.
   */
  private handOver() {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
    this.tellPositions();
  }

  private tellPositions() {
    this.waiting.forEach((waiting, index) => {
      waiting.onQueuePosition?.(this.positionAfter(this.running + index));
    });
  }

  private waitForTurn(options: QueuedJobOptions): Promise<void> {
    const { signal } = options;
    return new Promise((resolve, reject) => {
      const entry: WaitingJob = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        visitor: options.visitor,
        onQueuePosition: options.onQueuePosition,
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        this.tellPositions();
        reject(new GenerationAbortedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      options.onQueuePosition?.(this.positionAfter(this.running + this.waiting.length - 1));
    });
  }
}
