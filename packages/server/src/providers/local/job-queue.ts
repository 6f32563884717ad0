/**
 * One bounded queue per engine: on 2 cores, CPU inference runs a few jobs at a time and the rest
 * wait in line. A full line answers at once with ProviderBusyError (503 + Retry-After) instead of
 * piling up. A job whose signal aborts while waiting leaves the line; a running job gets the
 * signal and is expected to stop.
 */
import { GenerationAbortedError, ProviderBusyError } from '../errors.ts';

export interface JobQueueOptions {
  /** Jobs that run at the same time. */
  concurrency: number;
  /** Jobs that may wait beyond those running. */
  maxWaiting: number;
  /** What a visitor reads when the line is full. */
  busyMessage: string;
  retryAfterSeconds?: number;
}

export class JobQueue {
  private running = 0;
  /** Each waiting job's start, called when a running job hands over its place. */
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: JobQueueOptions) {}

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new GenerationAbortedError();
    if (this.running < this.options.concurrency) {
      this.running += 1;
    } else if (this.waiting.length >= this.options.maxWaiting) {
      throw new ProviderBusyError(this.options.busyMessage, this.options.retryAfterSeconds);
    } else {
      await this.waitForTurn(signal);
    }
    try {
      return await job(signal ?? new AbortController().signal);
    } finally {
      this.handOver();
    }
  }

  /**
   * A finished job passes its place straight to the first in line. Freeing it instead would let a
   * job that arrives before the waiting one resumes take the place too: two running on one core.
   */
  private handOver() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  private waitForTurn(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new GenerationAbortedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(start);
    });
  }
}
