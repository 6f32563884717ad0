/**
 * A test double TextGenerator (tests only): each generate() call streams the next scripted reply
 * in small pieces and records what it was asked.
 */
import type { TextGenerationRequest, TextGenerator } from '../../src/providers/types.ts';

export interface ScriptedTextGenerator extends TextGenerator {
  requests: TextGenerationRequest[];
}

export function scriptedTextGenerator(replies: string[]): ScriptedTextGenerator {
  const requests: TextGenerationRequest[] = [];
  return {
    requests,
    status: () => ({ engine: 'scripted test double', tier: 'neural', ready: true }),
    close: async () => {},
    async *generate(request) {
      requests.push(request);
      const reply = replies[requests.length - 1];
      if (reply === undefined) throw new Error(`no scripted reply for call ${requests.length}`);
      for (const piece of reply.match(/\S*\s*/g) ?? []) {
        if (request.signal?.aborted) return;
        await new Promise((resolve) => setImmediate(resolve));
        yield piece;
      }
    },
  };
}

/**
 * A generator that yields one token and then hangs forever, ignoring its signal: the collector
 * must still give up on the visitor's abort or the deadline. `hanging` resolves once the consumer
 * waits for the token that never comes, so a test stops it mid-generation whatever the machine's
 * speed; `stopped` resolves when the consumer tells it to stop.
 */
export function hangingTextGenerator(): TextGenerator & {
  returned: boolean;
  hanging: Promise<void>;
  stopped: Promise<void>;
} {
  let nowHanging = () => {};
  let nowStopped = () => {};
  const generator = {
    returned: false,
    hanging: new Promise<void>((resolve) => (nowHanging = resolve)),
    stopped: new Promise<void>((resolve) => (nowStopped = resolve)),
    status: () => ({ engine: 'hanging test double', tier: 'neural' as const, ready: true }),
    close: async () => {},
    generate(): AsyncIterable<string> {
      let calls = 0;
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => {
            if (calls++ === 0) return Promise.resolve({ done: false, value: 'Once ' });
            nowHanging();
            return new Promise<IteratorResult<string>>(() => {});
          },
          return: async () => {
            generator.returned = true;
            nowStopped();
            return { done: true, value: undefined };
          },
        }),
      };
    },
  };
  return generator;
}

/**
 * Words of filler prose, in whole sentences of ten words each, about the given animal. Each
 * sentence is its own (the day changes): the writers drop a sentence said twice as a loop.
 */
export function sentences(words: number, animal = 'fox'): string {
  const count = Math.round(words / 10);
  return Array.from(
    { length: count },
    (_, day) => `On day ${day + 1} the small ${animal} ran across the field.`,
  ).join(' ');
}
