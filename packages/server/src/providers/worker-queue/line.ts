/**
 * One capability's line for the whole site, on a BullMQ queue in Redis (ADR 056): the web side of
 * AI_WORKERS=remote. It keeps the promises of the embedded line (job-queue.ts) across every web
 * process:
 * - one running or waiting request per visitor per capability, held by a key in Redis while the
 *   request lives (VisitorHasJobError, 429);
 * - at most `maxWaiting` requests waiting (ProviderBusyError, 503);
 * - the place in line told while a job waits, counted over the shared queue, and a request of
 *   several jobs (speech chunks, a writer's parts) waiting once: its later jobs go to the front;
 * - Stop leaves the line, or stops the job on its worker; a worker that dies mid-job is noticed
 *   (its Relay lease ends) and the visitor told; no worker at all, or no Redis, is a clear 503.
 */
import { randomUUID } from 'node:crypto';
import { Queue, type Job, type Relay } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  SERVER_MESSAGES,
  type Capability,
  type QueueEvent,
  type ToolLink,
} from '@ai-tools/contracts';
import {
  AppError,
  GenerationAbortedError,
  ProviderBusyError,
  ProviderFailedError,
  ProviderUnavailableError,
  VisitorHasJobError,
} from '../../errors.ts';
import { retryAfter, shownSeconds, type QueuedJobOptions, type QueuePlace } from '../job-queue.ts';
import {
  cancelTopic,
  LEASE_MS,
  QUEUE_PREFIX,
  queueName,
  reconnectDelay,
  visitorKey,
  WATCH_INTERVAL_MS,
  type JobData,
  type JobFailure,
  type JobMessage,
} from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';

export interface WorkerLineOptions {
  capability: Capability;
  redisUrl: string;
  /** This process's client for the visitors' holds and the recordings (ioredis). */
  redis: Redis;
  /** This web process's Relay: its node id is where the workers answer. */
  relay: Relay;
  registry: WorkerRegistry;
  maxWaiting: number;
  /** Seconds one unit of work takes before any job has finished: the embedded engine's guess. */
  expectedSecondsPerUnit: number;
  /** The tool of a request that names none: that of a capability only one tool uses. */
  tool?: ToolLink;
}

export interface LineJobOptions<Request> extends Omit<QueuedJobOptions, 'cost'> {
  request: Request;
  /** The job's work in the capability's unit (a request in a place counts its place's). */
  cost: number;
  /** What the worker tells while it works (the text so far, the progress). */
  onMessage?: (message: JobMessage) => void;
  /** Puts what does not travel in the job itself (a recording's audio) before the job is added. */
  beforeAdding?: (jobId: string, redis: Redis) => Promise<void>;
}

/** The visitor's hold on the capability, kept in Redis while their request lives. */
interface Hold {
  key: string;
  token: string;
  renewal: NodeJS.Timeout;
}

/** Priority of a request's first job; its later jobs have none, and BullMQ runs those first. */
const NEWCOMER_PRIORITY = 1;
/** A hold outlives a web process killed mid-request by this long at most. */
const HOLD_MS = 20_000;
/** How much a new measurement moves the speed (as job-queue.ts). */
const DECAY = 0.3;

