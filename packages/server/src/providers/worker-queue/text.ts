/** Writing on the AI workers: each generation a job, its text streamed back as the worker writes. */
import type { EngineStatus } from '@ai-tools/contracts';
import { GenerationAbortedError } from '../../errors.ts';
import { QueuePlace } from '../job-queue.ts';
import type { EngineRequestOptions, TextGenerationRequest, TextGenerator } from '../types.ts';
import type { WorkerLine } from './line.ts';
import type { TextJobRequest } from './protocol.ts';
import type { WorkerRegistry } from './registry.ts';
import { requestInTurn } from '../text-turn.ts';

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

  private async *generateIn(
    request: TextGenerationRequest,
    place?: QueuePlace,
  ): AsyncIterable<string> {
    // Stops the job both when the visitor's signal aborts and when the consumer stops reading.
    const stop = new AbortController();
    const forwardAbort = () => stop.abort();
    request.signal?.addEventListener('abort', forwardAbort, { once: true });
    const pieces: string[] = [];
    let streamed = '';
    let finished = false;
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    const { system, prompt, maxTokens, temperature, grammar } = request;
    const job = this.line
      .run<{ text: string }>({
        request: { system, prompt, maxTokens, temperature, grammar } satisfies TextJobRequest,
        cost: maxTokens,
        signal: stop.signal,
        visitor: request.visitor,
        tool: request.tool,
        onQueuePosition: request.onQueuePosition,
        place,
        onMessage: (message) => {
          if (message.kind !== 'text') return;
          pieces.push(message.text);
          notify();
        },
      })
      .then(
        (result) => {
          // Whatever the Relay did not bring is in the job's answer.
          const seen = streamed + pieces.join('');
          if (result?.text.startsWith(seen) && result.text.length > seen.length) {
            pieces.push(result.text.slice(seen.length));
          }
        },
        (error: unknown) => (failure = error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        finished = true;
        notify();
      });
    try {
      for (;;) {
        if (request.signal?.aborted) throw new GenerationAbortedError();
        const piece = pieces.shift();
        if (piece !== undefined) {
          streamed += piece;
          yield piece;
          continue;
        }
        if (finished) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (request.signal?.aborted) throw new GenerationAbortedError();
      if (failure) throw failure;
    } finally {
      stop.abort();
      request.signal?.removeEventListener('abort', forwardAbort);
      await job;
    }
  }

  async close(): Promise<void> {}
}
