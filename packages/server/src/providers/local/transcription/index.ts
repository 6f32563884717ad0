/**
 * The local transcription engine, chosen once: Whisper in transformers.js when its files are in
 * the models folder, else pocketsphinx with its en-us model. Both use Silero VAD for segments.
 */
import { join } from 'node:path';
import { SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';
import { MODEL_MANIFEST, WHISPER_FILES } from '../../../models/manifest.ts';
import type { Transcriber } from '../../types.ts';
import { unavailableEngine } from '../../unavailable.ts';
import { allExist, missingPrograms } from '../../../child-process.ts';
import { ClassicTranscriber, pocketsphinxModelFiles } from './classic-transcriber.ts';
import { findVadModel, SpeechDetector } from './voice-activity.ts';
import { WhisperTranscriber, type WhisperModel, type WhisperSize } from './whisper-transcriber.ts';

export interface LocalTranscriptionOptions {
  modelsDir: string;
  /** Where each request gets its own temporary folder (config TEMP_DIR). */
  temporaryDirectory: string;
  /** The Whisper model to use when its files are present (config WHISPER_MODEL). */
  whisperModel?: WhisperSize;
  /** Told when Whisper is present but does not load (pocketsphinx serves instead). */
  onLoadError?: (error: unknown, detail: string) => void;
  /** Recognitions that may wait in the line beyond the one running (then 503). */
  maxWaiting?: number;
}

/** Where the Whisper model of that size lives, and whether every file of it is there. */
export async function findWhisperModel(
  modelsDir: string,
  size: WhisperSize = 'base',
): Promise<{ model: WhisperModel; present: boolean }> {
  const files = MODEL_MANIFEST.filter((file) => file.model === `whisper-${size}`).map((file) =>
    join(modelsDir, file.path),
  );
  return {
    model: {
      localModelPath: join(modelsDir, WHISPER_FILES.localModelFolder),
      modelId: WHISPER_FILES.models[size],
      size,
    },
    present: files.length > 0 && (await allExist(files)),
  };
}

export async function createLocalTranscriber(
  options: LocalTranscriptionOptions,
): Promise<Transcriber> {
  const vadModel = await findVadModel(options.modelsDir);
  if (!vadModel) {
    return unavailableEngine(SPEECH_TO_TEXT_MESSAGES.voiceDetectorMissing);
  }
  // Loaded once: the classic tier reuses it when Whisper does not load.
  const detector = new SpeechDetector(vadModel);
  const whisper = await findWhisperModel(options.modelsDir, options.whisperModel);
  if (whisper.present) {
    try {
      return await WhisperTranscriber.load(whisper.model, detector, options.maxWaiting);
    } catch (error) {
      // A damaged download must not take transcription down: pocketsphinx still serves it.
      options.onLoadError?.(
        error,
        `Whisper model ${join(whisper.model.localModelPath, whisper.model.modelId)} did not load`,
      );
    }
  }
  const missing = await missingPrograms(['pocketsphinx_batch']);
  if (missing.length > 0 || !(await allExist(Object.values(pocketsphinxModelFiles())))) {
    return unavailableEngine(SPEECH_TO_TEXT_MESSAGES.recogniserMissing);
  }
  return new ClassicTranscriber(
    detector,
    options.temporaryDirectory,
    undefined,
    options.maxWaiting,
  );
}
