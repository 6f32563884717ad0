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
 * must still give up on the visitor's abort or the deadline.
 */
export function hangingTextGenerator(): TextGenerator & { returned: boolean } {
  const generator = {
    returned: false,
    status: () => ({ engine: 'hanging test double', tier: 'neural' as const, ready: true }),
    close: async () => {},
    generate(): AsyncIterable<string> {
      let calls = 0;
      return {
        [Symbol.asyncIterator]: () => ({
          next: () =>
            calls++ === 0
              ? Promise.resolve({ done: false, value: 'Once ' })
              : new Promise<IteratorResult<string>>(() => {}),
          return: async () => {
            generator.returned = true;
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
