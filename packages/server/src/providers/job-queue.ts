/**
 * One bounded, fair queue per engine: on 2 cores, CPU inference runs a few jobs at a time and the
 * rest wait in line.
 * - Each job says how much work it is (`cost`, in the engine's own unit: seconds of speech to
 *   make, seconds of audio to hear, tokens to write), and the queue measures how long a unit takes
 *   on this machine from the jobs that finish. Every wait it announces is the work really ahead
 *   at that speed: the Retry-After and message of a full line (ProviderBusyError, 503), of a
 *   visitor's second request (VisitorHasJobError, 429), and the places told while a job waits.
 * - One running or waiting job per visitor: a second one gets VisitorHasJobError (429), so one
 *   visitor cannot fill the line for everyone.
 * - A waiting job is told its place as the line moves (`onQueuePosition`); one whose signal aborts
 *   leaves the line, and a running job gets the signal and is expected to stop.
 * - A request made of several jobs (speech, one per chunk of text) holds one `QueuePlace` for all
 *   of them: it waits once, and its place frees when the whole request is done, which is what
 *   those behind it wait for.
 */
import { SERVER_MESSAGES, type QueueEvent, type ToolLink } from '@ai-tools/contracts';
import { GenerationAbortedError, ProviderBusyError, VisitorHasJobError } from '../errors.ts';

export interface JobQueueOptions {
  /** Jobs that run at the same time. */
  concurrency: number;
  /** Jobs that may wait beyond those running. */
  maxWaiting: number;
  /** How long one unit of work takes before any job has finished here: a guess for this machine. */
  expectedSecondsPerUnit: number;
  /**
   * How much measured work the guess counts as: one short job whose time is mostly fixed costs (a
   * process start, an encoding) then does not overturn it, while longer ones soon do. Unset: the
   * first finished job replaces the guess.
   */
  guessWeight?: number;
  /** The clock, in milliseconds: tests pass their own. */
  now?: () => number;
  /** The tool of a job that names none: that of an engine only one tool uses. */
  tool?: ToolLink;
}

export interface QueuedJobOptions {
  signal?: AbortSignal;
  /** Who asked (the visitor's address). Unset: no per-visitor limit, as for the server's own work. */
  visitor?: string;
  /** The tool that asked: a visitor's second job is refused naming it (the queue's own, unset). */
  tool?: ToolLink;
  /** Called while the job waits, each time its place changes, and once with 0 when it starts. */
  onQueuePosition?: (position: QueueEvent) => void;
  /**
   * The job's work, in the queue's unit. Unset: counted as 1 unit, and its time is not measured.
   * A job in a place counts its place's.
   */
  cost?: number;
  /** The place of the request this job belongs to, held from its first job until it leaves. */
  place?: QueuePlace;
}

/**
 * One request's place in an engine's line, across all its jobs. The first job that runs with it
 * takes the place (waiting in line, or refused, as any job); the others run in it at once. The
 * request calls `leave()` when it is done, whatever happened: only then does the place free.
 */
export class QueuePlace {
  private readonly releases: (() => void)[] = [];
  private readonly followers: ((units: number) => void)[] = [];
  private left = false;

  /**
   * @param cost The whole request's work, in the unit of the queue it goes to.
   * @param signal The request's own signal (the visitor's Stop), for a request whose jobs each get
   *   a signal that ends with the job (the text engine's): only this one says the visitor stopped,
   *   and frees them to ask again at once. Unset: the first job's signal says it.
   */
  constructor(
    readonly cost: number,
    readonly signal?: AbortSignal,
  ) {}

  /** Frees the place for the next in line. Once; a place never taken has nothing to free. */
  leave(): void {
    if (this.left) return;
    this.left = true;
    for (const release of this.releases.splice(0)) release();
  }

  /**
   * Tells the line that `units` more of the work are done (a chunk of speech made): the speed it
   * shows and the waits behind it follow at once, before the request ends.
   */
  progress(units: number): void {
    for (const follow of this.followers) follow(units);
  }

  get hasLeft(): boolean {
    return this.left;
  }

  /** How the queue that took the place frees it. */
  whenLeaving(release: () => void): void {
    if (this.left) release();
    else this.releases.push(release);
  }

  /** How the queue that took the place follows its progress. */
  whenProgressing(follow: (units: number) => void): void {
    this.followers.push(follow);
  }
}

/** A job, or a place, in line or at work. */
interface Entry {
  cost: number;
  /** Whether the caller said what the job costs; a job of unknown cost measures nothing. */
  costStated: boolean;
  visitor?: string;
  tool?: ToolLink;
  onQueuePosition?: (position: QueueEvent) => void;
  /** When it started, on the queue's clock; unset while it waits. */
  startedAt?: number;
  /** The work done so far, as its place reported it, and when it last did. */
  done?: { units: number; at: number };
  /** Resumes a waiting entry. */
  start?: () => void;
  /** Set when one of its jobs failed: its time then says nothing of the engine's speed. */
  failed?: boolean;
}

