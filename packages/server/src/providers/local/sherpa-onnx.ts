/**
 * sherpa-onnx-node ships JavaScript without type declarations; these are the parts the local
 * engines use (Silero VAD, Piper voices through OfflineTts, Whisper through OfflineRecognizer),
 * typed from the package's types.js. The native addon loads on first use only.
 */
import { createRequire } from 'node:module';
import { runEngineProcess } from '../../child-process.ts';

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

export interface OfflineTtsConfig {
  model: {
    vits: { model: string; tokens: string; dataDir: string; lexicon?: string };
    numThreads: number;
    provider: 'cpu';
    debug: boolean;
  };
  maxNumSentences: number;
}

export interface OfflineTts {
  readonly numSpeakers: number;
  readonly sampleRate: number;
  generateAsync(request: {
    text: string;
    sid: number;
    speed: number;
    enableExternalBuffer?: boolean;
    /** Returning false stops the generation. */
    onProgress?: (info: { samples: Float32Array; progress: number }) => boolean;
  }): Promise<{ samples: Float32Array; sampleRate: number }>;
}

export interface OfflineRecognizerConfig {
  featConfig: { sampleRate: number; featureDim: number };
  modelConfig: {
    whisper: {
      encoder: string;
      decoder: string;
      language: string;
      task: 'transcribe';
      tailPaddings: number;
    };
    tokens: string;
    numThreads: number;
    provider: 'cpu';
    debug: boolean;
  };
}

export interface OfflineStream {
  acceptWaveform(waveform: { samples: Float32Array; sampleRate: number }): void;
}

export interface OfflineRecognizer {
  createStream(): OfflineStream;
  decodeAsync(stream: OfflineStream): Promise<{ text: string; lang?: string }>;
}

export interface SherpaOnnx {
  Vad: new (config: VadConfig, bufferSizeInSeconds: number) => VoiceActivityDetector;
  OfflineTts: { createAsync(config: OfflineTtsConfig): Promise<OfflineTts> };
  OfflineRecognizer: { createAsync(config: OfflineRecognizerConfig): Promise<OfflineRecognizer> };
}

const require = createRequire(import.meta.url);

export function loadSherpaOnnx(): SherpaOnnx {
  return require('sherpa-onnx-node') as SherpaOnnx;
}

/** Loading a model may take a while on a busy machine; longer than this, it counts as broken. */
const TRIAL_LOAD_TIMEOUT_MS = 120_000;

/**
 * sherpa-onnx ends the whole process (exit, not an exception) on some damaged files, such as a
 * tokens file with the wrong columns. So a model is first loaded once in a short-lived child
 * process; only when that works does the server load it. Throws with the engine's own words.
 */
export async function tryLoadInChildProcess(
  kind: 'OfflineTts' | 'OfflineRecognizer',
  config: OfflineTtsConfig | OfflineRecognizerConfig,
): Promise<void> {
  const script = [
    'const [modulePath, kind, config] = process.argv.slice(1);',
    'const sherpa = require(modulePath);',
    'new sherpa[kind](JSON.parse(config));',
  ].join('\n');
  await runEngineProcess(
    process.execPath,
    ['-e', script, require.resolve('sherpa-onnx-node'), kind, JSON.stringify(config)],
    {
      signal: AbortSignal.timeout(TRIAL_LOAD_TIMEOUT_MS),
      failureMessage: `The ${kind === 'OfflineTts' ? 'neural voice' : 'Whisper model'} did not load.`,
    },
  );
}