const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export class WorkerLine {
  readonly queue: Queue;
  private readonly followers = new Map<string, (message: JobMessage) => void>();
  private readonly holds = new WeakMap<QueuePlace, Promise<Hold | undefined>>();
  private measured?: { seconds: number; cost: number };

  constructor(private readonly options: WorkerLineOptions) {
    this.queue = new Queue(queueName(options.capability), {
      prefix: QUEUE_PREFIX,
      // A request while Redis is away is refused at once (503), not held until it returns.
      connection: {
        url: options.redisUrl,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: reconnectDelay,
      },
    });
    // Connection errors are answered per request; the client reconnects by itself.
    this.queue.on('error', () => {});
  }

  /** Hands a worker's message to the job it is about. */
  deliver(jobId: string, message: JobMessage): void {
    this.followers.get(jobId)?.(message);
  }

  /** Seconds one unit of work takes on the workers, from the jobs this process saw finish. */
  get secondsPerUnit(): number {
    return this.measured
      ? this.measured.seconds / this.measured.cost
      : this.options.expectedSecondsPerUnit;
  }

  async run<Result>(options: LineJobOptions<unknown>): Promise<Result> {
    const { signal, place } = options;
    if (signal?.aborted || place?.hasLeft) throw new GenerationAbortedError();
    const placeHold = place && this.holds.get(place);
    if (placeHold) {
      await placeHold;
      return this.runJob<Result>(options, true);
    }
    const hold = this.admit(options);
    if (!place) {
      const held = await hold;
      try {
        return await this.runJob<Result>(options, false);
      } finally {
        void this.release(held);
      }
    }
    // The request's later jobs run in the place its first one took, until it leaves it.
    this.holds.set(place, hold);
    place.whenLeaving(
      () =>
        void hold.then(
          (held) => this.release(held),
          () => {},
        ),
    );
    try {
      await hold;
    } catch (error) {
      this.holds.delete(place);
      throw error;
    }
    return this.runJob<Result>(options, false);
  }

  /** Takes the visitor's hold and a place in line, or refuses the request. */
  private async admit(options: LineJobOptions<unknown>): Promise<Hold | undefined> {
    const { capability } = this.options;
    if (this.options.registry.servers(capability).length === 0) {
      throw new ProviderUnavailableError(SERVER_MESSAGES.noWorker(capability));
    }
    return this.reachingRedis(async () => {
      const hold = options.visitor === undefined ? undefined : await this.hold(options);
      try {
        const counts = await this.queue.getJobCounts('active', 'wait', 'prioritized');
        const waiting = counts.prioritized ?? 0;
        if (waiting >= this.options.maxWaiting) {
          const ahead = (counts.active ?? 0) + (counts.wait ?? 0) + waiting;
          const retryAfterSeconds = retryAfter(
            this.secondsPerUnit * (options.place?.cost ?? options.cost),
          );
          throw new ProviderBusyError(
            SERVER_MESSAGES.engineBusy(ahead, retryAfterSeconds),
            retryAfterSeconds,
          );
        }
        return hold;
      } catch (error) {
        await this.release(hold);
        throw error;
      }
    });
  }

  private async hold(options: LineJobOptions<unknown>): Promise<Hold> {
    const { redis } = this.options;
    const key = visitorKey(this.options.capability, options.visitor!);
    const tool = options.tool ?? this.options.tool;
    const cost = options.place?.cost ?? options.cost;
    const expectedEnd = Date.now() + cost * this.secondsPerUnit * 1000;
    const token = JSON.stringify({ id: randomUUID(), tool, expectedEnd });
    const taken = await redis.set(key, token, 'PX', HOLD_MS, 'NX');
    if (taken !== 'OK') {
      const holder = parseHolder(await redis.get(key));
      throw new VisitorHasJobError(
        SERVER_MESSAGES.visitorHasJob(holder.tool),
        retryAfter((holder.expectedEnd - Date.now()) / 1000),
      );
    }
    const renewal = setInterval(
      () => void redis.pexpire(key, HOLD_MS).catch(() => {}),
      HOLD_MS / 4,
    );
    renewal.unref();
    const hold = { key, token, renewal };
    // A visitor who stops may ask again at once, as with the embedded line.
    const stopped = options.place?.signal ?? options.signal;
    stopped?.addEventListener('abort', () => void this.release(hold), { once: true });
    return hold;
  }

  private async release(hold: Hold | undefined): Promise<void> {
    if (!hold) return;
    clearInterval(hold.renewal);
    const { redis } = this.options;
    await redis.eval(RELEASE_IF_OURS, 1, hold.key, hold.token).catch(() => {});
  }

  /** Adds the job and follows it to its end. */
  private async runJob<Result>(
    options: LineJobOptions<unknown>,
    continuing: boolean,
  ): Promise<Result> {
    const { signal } = options;
    const jobId = randomUUID();
    const cost = options.place?.cost ?? options.cost;
    let job: Job | undefined;
    let startedAt: number | undefined;
    let worker: string | undefined;
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const ended = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // A Stop while the job is being added ends it before anyone awaits it: not an unhandled
    // rejection (which would close the process), only the answer `await ended` gives below.
    ended.catch(() => {});
    const fail = (error: Error) => settle!.reject(error);

    this.followers.set(jobId, (message) => {
      if (message.kind === 'started') {
        startedAt = Date.now();
        worker = message.worker;
        options.onQueuePosition?.({
          ahead: 0,
          estimatedWaitSeconds: 0,
          estimatedRunSeconds: shownSeconds(cost * this.secondsPerUnit),
        });
      } else if (message.kind === 'done') settle!.resolve();
      else if (message.kind === 'failed') fail(rebuildError(message.failure, signal));
      else options.onMessage?.(message);
    });
    const onAbort = () => fail(new GenerationAbortedError());
    signal?.addEventListener('abort', onAbort, { once: true });

    let lastTold = '';
    let workerlessSince: number | undefined;
    const watch = setInterval(() => {
      void this.watch(jobId, () => startedAt !== undefined, worker).then(
        (state) => {
          if (state.kind === 'worker-gone')
            fail(new ProviderFailedError(SERVER_MESSAGES.workerStopped));
          if (state.kind !== 'waiting') return;
          if (state.workers === 0) {
            workerlessSince ??= Date.now();
            if (Date.now() - workerlessSince > LEASE_MS) {
              fail(new ProviderUnavailableError(SERVER_MESSAGES.noWorker(this.options.capability)));
            }
          } else workerlessSince = undefined;
          const told = JSON.stringify(state.position);
          if (told !== lastTold) {
            lastTold = told;
            options.onQueuePosition?.(state.position);
          }
        },
        () => {},
      );
    }, WATCH_INTERVAL_MS);
    watch.unref();

    try {
      await this.reachingRedis(async () => {
        await options.beforeAdding?.(jobId, this.options.redis);
        const data: JobData<unknown> = {
          web: this.options.relay.nodeId,
          cost,
          request: options.request,
        };
        job = await this.queue.add(this.options.capability, data, {
          jobId,
          ...(continuing ? {} : { priority: NEWCOMER_PRIORITY }),
          attempts: 1,
          // Backstops: the web process removes each job once it has its answer.
          removeOnComplete: { age: 3600 },
          removeOnFail: { age: 3600 },
        });
      });
      await ended;
      const finished = await this.reachingRedis(() => this.queue.getJob(jobId));
      if (startedAt !== undefined) this.record((Date.now() - startedAt) / 1000, cost);
      return finished?.returnvalue as Result;
    } catch (error) {
      if (job) void this.stop(jobId);
      throw error;
    } finally {
      if (worker) this.options.registry.forget(worker);
      clearInterval(watch);
      signal?.removeEventListener('abort', onAbort);
      this.followers.delete(jobId);
      void this.queue.remove(jobId).catch(() => {});
    }
  }

  /** Where a job stands: waiting (and where), running on a live worker, or its worker gone. */
  private async watch(
    jobId: string,
    started: () => boolean,
    worker: string | undefined,
  ): Promise<
    | { kind: 'waiting'; position: QueueEvent; workers: number }
    | { kind: 'running' }
    | { kind: 'worker-gone' }
  > {
    if (started()) {
      return worker && !this.options.registry.isAlive(worker)
        ? { kind: 'worker-gone' }
        : { kind: 'running' };
    }
    const [active, waiting, prioritized] = await Promise.all([
      this.queue.getJobs(['active']),
      this.queue.getJobs(['wait'], 0, -1, true),
      this.queue.getJobs(['prioritized'], 0, -1, true),
    ]);
    const line = [...waiting, ...prioritized];
    const index = line.findIndex((job) => job.id === jobId);
    const workers = this.options.registry.servers(this.options.capability).length;
    const unitsAhead =
      active.reduce((sum, job) => sum + remainingCost(job, this.secondsPerUnit), 0) +
      line.slice(0, Math.max(0, index)).reduce((sum, job) => sum + costOf(job), 0);
    return {
      kind: 'waiting',
      workers,
      position: {
        ahead: active.length + Math.max(0, index),
        estimatedWaitSeconds: shownSeconds(
          (unitsAhead * this.secondsPerUnit) / Math.max(1, workers),
        ),
      },
    };
  }

  /** Takes a job out of the line, or asks its worker to stop it. */
  private async stop(jobId: string): Promise<void> {
    const removed = await this.queue.remove(jobId).catch(() => 0);
    if (removed === 1) return;
    await this.options.relay
      .publish(cancelTopic(this.options.capability), { jobId })
      .catch(() => {});
  }

  private record(seconds: number, cost: number) {
    if (!(cost > 0) || !(seconds > 0)) return;
    this.measured = this.measured
      ? {
          seconds: this.measured.seconds * (1 - DECAY) + seconds,
          cost: this.measured.cost * (1 - DECAY) + cost,
        }
      : { seconds, cost };
  }

  /** Runs Redis work; Redis away becomes a 503 the visitor can read. */
  private async reachingRedis<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new ProviderBusyError(SERVER_MESSAGES.workQueueUnreachable, 5);
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

function costOf(job: Job): number {
  return (job.data as JobData<unknown>).cost ?? 1;
}

/** What is left of a running job's work, from the time it has already run at the known speed. */
function remainingCost(job: Job, secondsPerUnit: number): number {
  const elapsed = job.processedOn ? (Date.now() - job.processedOn) / 1000 : 0;
  return Math.max(0, costOf(job) - elapsed / secondsPerUnit);
}

function parseHolder(value: string | null): { tool?: ToolLink; expectedEnd: number } {
  try {
    const parsed = JSON.parse(value ?? '{}') as { tool?: ToolLink; expectedEnd?: number };
    return { tool: parsed.tool, expectedEnd: parsed.expectedEnd ?? Date.now() };
  } catch {
    return { expectedEnd: Date.now() };
  }
}

/** The worker's error as the visitor would have had it from an embedded engine. */
function rebuildError(failure: JobFailure, signal: AbortSignal | undefined): Error {
  if (failure.statusCode !== 499) return new WorkerJobError(failure);
  // Stopped on the worker though no one here asked: the worker took this process for gone.
  return signal?.aborted
    ? new GenerationAbortedError(failure.message)
    : new ProviderFailedError(SERVER_MESSAGES.workerStopped);
}

/** An error a worker answered with, with its status and Retry-After kept. */
export class WorkerJobError extends AppError {
  readonly statusCode: number;
  readonly retryMayHelp = true;
  override readonly retryAfterSeconds?: number;
  constructor(failure: JobFailure) {
    super(failure.message);
    this.statusCode = failure.statusCode;
    this.retryAfterSeconds = failure.retryAfterSeconds;
  }
}