/**
 * How much a new measurement moves the speed: recent jobs count most, one outlier does not rule.
 * Seconds and work are summed with this decay, so a long job counts for more than a short one.
 */
const DECAY = 0.3;

/**
 * The speech and transcription lines' `guessWeight`, in seconds of speech and of audio: enough to
 * dampen a single sentence's fixed costs (an espeak-ng start, the encoding: about a second), and
 * soon outweighed by a request's own progress.
 */
export const SPEECH_GUESS_WEIGHT = 2;
export const AUDIO_GUESS_WEIGHT = 10;

export class JobQueue {
  private readonly running = new Set<Entry>();
  private readonly waiting: Entry[] = [];
  /** Visitors with a job running or waiting. */
  private readonly busyVisitors = new Map<string, Entry>();
  /** The places this queue gave, to the entry that holds each. */
  private readonly places = new WeakMap<QueuePlace, Entry>();
  /** Decayed sums of the measured jobs (and of the guess, as one typical job); unset until then. */
  private measured?: { seconds: number; cost: number };
  private readonly now: () => number;

  constructor(private readonly options: JobQueueOptions) {
    this.now = options.now ?? (() => performance.now());
    const { guessWeight, expectedSecondsPerUnit } = options;
    if (guessWeight) {
      this.measured = { seconds: guessWeight * expectedSecondsPerUnit, cost: guessWeight };
    }
  }

  get size() {
    return { running: this.running.size, waiting: this.waiting.length };
  }

  /**
   * Seconds one unit of work takes here: from the jobs that finished, and the work done so far by
   * those running (so a machine slower than the guess shows before its first job ends).
   */
  get secondsPerUnit(): number {
    let seconds = this.measured?.seconds ?? 0;
    let cost = this.measured?.cost ?? 0;
    for (const { startedAt, done } of this.running) {
      if (!done) continue;
      seconds += (done.at - startedAt!) / 1000;
      cost += done.units;
    }
    return cost > 0 ? seconds / cost : this.options.expectedSecondsPerUnit;
  }

  /** Where a job that arrives now would stand. */
  positionForNewcomer(): QueueEvent {
    const ahead = this.running.size + this.waiting.length;
    return { ahead, estimatedWaitSeconds: shownSeconds(this.schedule().newcomerStart) };
  }

  async run<T>(
    job: (signal: AbortSignal) => Promise<T>,
    options: QueuedJobOptions = {},
  ): Promise<T> {
    const { signal, place } = options;
    if (signal?.aborted || place?.hasLeft) throw new GenerationAbortedError();
    // A request's later jobs run in the place its first one took.
    const held = place && this.places.get(place);
    if (held) return runIn(held, job, signal);

    const statedCost = place?.cost ?? options.cost;
    const entry: Entry = {
      cost: statedCost ?? 1,
      costStated: statedCost !== undefined,
      visitor: options.visitor,
      tool: options.tool ?? this.options.tool,
      onQueuePosition: options.onQueuePosition,
    };
    this.admit(entry);
    if (entry.startedAt === undefined) {
      try {
        await this.waitForTurn(entry, signal);
      } catch (error) {
        this.markFree(entry);
        throw error;
      }
    }
    entry.onQueuePosition?.({
      ahead: 0,
      estimatedWaitSeconds: 0,
      // A job of unknown cost has no estimate to give: the page keeps its own rough one.
      ...(entry.costStated
        ? { estimatedRunSeconds: shownSeconds(entry.cost * this.secondsPerUnit) }
        : {}),
    });

    // A visitor who stops a job (the page's Stop button) may ask again at once: the new job waits
    // in line while the stopped one winds down, instead of a 429 for the last moments of its run.
    // A request's own signal says so, not that of a job that ends before the request does.
    const stopped = place?.signal ?? signal;
    const freeVisitor = () => this.markFree(entry);
    stopped?.addEventListener('abort', freeVisitor, { once: true });
    const leave = () => {
      stopped?.removeEventListener('abort', freeVisitor);
      // Only work done to the end says how long that work takes.
      if (entry.costStated && !entry.failed && !stopped?.aborted)
        this.record(this.now() - entry.startedAt!, entry.cost);
      freeVisitor();
      this.handOver(entry);
    };
    if (!place) {
      try {
        return await runIn(entry, job, signal);
      } finally {
        leave();
      }
    }
    // The place stays taken for the request's next jobs, until the request leaves it.
    this.places.set(place, entry);
    place.whenLeaving(leave);
    place.whenProgressing((units) => {
      if (!this.running.has(entry)) return;
      entry.done = { units: (entry.done?.units ?? 0) + units, at: this.now() };
      this.tellPositions();
    });
    return runIn(entry, job, signal);
  }

