/**
 * The local transcription engine, chosen once: Whisper through sherpa-onnx when its files are in
 * the models folder, else pocketsphinx with its en-us model. Both use Silero VAD for segments.
 */
import { join } from 'node:path';
import { ENGINE_MESSAGES } from '@ai-tools/contracts';
import { WHISPER_TINY_FILES } from '../../../models/manifest.ts';
import type { Transcriber } from '../../types.ts';
import { unavailableEngine } from '../../unavailable.ts';
import { allExist, missingPrograms } from '../../../child-process.ts';
import { ClassicTranscriber, pocketsphinxModelFiles } from './classic-transcriber.ts';
import { NeuralTranscriber } from './neural-transcriber.ts';
import { findVadModel, SpeechDetector } from './voice-activity.ts';

export interface LocalTranscriptionOptions {
  modelsDir: string;
  /** Where each request gets its own temporary folder (config TEMP_DIR). */
  temporaryDirectory: string;
  /** Told when Whisper is present but does not load (pocketsphinx serves instead). */
  onLoadError?: (error: unknown, detail: string) => void;
  /** Recognitions that may wait in the line beyond the one running (then 503). */
  maxWaiting?: number;
}

export async function createLocalTranscriber(
  options: LocalTranscriptionOptions,
): Promise<Transcriber> {
  const vadModel = await findVadModel(options.modelsDir);
  if (!vadModel) {
    return unavailableEngine(ENGINE_MESSAGES.voiceDetectorMissing);
  }
  // Loaded once: the classic tier reuses it when Whisper does not load.
  const detector = new SpeechDetector(vadModel);
  const whisper = {
    encoder: join(options.modelsDir, WHISPER_TINY_FILES.encoder),
    decoder: join(options.modelsDir, WHISPER_TINY_FILES.decoder),
    tokens: join(options.modelsDir, WHISPER_TINY_FILES.tokens),
  };
  if (await allExist(Object.values(whisper))) {
    try {
      return await NeuralTranscriber.load(whisper, detector);
    } catch (error) {
      // A damaged download must not take transcription down: pocketsphinx still serves it.
      options.onLoadError?.(error, `Whisper model ${whisper.encoder} did not load`);
    }
  }
  const missing = await missingPrograms(['pocketsphinx_batch']);
  if (missing.length > 0 || !(await allExist(Object.values(pocketsphinxModelFiles())))) {
    return unavailableEngine(ENGINE_MESSAGES.recogniserMissing);
  }
  return new ClassicTranscriber(
    detector,
    options.temporaryDirectory,
    undefined,
    options.maxWaiting,
  );
}
