/**
 * Whisper's features computed on the piece alone are those transformers.js computes on the piece
 * padded to 30 s, on real recordings (a 1 s card, a 7 s sentence, and 28 s of read speech: the
 * longest piece the VAD makes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { AutoProcessor, env, type Processor, type Tensor } from '@huggingface/transformers';
import { loadConfig } from '../src/config.ts';
import { WHISPER_FILES } from '../src/models/manifest.ts';
import { whisperFeatures } from '../src/providers/local/transcription/whisper-features.ts';
import { referenceRecording } from './helpers/local-engines.ts';

env.allowRemoteModels = false;
env.localModelPath = join(loadConfig().MODELS_DIR, WHISPER_FILES.localModelFolder);

const SAMPLE_RATE = 16_000;

function longestDifference(first: Tensor, second: Tensor): number {
  const a = first.data as Float32Array;
  const b = second.data as Float32Array;
  assert.equal(a.length, b.length);
  let longest = 0;
  for (let index = 0; index < a.length; index += 1) {
    longest = Math.max(longest, Math.abs((a[index] ?? 0) - (b[index] ?? 0)));
  }
  return longest;
}

test('the features of a piece match those of the piece padded to 30 s', async () => {
  const processor = (await AutoProcessor.from_pretrained(
    WHISPER_FILES.models.base,
  )) as Processor & {
    feature_extractor: Parameters<typeof whisperFeatures>[0];
  };
  const sentence = referenceRecording('librivox/sense_and_sensibility_01_austen_64kb-0870.wav');
  const longPiece = new Float32Array(28 * SAMPLE_RATE);
  for (let offset = 0; offset < longPiece.length; offset += sentence.length) {
    longPiece.set(sentence.subarray(0, longPiece.length - offset), offset);
  }
  for (const samples of [referenceRecording('cards/001.wav'), sentence, longPiece]) {
    const expected = ((await processor(samples)) as { input_features: Tensor }).input_features;
    const features = await whisperFeatures(processor.feature_extractor, samples);
    assert.deepEqual(features.dims, expected.dims);
    const difference = longestDifference(features, expected);
    assert.ok(difference < 1e-5, `${samples.length} samples: differ by ${difference}`);
  }
});
