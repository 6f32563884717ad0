/**
 * The honest "none" tier: a capability with no engine reports why and refuses work with a 503
 * that says how to enable it. It never produces content.
 */
import type { SpeechSynthesizer, TextGenerator, Transcriber } from './types.ts';
import { ProviderUnavailableError } from '../errors.ts';

export function unavailableEngine(detail: string) {
  const refuse = (): never => {
    throw new ProviderUnavailableError(detail);
  };
  return {
    status: () => ({ engine: 'none', tier: 'none' as const, ready: false, detail }),
    close: async () => {},
    generate: (): AsyncIterable<string> => ({
      [Symbol.asyncIterator]: refuse,
    }),
    synthesize: async () => refuse(),
    transcribe: async () => refuse(),
  } satisfies TextGenerator & SpeechSynthesizer & Transcriber;
}