  /** Takes a place at work or in line for `entry`, or refuses it. */
  private admit(entry: Entry) {
    const { visitor } = entry;
    if (visitor !== undefined) {
      const own = this.busyVisitors.get(visitor);
      if (own) {
        throw new VisitorHasJobError(
          SERVER_MESSAGES.visitorHasJob(own.tool),
          retryAfter(this.schedule().endOf(own)),
        );
      }
    }
    if (this.running.size < this.options.concurrency) {
      entry.startedAt = this.now();
      this.running.add(entry);
    } else if (this.waiting.length >= this.options.maxWaiting) {
      // A place in line frees when the first running job ends and the first in line starts.
      const ahead = this.running.size + this.waiting.length;
      const retryAfterSeconds = retryAfter(this.schedule().firstRunningEnd);
      throw new ProviderBusyError(
        SERVER_MESSAGES.engineBusy(ahead, retryAfterSeconds),
        retryAfterSeconds,
      );
    }
    if (visitor !== undefined) this.busyVisitors.set(visitor, entry);
  }

  /**
   * The line played forward at the measured speed: each job in line starts when the first of the
   * `concurrency` places frees. Times in seconds from now.
   */
  private schedule() {
    const secondsPerUnit = this.secondsPerUnit;
    const now = this.now();
    const ends = new Map<Entry, number>();
    const starts = new Map<Entry, number>();
    /** When each of the `concurrency` places at work frees. */
    const freeAt: number[] = [];
    for (const entry of this.running) {
      // What is left of its work, less the time since it last did some. A job past its estimate
      // is taken to end any moment: its measured speed will say better.
      const { units, at } = entry.done ?? { units: 0, at: entry.startedAt! };
      const end = Math.max(0, (entry.cost - units) * secondsPerUnit - (now - at) / 1000);
      ends.set(entry, end);
      freeAt.push(end);
    }
    const firstRunningEnd = Math.min(...freeAt);
    while (freeAt.length < this.options.concurrency) freeAt.push(0);
    const nextFree = () => {
      const soonest = Math.min(...freeAt);
      return { soonest, index: freeAt.indexOf(soonest) };
    };
    for (const entry of this.waiting) {
      const { soonest, index } = nextFree();
      starts.set(entry, soonest);
      const end = soonest + entry.cost * secondsPerUnit;
      freeAt[index] = end;
      ends.set(entry, end);
    }
    return {
      firstRunningEnd: Number.isFinite(firstRunningEnd) ? firstRunningEnd : 0,
      newcomerStart: nextFree().soonest,
      startOf: (entry: Entry) => starts.get(entry) ?? 0,
      endOf: (entry: Entry) => ends.get(entry) ?? 0,
    };
  }

  private record(milliseconds: number, cost: number) {
    const seconds = milliseconds / 1000;
    if (!(cost > 0) || !Number.isFinite(seconds)) return;
    this.measured = this.measured
      ? {
          seconds: this.measured.seconds * (1 - DECAY) + seconds,
          cost: this.measured.cost * (1 - DECAY) + cost,
        }
      : { seconds, cost };
  }

  private markFree(entry: Entry) {
    if (entry.visitor !== undefined && this.busyVisitors.get(entry.visitor) === entry) {
      this.busyVisitors.delete(entry.visitor);
    }
  }

  /**
   * A finished job passes its place straight to the first in line. Freeing it instead would let a
   * job that arrives before the waiting one resumes take the place too: two running on one core.
   */
  private handOver(finished: Entry) {
    this.running.delete(finished);
    const next = this.waiting.shift();
    if (next) {
      next.startedAt = this.now();
      this.running.add(next);
      next.start?.();
    }
    this.tellPositions();
  }

  private tellPositions() {
    if (this.waiting.length === 0) return;
    const schedule = this.schedule();
    this.waiting.forEach((waiting, index) => {
      waiting.onQueuePosition?.({
        ahead: this.running.size + index,
        estimatedWaitSeconds: shownSeconds(schedule.startOf(waiting)),
      });
    });
  }

  private waitForTurn(entry: Entry, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        this.tellPositions();
        reject(new GenerationAbortedError());
      };
      entry.start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      const schedule = this.schedule();
      entry.onQueuePosition?.({
        ahead: this.running.size + this.waiting.length - 1,
        estimatedWaitSeconds: shownSeconds(schedule.startOf(entry)),
      });
    });
  }
}

/** Runs one job of `entry`, marking the entry when the job fails. */
async function runIn<T>(
  entry: Entry,
  job: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await job(signal ?? new AbortController().signal);
  } catch (error) {
    entry.failed = true;
    throw error;
  }
}

/**
 * A Retry-After: the nearest whole second, at least 1. Rounding up would add half a second on
 * average, which near the end of a job is most of the wait (told 5 s where 2.3 s was left).
 */
export function retryAfter(seconds: number): number {
  return Math.max(1, Math.round(seconds));
}

/** A wait as it is told: whole seconds, at least 1 when there is any wait at all. */
export function shownSeconds(seconds: number): number {
  return seconds > 0 ? Math.max(1, Math.ceil(seconds)) : 0;
}
