/**
 * The local speech engine, chosen once: Kokoro-82M in onnxruntime-node when its files are in the
 * models folder, else the classic engines festival, flite and espeak-ng.
 */
import { join } from 'node:path';
import { TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { KOKORO_FILES } from '../../../models/manifest.ts';
import type { SpeechSynthesizer } from '../../types.ts';
import { unavailableEngine } from '../../unavailable.ts';
import { ClassicSpeechSynthesizer } from './classic-synthesizer.ts';
import { allExist, missingPrograms } from '../../../child-process.ts';
import { EspeakLanguages } from './espeak-languages.ts';
import { KokoroSpeechSynthesizer, kokoroVoiceFiles } from './kokoro-synthesizer.ts';

export interface LocalSpeechOptions {
  modelsDir: string;
  /** Where each request gets its own temporary folder (config TEMP_DIR). */
  temporaryDirectory: string;
  /** Told when Kokoro's files are present but do not load (the classic tier serves instead). */
  onLoadError?: (error: unknown, detail: string) => void;
  /** Requests that may wait in an engine's line beyond the one running (then 503). */
  maxWaiting?: number;
}

/** The classic tier's programs and festival's two voices (Debian packages). */
const CLASSIC_PROGRAMS = ['festival', 'flite', 'espeak-ng', 'ffmpeg'];
const FESTIVAL_VOICE_FOLDERS = [
  '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts',
  '/usr/share/festival/voices/english/kal_diphone',
];
const CLASSIC_PACKAGES = 'festival festvox-kallpc16k festvox-us-slt-hts flite espeak-ng ffmpeg';

export async function createLocalSpeechSynthesizer(
  options: LocalSpeechOptions,
): Promise<SpeechSynthesizer> {
  const classic = await createClassicSynthesizer(options.temporaryDirectory, options.maxWaiting);
  const kokoro = {
    model: join(options.modelsDir, KOKORO_FILES.model),
    voicesFolder: join(options.modelsDir, KOKORO_FILES.voicesFolder),
  };
  // Kokoro reads its phonemes from espeak-ng: without it (the classic tier unavailable) it cannot speak.
  if (
    classic instanceof ClassicSpeechSynthesizer &&
    (await allExist([kokoro.model, ...kokoroVoiceFiles(kokoro.voicesFolder)]))
  ) {
    try {
      return await KokoroSpeechSynthesizer.load(kokoro, classic, {
        maxWaiting: options.maxWaiting,
      });
    } catch (error) {
      // A damaged download must not take speech down: the classic engines still serve it.
      options.onLoadError?.(error, `Kokoro model ${kokoro.model} did not load`);
    }
  }
  // The classic tier speaks English itself: its festival voices start now, not at the first request.
  if (classic instanceof ClassicSpeechSynthesizer) classic.prepareEnglishVoices();
  return classic;
}

async function createClassicSynthesizer(
  temporaryDirectory: string,
  maxWaiting?: number,
): Promise<SpeechSynthesizer> {
  const missing = await missingPrograms(CLASSIC_PROGRAMS);
  if (missing.length > 0 || !(await allExist(FESTIVAL_VOICE_FOLDERS))) {
    return unavailableEngine(
      TEXT_TO_SPEECH_MESSAGES.speechPackagesMissing(CLASSIC_PACKAGES, missing),
    );
  }
  return new ClassicSpeechSynthesizer({
    languages: await EspeakLanguages.load(),
    temporaryDirectory,
    maxWaiting,
  });
}
