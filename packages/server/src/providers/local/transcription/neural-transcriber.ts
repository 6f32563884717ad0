/**
 * The neural transcription tier: Whisper tiny (multilingual) in sherpa-onnx, loaded once. Silero
 * VAD cuts the audio into stretches of at most 15 s (Whisper reads 30 s at a time) that become
 * the segments with their times; Whisper detects the language of each.
 *
 * Not exercised on the build machine: its model cannot be downloaded there (no network).
 */
import type { TranscriptSegment } from '@ai-tools/contracts';
import { GenerationAbortedError } from '../../errors.ts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type Transcriber,
  type Transcription,
  type TranscriptionRequest,
} from '../../types.ts';
import { JobQueue } from '../job-queue.ts';
import {
  loadSherpaOnnx,
  tryLoadInChildProcess,
  type OfflineRecognizer,
  type OfflineRecognizerConfig,
} from '../sherpa-onnx.ts';
import type { SpeechDetector } from './voice-activity.ts';

export interface WhisperFiles {
  encoder: string;
  decoder: string;
  tokens: string;
}

export class NeuralTranscriber implements Transcriber {
  /** One recognition at a time: Whisper already uses both cores. */
  private readonly queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 3,
    expectedJobSeconds: 20,
  });

  private constructor(
    private readonly recognizer: OfflineRecognizer,
    private readonly detector: SpeechDetector,
  ) {}

  static async load(files: WhisperFiles, detector: SpeechDetector): Promise<NeuralTranscriber> {
    const config: OfflineRecognizerConfig = {
      featConfig: { sampleRate: TRANSCRIPTION_SAMPLE_RATE, featureDim: 80 },
      modelConfig: {
        // An empty language lets Whisper detect it.
        whisper: {
          encoder: files.encoder,
          decoder: files.decoder,
          language: '',
          task: 'transcribe',
          tailPaddings: -1,
        },
        tokens: files.tokens,
        numThreads: 2,
        provider: 'cpu',
        debug: false,
      },
    };
    await tryLoadInChildProcess('OfflineRecognizer', config);
    const recognizer = await loadSherpaOnnx().OfflineRecognizer.createAsync(config);
    return new NeuralTranscriber(recognizer, detector);
  }

  status() {
    return {
      engine: 'Whisper tiny (sherpa-onnx) + Silero VAD',
      tier: 'neural' as const,
      ready: true,
    };
  }

  async close() {}

  transcribe(request: TranscriptionRequest): Promise<Transcription> {
    return this.queue.run(async (signal) => {
      const spans = await this.detector.findSpeech(request.samples, signal);
      const segments: TranscriptSegment[] = [];
      const languages = new Map<string, number>();
      for (const span of spans) {
        // A running decode cannot be interrupted; an abort stops before the next stretch.
        if (signal.aborted) throw new GenerationAbortedError();
        const stream = this.recognizer.createStream();
        stream.acceptWaveform({
          samples: request.samples.slice(span.startSample, span.endSample),
          sampleRate: TRANSCRIPTION_SAMPLE_RATE,
        });
        const result = await this.recognizer.decodeAsync(stream);
        const text = result.text.trim();
        if (!text) continue;
        if (result.lang)
          languages.set(
            result.lang,
            (languages.get(result.lang) ?? 0) + span.endSample - span.startSample,
          );
        segments.push({
          start: Math.round((span.startSample / TRANSCRIPTION_SAMPLE_RATE) * 1000) / 1000,
          end: Math.round((span.endSample / TRANSCRIPTION_SAMPLE_RATE) * 1000) / 1000,
          text,
        });
      }
      return {
        text: segments.map((segment) => segment.text).join(' '),
        language: mostSpoken(languages) ?? request.language,
        segments,
      };
    }, request);
  }
}

/** Whisper answers with tokens such as '<|en|>' or 'en'; the language heard the longest wins. */
function mostSpoken(languages: Map<string, number>): string | undefined {
  const [best] = [...languages.entries()].sort((first, second) => second[1] - first[1]);
  return best?.[0].replace(/[<|>]/g, '') || undefined;
}
