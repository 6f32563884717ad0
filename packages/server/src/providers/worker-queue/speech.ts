/** Speech on the AI workers: each chunk of text a job, its PCM the job's answer. */
import type { EngineStatus } from '@ai-tools/contracts';
import type { SpeechSynthesisRequest, SpeechSynthesizer, SynthesizedSpeech } from '../types.ts';
import type { WorkerLine } from './line.ts';
import type { SpeechJobRequest, SpeechJobResult } from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';

export class WorkerSpeechSynthesizer implements SpeechSynthesizer {
  constructor(
    private readonly line: WorkerLine,
    private readonly registry: WorkerRegistry,
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

  async synthesize(request: SpeechSynthesisRequest): Promise<SynthesizedSpeech> {
    const { text, voice, speed, language } = request;
    const result = await this.line.run<SpeechJobResult>({
      request: { text, voice, speed, language } satisfies SpeechJobRequest,
      // Seconds of speech, as the embedded line counts them: about 15 characters a second.
      cost: text.length / 15 / speed,
      signal: request.signal,
      visitor: request.visitor,
      tool: request.tool,
      onQueuePosition: request.onQueuePosition,
      place: request.place,
    });
    return { pcm: Buffer.from(result.pcmBase64, 'base64'), sampleRate: result.sampleRate };
  }

  async close(): Promise<void> {}
}
