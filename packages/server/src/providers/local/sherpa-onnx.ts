/**
 * sherpa-onnx-node ships JavaScript without type declarations; this is the part the transcription
 * tiers use (Silero VAD), typed from the package's types.js. The native addon loads on first use
 * only.
 */
import { createRequire } from 'node:module';

export interface VadConfig {
  sileroVad: {
    model: string;
    threshold: number;
    minSilenceDuration: number;
    minSpeechDuration: number;
    maxSpeechDuration: number;
    windowSize: number;
  };
  sampleRate: number;
  numThreads: number;
  provider: 'cpu';
  debug: boolean;
}

export interface SpeechSegmentFound {
  /** Index of the first sample of the segment in the audio fed so far. */
  start: number;
  samples: Float32Array;
}

export interface VoiceActivityDetector {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  front(enableExternalBuffer?: boolean): SpeechSegmentFound;
  pop(): void;
  flush(): void;
  reset(): void;
}

export interface SherpaOnnx {
  Vad: new (config: VadConfig, bufferSizeInSeconds: number) => VoiceActivityDetector;
}

const require = createRequire(import.meta.url);

export function loadSherpaOnnx(): SherpaOnnx {
  return require('sherpa-onnx-node') as SherpaOnnx;
}
