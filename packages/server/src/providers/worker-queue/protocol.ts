/**
 * What web processes and AI workers say to each other through Redis (ADR 056). The work itself
 * goes on one BullMQ queue per capability; what a running job tells the web process that asked
 * (its start, the text it writes, its progress, its end) goes over BullMQ's Relay, on a topic of
 * that web process. Both sides import these names and shapes, and nothing else of each other.
 */
import type { Capability, EngineStatus } from '@ai-tools/contracts';
import type {
  SpeechChunksRequest,
  SynthesizedSpeech,
  TextGenerationRequest,
  TranscriptionProgress,
  TranscriptionRequest,
} from '../types.ts';

/** Keeps this site's queues, relay and keys apart from anything else in the same Redis. */
export const QUEUE_PREFIX = 'ai-tools';
export const RELAY_NAMESPACE = 'ai-tools';

export const queueName = (capability: Capability) => `ai-${capability}`;

/**
 * A process that stops heartbeating is gone after this long: a worker killed mid-job is noticed by
 * the web process well within the 30 s the visitor may wait, and a web process killed mid-job by
 * the workers, which then stop its jobs.
 */
export const LEASE_MS = 6_000;
/** How often each side looks at the other's liveness and at the line. */
export const WATCH_INTERVAL_MS = 1_000;
/**
 * A BullMQ job whose worker stops renewing its lock is failed by the other workers' stalled-job
 * check (never retried: a half-streamed answer cannot be streamed again).
 */
export const JOB_LOCK_MS = 10_000;

/**
 * Redis gone: every process tries again every 2 s at most, so the site serves again within seconds
 * of its return (BullMQ's own backoff grows to 20 s).
 */
export function reconnectDelay(attempts: number): number {
  return Math.min(attempts * 200, 2_000);
}

/** Everything a worker tells a web process about one job arrives on this topic. */
export const jobTopic = (webId: string, jobId: string) => `web.${webId}.${jobId}`;
export const webTopics = (webId: string) => `web.${webId}.>`;
/** A web process asks the workers to stop a running job here: the one running it does. */
export const cancelTopic = (capability: Capability) => `cancel.${capability}`;
/** Each worker keeps what it serves here, as a retained message renewed while it lives. */
export const workerTopic = (workerId: string) => `workers.${workerId}`;
export const WORKER_TOPIC_PREFIX = 'workers.';

/** The Redis key of a transcription job's audio, deleted by the worker that reads it. */
export const audioKey = (jobId: string) => `${QUEUE_PREFIX}:audio:${jobId}`;
/**
 * The Redis key of a speech job's piece: its sample rate (4 bytes, little-endian) then its 16-bit
 * PCM, deleted by the web process that reads it. A piece of several seconds is more than a Relay
 * message may carry, so only the news that it is there travels on the Relay.
 */
export const speechPieceKey = (jobId: string, index: number) =>
  `${QUEUE_PREFIX}:speech:${jobId}:${index}`;
const SAMPLE_RATE_BYTES = 4;

/** A piece of speech as it waits in Redis (speechPieceKey): its sample rate, then its PCM. */
export function speechPieceBytes(speech: SynthesizedSpeech): Buffer {
  const sampleRate = Buffer.alloc(SAMPLE_RATE_BYTES);
  sampleRate.writeUInt32LE(speech.sampleRate);
  return Buffer.concat([sampleRate, speech.pcm]);
}

/** The piece speechPieceBytes wrote; null for bytes too short to be one. */
export function speechPieceOf(bytes: Buffer): SynthesizedSpeech | null {
  if (bytes.length < SAMPLE_RATE_BYTES) return null;
  return { sampleRate: bytes.readUInt32LE(0), pcm: bytes.subarray(SAMPLE_RATE_BYTES) };
}

/**
 * A visitor's audio in Redis (a recording to transcribe, a piece of speech) is deleted once read;
 * this expiry clears what nobody read, as when a process died first.
 */
export const AUDIO_EXPIRY_SECONDS = 3600;
/** One running or waiting request per visitor per capability, across the whole site. */
export const visitorKey = (capability: Capability, visitor: string) =>
  `${QUEUE_PREFIX}:visitor:${capability}:${visitor}`;

/** The engine request of each capability, as it travels: without what only the web side has. */
type Travelling<T> = Omit<
  T,
  'signal' | 'visitor' | 'tool' | 'onQueuePosition' | 'place' | 'folder' | 'onProgress' | 'samples'
>;
export type TextJobRequest = Travelling<TextGenerationRequest>;
/** A speech job is a whole request: its chunks, phonemized in one run on the worker. */
export type SpeechJobRequest = Travelling<SpeechChunksRequest>;
export type TranscriptionJobRequest = Travelling<TranscriptionRequest>;

export interface JobData<Request> {
  /** The web process that waits for the answer (its Relay node id). */
  web: string;
  /** The job's work, in its capability's unit, for the waits told to those behind it. */
  cost: number;
  request: Request;
}

/** A speech job's answer: how many pieces it left in Redis (speechPieceKey), one per chunk. */
export interface SpeechJobResult {
  pieces: number;
}

/** A failed job's error, as the web process rebuilds it for the visitor. */
export interface JobFailure {
  statusCode: number;
  message: string;
  retryAfterSeconds?: number;
}

/** What a worker tells the web process about one job, in order. */
export type JobMessage =
  | { kind: 'started'; worker: string }
  | { kind: 'text'; text: string }
  | { kind: 'speech'; index: number }
  | { kind: 'progress'; progress: TranscriptionProgress }
  | { kind: 'done' }
  | { kind: 'failed'; failure: JobFailure };

/** A worker's retained status: what it serves and how busy it is. */
export interface WorkerStatus {
  capabilities: Partial<Record<Capability, WorkerCapabilityStatus>>;
}

export interface WorkerCapabilityStatus {
  engine: EngineStatus;
  jobsRunning: number;
  /** Speech only: the languages its voices speak, and the most characters one request takes. */
  languages?: readonly string[];
  maxCharactersPerChunk?: number;
}
