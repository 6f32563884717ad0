/**
 * The neural speech tier: the Piper voice en_US-libritts_r-medium (VITS, 904 speakers) in
 * sherpa-onnx-node, loaded once. The voice speaks English only, so text in another language goes
 * to the classic tier's espeak-ng voices.
 *
 * Not exercised on the build machine: its model cannot be downloaded there (no network).
 */
import { floatToPcm } from '../../../audio/wav.ts';
import { GenerationAbortedError } from '../../errors.ts';
import type { SpeechSynthesisRequest, SpeechSynthesizer, SynthesizedSpeech } from '../../types.ts';
import { JobQueue } from '../job-queue.ts';
import {
  loadSherpaOnnx,
  tryLoadInChildProcess,
  type OfflineTts,
  type OfflineTtsConfig,
} from '../sherpa-onnx.ts';
import { NEURAL_SPEAKER_IDS } from './voices.ts';

export interface PiperVoiceFiles {
  model: string;
  tokens: string;
  espeakData: string;
}

export class NeuralSpeechSynthesizer implements SpeechSynthesizer {
  /** One synthesis at a time: it already uses both cores. */
  private readonly queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 6,
    expectedJobSeconds: 3,
  });

  private constructor(
    private readonly tts: OfflineTts,
    private readonly otherLanguages: SpeechSynthesizer,
  ) {}

  static async load(
    files: PiperVoiceFiles,
    otherLanguages: SpeechSynthesizer,
  ): Promise<NeuralSpeechSynthesizer> {
    const config: OfflineTtsConfig = {
      model: {
        vits: { model: files.model, tokens: files.tokens, dataDir: files.espeakData },
        numThreads: 2,
        provider: 'cpu',
        debug: false,
      },
      maxNumSentences: 1,
    };
    await tryLoadInChildProcess('OfflineTts', config);
    const tts = await loadSherpaOnnx().OfflineTts.createAsync(config);
    return new NeuralSpeechSynthesizer(tts, otherLanguages);
  }

  status() {
    return {
      engine: 'Piper en_US-libritts_r-medium (sherpa-onnx)',
      tier: 'neural' as const,
      ready: true,
    };
  }

  async close() {
    await this.otherLanguages.close();
  }

  async synthesize(request: SpeechSynthesisRequest): Promise<SynthesizedSpeech> {
    const language = request.language?.toLowerCase();
    if (language && !language.startsWith('en')) return this.otherLanguages.synthesize(request);
    const text = request.text.trim();
    if (!text) return { pcm: Buffer.alloc(0), sampleRate: this.tts.sampleRate };

    return this.queue.run(async (signal) => {
      const speaker = NEURAL_SPEAKER_IDS[request.voice] % Math.max(1, this.tts.numSpeakers);
      const audio = await this.tts.generateAsync({
        text,
        sid: speaker,
        // VITS scales its predicted durations, so the rate changes and the pitch stays.
        speed: request.speed,
        enableExternalBuffer: false,
        onProgress: () => !signal.aborted,
      });
      if (signal.aborted) throw new GenerationAbortedError();
      return { pcm: floatToPcm(audio.samples), sampleRate: audio.sampleRate };
    }, request);
  }
}
