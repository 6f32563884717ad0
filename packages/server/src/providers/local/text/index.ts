/**
 * The local text capability: node-llama-cpp when a GGUF model is on this machine, otherwise the
 * honest unavailable engine (503 with how to enable it). No classic engine writes text, and
 * nothing here ever answers with canned text.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WRITER_MESSAGES } from '@ai-tools/contracts';
import { DEFAULT_TEXT_MODEL, isTextModelId, MODEL_MANIFEST } from '../../../models/manifest.ts';
import type { TextGenerator } from '../../types.ts';
import { unavailableEngine } from '../../unavailable.ts';
import { loadLlamaTextGenerator, type LlamaTextGeneratorOptions } from './llama-text-generator.ts';

export interface LocalTextOptions extends Omit<LlamaTextGeneratorOptions, 'modelPath'> {
  modelsDir: string;
  /** TEXT_MODEL: a text model id of the manifest, or the path to any GGUF file. */
  textModel?: string;
  /** Where to report a model that would not load. */
  onLoadError?: (error: unknown, modelPath: string) => void;
}

/**
 * The GGUF file TEXT_MODEL names. A model id means its file under MODELS_DIR, or, when that one
 * was not fetched, the first of the manifest's text models that is (the writers keep working, and
 * /api/health names the file in use). A path means that file or none.
 */
export function findTextModel(
  options: Pick<LocalTextOptions, 'modelsDir' | 'textModel'>,
): string | undefined {
  const { modelsDir, textModel = DEFAULT_TEXT_MODEL } = options;
  const manifestFiles = MODEL_MANIFEST.filter((file) => file.role === 'text');
  if (!isTextModelId(textModel)) return existsSync(textModel) ? textModel : undefined;
  const chosen = manifestFiles.find((file) => file.model === textModel);
  return [chosen, ...manifestFiles]
    .filter((file) => file !== undefined)
    .map((file) => join(modelsDir, file.path))
    .find((path) => existsSync(path));
}

export async function createLocalTextGenerator(options: LocalTextOptions): Promise<TextGenerator> {
  const modelPath = findTextModel(options);
  if (!modelPath) {
    return unavailableEngine(WRITER_MESSAGES.textGenerationUnavailable);
  }
  try {
    // A model of the manifest brings what was measured of it; any other GGUF file, nothing.
    const weakLanguages = MODEL_MANIFEST.find(
      (file) => file.role === 'text' && join(options.modelsDir, file.path) === modelPath,
    )?.weakLanguages;
    return await loadLlamaTextGenerator({ ...options, modelPath, weakLanguages });
  } catch (error) {
    options.onLoadError?.(error, modelPath);
    return unavailableEngine(WRITER_MESSAGES.textModelUnreadable);
  }
}

export { LlamaTextGenerator, loadLlamaTextGenerator } from './llama-text-generator.ts';
