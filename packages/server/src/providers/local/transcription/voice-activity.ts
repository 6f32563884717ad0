/**
 * Finds where people speak in 16 kHz audio with the Silero VAD v6 model in sherpa-onnx, loaded
 * once. The recognisers then work on those stretches only: silence never reaches them (so it
 * cannot turn into invented words), and each stretch becomes a subtitle segment with its times.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TRANSCRIPTION_SAMPLE_RATE } from '../../types.ts';
import { allExist } from '../../../child-process.ts';
import { loadSherpaOnnx, type VoiceActivityDetector } from '../sherpa-onnx.ts';
import { GenerationAbortedError } from '../../../errors.ts';

const VAD_MODEL_FILE = 'silero_vad_v6.onnx';

/** Silero's window at 16 kHz. */
const WINDOW_SAMPLES = 512;
/** Stretches longer than this are cut, so subtitles stay short and Whisper stays under 30 s. */
const LONGEST_SEGMENT_SECONDS = 15;
/** About 10 ms of VAD work between yields, so the event loop keeps answering other requests. */
const SAMPLES_BETWEEN_YIELDS = TRANSCRIPTION_SAMPLE_RATE * 2;

export interface SpeechSpan {
  startSample: number;
  endSample: number;
}

/** The v6 model from the npm package @ricky0123/vad-web, else from `${modelsDir}/vad/`. */
export async function findVadModel(modelsDir: string): Promise<string | undefined> {
  const require = createRequire(import.meta.url);
  const candidates = [join(modelsDir, 'vad', VAD_MODEL_FILE)];
  try {
    candidates.unshift(join(dirname(require.resolve('@ricky0123/vad-web')), VAD_MODEL_FILE));
  } catch {
    // The package is not installed: the models folder may still hold the file.
  }
  for (const candidate of candidates) {
    if (await allExist([candidate])) return candidate;
  }
  return undefined;
}

export class SpeechDetector {
  private readonly detector: VoiceActivityDetector;

  /** The detector keeps state between calls: callers run one `findSpeech` at a time. */
  constructor(modelPath: string) {
    this.detector = new (loadSherpaOnnx().Vad)(
      {
        sileroVad: {
          model: modelPath,
          threshold: 0.5,
          minSilenceDuration: 0.3,
          minSpeechDuration: 0.25,
          maxSpeechDuration: LONGEST_SEGMENT_SECONDS,
          windowSize: WINDOW_SAMPLES,
        },
        sampleRate: TRANSCRIPTION_SAMPLE_RATE,
        numThreads: 1,
        provider: 'cpu',
        debug: false,
      },
      LONGEST_SEGMENT_SECONDS * 2,
    );
  }

  async findSpeech(samples: Float32Array, signal: AbortSignal): Promise<SpeechSpan[]> {
    this.detector.reset();
    const spans: SpeechSpan[] = [];
    const collect = () => {
      while (!this.detector.isEmpty()) {
        const segment = this.detector.front(false);
        spans.push({
          startSample: segment.start,
          endSample: segment.start + segment.samples.length,
        });
        this.detector.pop();
      }
    };
    for (let offset = 0; offset < samples.length; offset += WINDOW_SAMPLES) {
      this.detector.acceptWaveform(samples.subarray(offset, offset + WINDOW_SAMPLES));
      collect();
      if (offset % SAMPLES_BETWEEN_YIELDS < WINDOW_SAMPLES && offset > 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (signal.aborted) throw new GenerationAbortedError();
      }
    }
    this.detector.flush();
    collect();
    return spans;
  }
}
