/**
 * Listens to synthesized speech with Whisper base in @huggingface/transformers, local files only,
 * so tests and benchmarks can check what a voice says. The app's own Whisper transcriber is another
 * piece of work; this reads the same files directly, with the language given.
 */
import { join } from 'node:path';
import { env, pipeline } from '@huggingface/transformers';
import { WHISPER_FILES } from '../../src/models/manifest.ts';
import type { SynthesizedSpeech } from '../../src/providers/types.ts';
import { editDistance, toTranscriptionSamples, words } from './local-engines.ts';

type Recogniser = (
  samples: Float32Array,
  options: { language: string; task: 'transcribe' },
) => Promise<{ text: string } | { text: string }[]>;

let recogniser: Promise<Recogniser> | undefined;

function loadRecogniser(modelsDir: string): Promise<Recogniser> {
  env.localModelPath = join(modelsDir, WHISPER_FILES.localModelFolder);
  env.allowRemoteModels = false;
  recogniser ??= pipeline('automatic-speech-recognition', WHISPER_FILES.models.base, {
    dtype: 'q8',
  }) as unknown as Promise<Recogniser>;
  return recogniser;
}

/** What Whisper hears in `speech`, told the language (transformers.js does not detect it). */
export async function whisperHears(
  speech: SynthesizedSpeech,
  language: string,
  modelsDir: string,
): Promise<string> {
  const recognise = await loadRecogniser(modelsDir);
  const result = await recognise(toTranscriptionSamples(speech), { language, task: 'transcribe' });
  return (Array.isArray(result) ? result.map((part) => part.text).join(' ') : result.text).trim();
}

/** Letters and digits of any script, for a character error rate. */
function letters(text: string): string[] {
  return [
    ...text
      .toLowerCase()
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}\p{M}]+/gu, ''),
  ];
}

/** Word error rate over words of any script: edits / reference words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const expected = words(reference);
  return editDistance(expected, words(hypothesis)) / Math.max(1, expected.length);
}

/** Character error rate over letters and digits: edits / reference characters. */
export function characterErrorRate(reference: string, hypothesis: string): number {
  const expected = letters(reference);
  return editDistance(expected, letters(hypothesis)) / Math.max(1, expected.length);
}
