/**
 * The worker side of AI_WORKERS=remote (ADR 056): takes jobs from the shared queues of the
 * capabilities it serves, runs them on this machine's engines, and tells the web process that
 * asked what happens, on its Relay topic. It also
 * - keeps its status (engines, jobs running) as a retained message, renewed while it lives, for
 *   the web processes' health answer and "no worker" refusals;
 * - stops a job when its web process asks (Stop, a visitor gone) or dies (its Relay lease ends).
 */
import { Relay, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVER_MESSAGES, type Capability } from '@ai-tools/contracts';
import { pcmToFloat } from '../../audio/wav.ts';
import { AppError, GenerationAbortedError } from '../../errors.ts';
import type { Providers } from '../types.ts';
import { speakChunks } from '../speech-chunks.ts';
import {
  AUDIO_EXPIRY_SECONDS,
  audioKey,
  cancelTopic,
  JOB_LOCK_MS,
  jobTopic,
  LEASE_MS,
  QUEUE_PREFIX,
  queueName,
  reconnectDelay,
  RELAY_NAMESPACE,
  WATCH_INTERVAL_MS,
  speechPieceBytes,
  speechPieceKey,
  workerTopic,
  type JobData,
  type JobFailure,
  type JobMessage,
  type SpeechJobRequest,
  type SpeechJobResult,
  type TextJobRequest,
  type TranscriptionJobRequest,
  type WorkerStatus,
} from './protocol.ts';

export interface AiWorkerOptions {
  redisUrl: string;
  capabilities: readonly Capability[];
  /** The engines of this machine; only those of `capabilities` are used. */
  providers: Providers;
  /** Jobs of a capability run at once: the text engine's TEXT_PARALLEL, one for the others. */
  concurrency?: Partial<Record<Capability, number>>;
  onError?: (error: unknown, detail: string) => void;
}

export interface AiWorker {
  /** This worker's Relay node id. */
  readonly id: string;
  /** Stops taking jobs, lets those running finish (or `force`: stops them), then disconnects. */
  close(force?: boolean): Promise<void>;
}

