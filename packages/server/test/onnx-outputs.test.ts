/**
 * Whisper's encoder without its attention maps as graph outputs (providers/local/onnx-outputs.ts):
 * the real model file, cut down, still loads, has the one output left, and computes exactly the
 * hidden state the whole model computes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { loadConfig } from '../src/config.ts';
import { WHISPER_FILES } from '../src/models/manifest.ts';
import { withoutGraphOutputs } from '../src/providers/local/onnx-outputs.ts';

const encoderFile = join(
  loadConfig().MODELS_DIR,
  WHISPER_FILES.localModelFolder,
  WHISPER_FILES.models.base,
  WHISPER_FILES.encoder,
);
const HIDDEN_STATE = 'last_hidden_state';
/** Whisper's input: 80 mel bands by 3000 frames (30 s). */
const FEATURES_SHAPE = [1, 80, 3000];

test('an encoder without its attention outputs computes the same hidden state', async () => {
  const whole = readFileSync(encoderFile);
  const cut = withoutGraphOutputs(whole, (name) => name !== HIDDEN_STATE);
  const original = await InferenceSession.create(whole);
  const pruned = await InferenceSession.create(cut);
  try {
    assert.ok(original.outputNames.length > 1, 'the exported encoder has more than one output');
    assert.ok(original.outputNames.includes(HIDDEN_STATE));
    assert.deepEqual(pruned.outputNames, [HIDDEN_STATE]);
    assert.deepEqual(pruned.inputNames, original.inputNames);

    // A fixed pattern rather than random numbers, so a failure can be run again as it was.
    const features = Float32Array.from(
      { length: FEATURES_SHAPE.reduce((total, size) => total * size, 1) },
      (_, index) => Math.sin(index / 7) * 0.5,
    );
    const input = () => ({ input_features: new Tensor('float32', features, FEATURES_SHAPE) });
    const expected = (await original.run(input(), [HIDDEN_STATE]))[HIDDEN_STATE];
    const actual = (await pruned.run(input()))[HIDDEN_STATE];
    assert.ok(expected && actual);
    assert.deepEqual(actual.dims, expected.dims);
    assert.deepEqual(actual.data, expected.data);
  } finally {
    await Promise.all([original.release(), pruned.release()]);
  }
});

test('a model keeps every output that is not named, and every other byte', () => {
  const whole = readFileSync(encoderFile);
  const unchanged = withoutGraphOutputs(whole, () => false);
  assert.ok(unchanged.equals(whole));
});
