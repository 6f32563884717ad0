/** A request's chunks spoken in order, by whichever speech engine serves it. */
import { GenerationAbortedError } from '../errors.ts';
import type { SpeechChunksRequest, SpeechSynthesizer, SynthesizedSpeech } from './types.ts';

/**
 * The chunks spoken in order: by the engine's own synthesizeChunks where it has one (one espeak-ng
 * run for the whole request, not one per chunk), else one synthesize call per chunk.
 */
export async function* speakChunks(
  synthesizer: SpeechSynthesizer,
  { texts, ...request }: SpeechChunksRequest,
): AsyncGenerator<SynthesizedSpeech> {
  if (synthesizer.synthesizeChunks) {
    yield* synthesizer.synthesizeChunks({ texts, ...request });
    return;
  }
  for (const text of texts) {
    if (request.signal?.aborted) throw new GenerationAbortedError();
    yield await synthesizer.synthesize({ ...request, text });
  }
}
