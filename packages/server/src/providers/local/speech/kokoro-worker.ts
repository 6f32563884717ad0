/**
 * The Kokoro worker thread: holds the onnxruntime-node session and runs the model, one request at
 * a time, away from the server's event loop (a 12-second sentence takes about 5 s of model time
 * on two cores, which would otherwise hold every other request up).
 */
import { workerData } from 'node:worker_threads';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { serveEngine } from '../engine-worker.ts';
import { KOKORO_PAD } from './kokoro-vocabulary.ts';

export interface KokoroWorkerSettings {
  /** The fp32 model.onnx. */
  modelPath: string;
}

export interface KokoroRun {
  /** Phoneme token ids, without the padding at both ends. */
  ids: number[];
  /** The voice's 256-value style for this many tokens. */
  style: Float32Array;
  /** Kokoro's own duration scale. */
  speed: number;
}

export interface KokoroWave {
  /** Mono float samples at 24 kHz. */
  waveform: Float32Array;
}

const { modelPath } = workerData as KokoroWorkerSettings;

await serveEngine<InferenceSession, KokoroRun, KokoroWave>(
  () =>
    InferenceSession.create(modelPath, {
      intraOpNumThreads: 2,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // onnxruntime's memory arena would keep the largest run's working memory (about 480 MB)
      // reserved for good; without it a run is as fast here and the memory goes back after it.
      enableCpuMemArena: false,
      // Idle threads sleep instead of spinning: the cores are shared with the other engines.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    }),
  async (session, { ids, style, speed }) => {
    const input = [KOKORO_PAD, ...ids, KOKORO_PAD];
    const { waveform } = await session.run({
      input_ids: new Tensor('int64', BigInt64Array.from(input, BigInt), [1, input.length]),
      style: new Tensor('float32', style, [1, style.length]),
      speed: new Tensor('float32', Float32Array.of(speed), [1]),
    });
    if (!(waveform?.data instanceof Float32Array)) throw new Error('Kokoro gave no waveform.');
    // A copy of its own, so its buffer can move to the main thread whatever onnxruntime owns.
    const samples = waveform.data.slice();
    return { reply: { waveform: samples }, transfer: [samples.buffer] };
  },
);
