/**
 * Transcription on the AI workers. The recording travels through Redis, not a shared disk: its
 * 16 kHz samples as 16-bit PCM (half the bytes of the floats) under a key the worker deletes once
 * read, with an hour's expiry in case no worker ever does.
 */
import type { EngineStatus } from '@ai-tools/contracts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type Transcriber,
  type Transcription,
  type TranscriptionRequest,
} from '../types.ts';
import type { WorkerLine } from './line.ts';
import { audioKey, type TranscriptionJobRequest } from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';

export const TRANSCRIPTION_AUDIO_EXPIRY_SECONDS = 3600;

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
        await redis.set(
          audioKey(jobId),
          samplesToPcm(samples),
          'EX',
          TRANSCRIPTION_AUDIO_EXPIRY_SECONDS,
        );
      },
      onMessage: (message) => {
        if (message.kind === 'progress') request.onProgress?.(message.progress);
      },
    });
  }

  async close(): Promise<void> {}
}

/** Samples in [-1, 1] as 16-bit little-endian PCM. */
export function samplesToPcm(samples: Float32Array): Buffer {
  const pcm = Buffer.alloc(samples.length * 2);
  for (let index = 0; index < samples.length; index++) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    pcm.writeInt16LE(Math.round(sample * 32767), index * 2);
  }
  return pcm;
}

export function pcmToSamples(pcm: Buffer): Float32Array {
  const samples = new Float32Array(pcm.length / 2);
  for (let index = 0; index < samples.length; index++) {
    samples[index] = pcm.readInt16LE(index * 2) / 32768;
  }
  return samples;
}
