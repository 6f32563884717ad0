/**
 * Speech on the AI workers: each request one job, so the worker phonemizes all its chunks in one
 * espeak-ng run as the embedded engine does (ADR 058). Each chunk's PCM waits in Redis under its
 * own key (speechPieceKey) and the worker says on the Relay that it is there; this side reads and
 * deletes the pieces in order, as the service asks for them.
 */
import { SERVER_MESSAGES, type EngineStatus } from '@ai-tools/contracts';
import type { Redis } from 'ioredis';
import { ProviderBusyError, ProviderFailedError } from '../../errors.ts';
import type {
  SpeechChunksRequest,
  SpeechSynthesisRequest,
  SpeechSynthesizer,
  SynthesizedSpeech,
} from '../types.ts';
import type { WorkerLine } from './line.ts';
import {
  speechPieceKey,
  speechPieceOf,
  type SpeechJobRequest,
  type SpeechJobResult,
} from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';

/** Characters a second of speech, as the embedded line counts a request's work. */
const CHARACTERS_PER_SECOND = 15;

export class WorkerSpeechSynthesizer implements SpeechSynthesizer {
  constructor(
    private readonly line: WorkerLine,
    private readonly registry: WorkerRegistry,
    private readonly redis: Redis,
  ) {}

  status(): EngineStatus {
    return this.registry.engineStatus('speech');
  }

  /** The languages the workers' voices speak: those of the first worker that says. */
  get languages(): readonly string[] | undefined {
    return this.registry.servers('speech').find((server) => server.languages)?.languages;
  }

  get maxCharactersPerChunk(): number | undefined {
    return this.registry.servers('speech').find((server) => server.maxCharactersPerChunk)
      ?.maxCharactersPerChunk;
  }

  async synthesize({ text, ...request }: SpeechSynthesisRequest): Promise<SynthesizedSpeech> {
    for await (const speech of this.synthesizeChunks({ ...request, texts: [text] })) return speech;
    throw new Error('The speech worker answered no piece.');
  }

  async *synthesizeChunks({
    texts,
    ...request
  }: SpeechChunksRequest): AsyncGenerator<SynthesizedSpeech> {
    const { voice, speed, language } = request;
    // The job stops with the request, or when the service stops reading (a text too long).
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let jobId: string | undefined;
    let told = -1;
    let ended: { failure?: Error } | undefined;
    let wake: (() => void) | undefined;
    const job = this.line
      .run<SpeechJobResult>({
        request: { texts: [...texts], voice, speed, language } satisfies SpeechJobRequest,
        cost: texts.join('').length / CHARACTERS_PER_SECOND / speed,
        signal: stop.signal,
        visitor: request.visitor,
        tool: request.tool,
        onQueuePosition: request.onQueuePosition,
        place: request.place,
        beforeAdding: async (id) => {
          jobId = id;
        },
        onMessage: (message) => {
          if (message.kind !== 'speech') return;
          told = Math.max(told, message.index);
          wake?.();
        },
      })
      .then(
        () => (ended = {}),
        (failure: unknown) =>
          (ended = { failure: failure instanceof Error ? failure : new Error(String(failure)) }),
      )
      .finally(() => wake?.());
    let index = 0;
    try {
      for (; index < texts.length; index += 1) {
        // A piece the Relay did not announce is read once the job has ended.
        while (told < index && !ended) await new Promise<void>((resolve) => (wake = resolve));
        if (ended?.failure) throw ended.failure;
        yield await this.takePiece(jobId!, index);
      }
      await job;
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
      if (!ended) stop.abort();
      await job;
      // Pieces made but never read: the visitor's audio is not kept.
      const unread = texts.map((_, unreadIndex) => unreadIndex).slice(index);
      if (jobId && unread.length > 0) {
        await this.redis
          .del(...unread.map((unreadIndex) => speechPieceKey(jobId!, unreadIndex)))
          .catch(() => {});
      }
    }
  }

  /** A piece's PCM, read from Redis and deleted there. */
  private async takePiece(jobId: string, index: number): Promise<SynthesizedSpeech> {
    let bytes: Buffer | null;
    try {
      bytes = await this.redis.getdelBuffer(speechPieceKey(jobId, index));
    } catch {
      throw new ProviderBusyError(SERVER_MESSAGES.workQueueUnreachable, 5);
    }
    const piece = bytes && speechPieceOf(bytes);
    // Announced or finished, yet not there: gone with a worker or an expiry, not to be had again.
    if (!piece) throw new ProviderFailedError(SERVER_MESSAGES.workerStopped);
    return piece;
  }

  async close(): Promise<void> {}
}
