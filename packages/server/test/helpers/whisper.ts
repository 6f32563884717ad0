import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import {
  createLocalTranscriber,
  findWhisperModel,
} from '../../src/providers/local/transcription/index.ts';
import type { Transcriber } from '../../src/providers/types.ts';

/**
 * Whisper base from the user's model cache, as the server loads it. The model comes from the npm
 * registry on every machine: its absence, or a load error, is a failure to see.
 */
export async function loadWhisperBase(temporaryDirectory: string): Promise<Transcriber> {
  const modelsDir = loadConfig().MODELS_DIR;
  const whisper = await findWhisperModel(modelsDir, 'base');
  assert.ok(
    whisper.present,
    `Whisper base is missing from ${modelsDir}: run \`npm run models\` to fetch it.`,
  );
  const loadErrors: unknown[] = [];
  const transcriber = await createLocalTranscriber({
    modelsDir,
    temporaryDirectory,
    onLoadError: (error) => loadErrors.push(error),
  });
  assert.deepEqual(loadErrors, []);
  return transcriber;
}
