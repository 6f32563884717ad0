/** Writing on the AI workers: each generation a job, its text streamed back as the worker writes. */
import type { EngineStatus } from '@ai-tools/contracts';
import { QueuePlace } from '../job-queue.ts';
import type { EngineRequestOptions, TextGenerationRequest, TextGenerator } from '../types.ts';
import type { WorkerLine } from './line.ts';
import type { TextJobRequest } from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';
import { requestInTurn } from '../text-turn.ts';
import { piecesWhileRunning } from '../text-pieces.ts';

export class WorkerTextGenerator implements TextGenerator {
  constructor(
    private readonly line: WorkerLine,
    private readonly registry: WorkerRegistry,
  ) {}

  status(): EngineStatus {
    return this.registry.engineStatus('text');
  }

  generate(request: TextGenerationRequest): AsyncIterable<string> {
    return this.generateIn(request);
  }

  /**
   * A writer's plan and parts wait in line once: the first generation takes the place, the others
   * go to the front of the shared queue (they may run on another worker, which reads the prompt
   * again).
   */
  async inTurn<T>(
    options: EngineRequestOptions & { expectedTokens: number },
    work: (generator: Pick<TextGenerator, 'generate'>) => Promise<T>,
  ): Promise<T> {
    const place = new QueuePlace(options.expectedTokens, options.signal);
    try {
      return await work({
        generate: (request) => this.generateIn(requestInTurn(request, options), place),
      });
    } finally {
      place.leave();
    }
  }

  private generateIn(request: TextGenerationRequest, place?: QueuePlace): AsyncIterable<string> {
    const { system, prompt, maxTokens, temperature, grammar } = request;
    return piecesWhileRunning(request.signal, async (push, stop) => {
      let received = '';
      const result = await this.line.run<{ text: string }>({
        request: { system, prompt, maxTokens, temperature, grammar } satisfies TextJobRequest,
        cost: maxTokens,
        signal: stop,
        visitor: request.visitor,
        tool: request.tool,
        onQueuePosition: request.onQueuePosition,
        place,
        onMessage: (message) => {
          if (message.kind !== 'text') return;
          received += message.text;
          push(message.text);
        },
      });
      // Whatever the Relay did not bring is in the job's answer.
      if (result?.text.startsWith(received) && result.text.length > received.length) {
        push(result.text.slice(received.length));
      }
    });
  }

  async close(): Promise<void> {}
}
