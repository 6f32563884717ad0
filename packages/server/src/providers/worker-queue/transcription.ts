/**
 * Transcription on the AI workers. The recording travels through Redis, not a shared disk: its
 * 16 kHz samples as 16-bit PCM (half the bytes of the floats) under a key the worker deletes once
 * read, with an expiry in case no worker ever does.
 */
import type { EngineStatus } from '@ai-tools/contracts';
import { floatToPcm } from '../../audio/wav.ts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type Transcriber,
  type Transcription,
  type TranscriptionRequest,
} from '../types.ts';
import type { WorkerLine } from './line.ts';
import { AUDIO_EXPIRY_SECONDS, audioKey, type TranscriptionJobRequest } from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';

export class WorkerTranscriber implements Transcriber {
  constructor(
    private readonly line: WorkerLine,
    private readonly registry: WorkerRegistry,
  ) {}

  status(): EngineStatus {
    return this.registry.engineStatus('transcription');
  }

  async transcribe(request: TranscriptionRequest): Promise<Transcription> {
    const { language, task, samples } = request;
    return this.line.run<Transcription>({
      request: { language, task } satisfies TranscriptionJobRequest,
      cost: samples.length / TRANSCRIPTION_SAMPLE_RATE,
      signal: request.signal,
      visitor: request.visitor,
      tool: request.tool,
      onQueuePosition: request.onQueuePosition,
      place: request.place,
      beforeAdding: async (jobId, redis) => {
        await redis.set(audioKey(jobId), floatToPcm(samples), 'EX', AUDIO_EXPIRY_SECONDS);
      },
      onMessage: (message) => {
        if (message.kind === 'progress') request.onProgress?.(message.progress);
      },
    });
  }

  async close(): Promise<void> {}
}