export async function startAiWorker(options: AiWorkerOptions): Promise<AiWorker> {
  const { redisUrl, capabilities, providers } = options;
  const onError = options.onError ?? (() => {});
  const connection = { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
  const relay = new Relay({
    connection,
    prefix: QUEUE_PREFIX,
    namespace: RELAY_NAMESPACE,
    name: `worker ${capabilities.join(',')}`,
    leaseDuration: LEASE_MS,
  });
  relay.on('error', (error) => onError(error, 'relay'));
  await relay.waitUntilReady();
  const tell = (job: Job, message: JobMessage) =>
    relay.publish(jobTopic((job.data as JobData<unknown>).web, job.id!), message);

  const running = new Map<Capability, Map<string, Job>>(
    capabilities.map((capability) => [capability, new Map()]),
  );
  const audioClient = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: reconnectDelay,
  });
  audioClient.on('error', (error) => onError(error, 'redis'));

  const processors: Record<Capability, (job: Job, signal: AbortSignal) => Promise<unknown>> = {
    text: async (job, signal) => {
      const { request } = job.data as JobData<TextJobRequest>;
      let text = '';
      for await (const piece of providers.text.generate({ ...request, signal })) {
        text += piece;
        await tell(job, { kind: 'text', text: piece });
      }
      return { text };
    },
    speech: async (job, signal) => {
      const { request } = job.data as JobData<SpeechJobRequest>;
      let index = 0;
      try {
        for await (const speech of speakChunks(providers.speech, { ...request, signal })) {
          const piece = speechPieceBytes(speech);
          await audioClient.set(speechPieceKey(job.id!, index), piece, 'EX', AUDIO_EXPIRY_SECONDS);
          await tell(job, { kind: 'speech', index });
          index += 1;
        }
      } catch (error) {
        // Stopped by its web process, which reads no more: what it left unread is deleted.
        if (signal.aborted && index > 0) {
          const written = Array.from({ length: index }, (_, piece) =>
            speechPieceKey(job.id!, piece),
          );
          await audioClient.del(...written).catch(() => {});
        }
        throw error;
      }
      return { pieces: index } satisfies SpeechJobResult;
    },
    transcription: async (job, signal) => {
      const { request } = job.data as JobData<TranscriptionJobRequest>;
      const key = audioKey(job.id!);
      const pcm = await audioClient.getBuffer(key);
      await audioClient.del(key);
      if (!pcm) throw new UnrecoverableError('The recording is no longer in the queue.');
      return providers.transcription.transcribe({
        ...request,
        samples: pcmToFloat(pcm),
        signal,
        onProgress: (progress) => void tell(job, { kind: 'progress', progress }).catch(() => {}),
      });
    },
  };

  const workers = capabilities.map((capability) => {
    const worker = new Worker(
      queueName(capability),
      async (job, _token, signal) => {
        running.get(capability)!.set(job.id!, job);
        void publishStatus();
        try {
          await tell(job, { kind: 'started', worker: relay.nodeId });
          return await processors[capability](job, signal ?? new AbortController().signal);
        } catch (error) {
          // Never retried: a half-streamed answer cannot be sent again (attempts: 1).
          throw new UnrecoverableError(JSON.stringify(failureOf(error, signal)));
        } finally {
          running.get(capability)!.delete(job.id!);
          void publishStatus();
        }
      },
      {
        prefix: QUEUE_PREFIX,
        connection,
        concurrency: options.concurrency?.[capability] ?? 1,
        lockDuration: JOB_LOCK_MS,
        stalledInterval: JOB_LOCK_MS / 2,
        maxStalledCount: 0,
      },
    );
    worker.on('completed', (job) => void tell(job, { kind: 'done' }).catch(() => {}));
    worker.on('failed', (job, error) => {
      if (!job) return;
      void tell(job, { kind: 'failed', failure: parseFailure(error) }).catch(() => {});
    });
    worker.on('error', (error) => onError(error, `${capability} worker`));
    return { capability, worker };
  });

  await relay.subscribe<{ jobId: string }>('cancel.*', (message) => {
    const capability = message.topic.slice('cancel.'.length) as Capability;
    const served = workers.find((entry) => cancelTopic(entry.capability) === message.topic);
    if (served && running.get(capability)?.has(message.data.jobId)) {
      served.worker.cancelJob(message.data.jobId, 'stopped by the visitor');
    }
  });

  const status = (): WorkerStatus => ({
    capabilities: Object.fromEntries(
      capabilities.map((capability) => {
        const engine = providers[capability];
        return [
          capability,
          {
            engine: engine.status(),
            jobsRunning: running.get(capability)!.size,
            ...(capability === 'speech'
              ? {
                  languages: providers.speech.languages,
                  maxCharactersPerChunk: providers.speech.maxCharactersPerChunk,
                }
              : {}),
          },
        ];
      }),
    ),
  });
  const publishStatus = () =>
    relay
      .publish(workerTopic(relay.nodeId), status(), { retain: LEASE_MS * 2 })
      .catch((error: unknown) => onError(error, 'status'));
  await publishStatus();

  // A job whose web process is gone has no one to answer: stop it. Gone means missing for a whole
  // lease, as every node is for a moment after a Redis restart, until it registers again.
  const webLastSeen = new Map<string, number>();
  const watch = setInterval(() => {
    void (async () => {
      const jobs = [...running.values()].flatMap((jobsOf) => [...jobsOf.values()]);
      const renewed = publishStatus();
      if (jobs.length === 0) return renewed;
      const now = Date.now();
      for (const node of await relay.getNodes()) {
        if (node.leaseUntil > now) webLastSeen.set(node.id, now);
      }
      for (const { capability, worker } of workers) {
        for (const job of running.get(capability)!.values()) {
          const { web } = job.data as JobData<unknown>;
          const seen = webLastSeen.get(web) ?? job.processedOn ?? now;
          if (now - seen > LEASE_MS) worker.cancelJob(job.id!, 'its web process is gone');
        }
      }
    })().catch((error: unknown) => onError(error, 'watch'));
  }, WATCH_INTERVAL_MS * 2);
  watch.unref();

  return {
    id: relay.nodeId,
    async close(force = false) {
      clearInterval(watch);
      await Promise.allSettled(workers.map(({ worker }) => worker.close(force)));
      await relay.deleteRetained(workerTopic(relay.nodeId)).catch(() => {});
      audioClient.disconnect();
      await relay.close();
    },
  };
}

/** The error as the web process will rebuild it for the visitor (line.ts). */
function failureOf(error: unknown, signal: AbortSignal | undefined): JobFailure {
  if (signal?.aborted || error instanceof GenerationAbortedError) {
    return { statusCode: 499, message: new GenerationAbortedError().message };
  }
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  return { statusCode: 502, message: SERVER_MESSAGES.internal };
}

function parseFailure(error: Error): JobFailure {
  try {
    const failure = JSON.parse(error.message) as JobFailure;
    if (typeof failure.statusCode === 'number' && typeof failure.message === 'string')
      return failure;
  } catch {
    // A failure BullMQ itself raised: a job whose worker stopped renewing its lock.
  }
  return { statusCode: 502, message: SERVER_MESSAGES.workerStopped };
}
