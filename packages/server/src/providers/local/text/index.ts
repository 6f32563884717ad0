/**
 * The local text capability: node-llama-cpp when a GGUF model is on this machine, otherwise the
 * honest unavailable engine (503 with how to enable it). No classic engine writes text, and
 * nothing here ever answers with canned text.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { MODEL_MANIFEST } from '../../../models/manifest.ts';
import type { TextGenerator } from '../../types.ts';
import { unavailableEngine } from '../../unavailable.ts';
import { loadLlamaTextGenerator, type LlamaTextGeneratorOptions } from './llama-text-generator.ts';

export interface LocalTextOptions extends Omit<LlamaTextGeneratorOptions, 'modelPath'> {
  modelsDir: string;
  /** An explicit GGUF file (TEXT_MODEL_PATH); wins over the files under modelsDir. */
  textModelPath?: string;
  /** Where to report a model that would not load. */
  onLoadError?: (error: unknown, modelPath: string) => void;
}

/** TEXT_MODEL_PATH, else the first of the manifest's text models present under MODELS_DIR. */
export function findTextModel(options: Pick<LocalTextOptions, 'modelsDir' | 'textModelPath'>) {
  if (options.textModelPath) {
    return existsSync(options.textModelPath) ? options.textModelPath : undefined;
  }
  return MODEL_MANIFEST.filter((file) => file.role === 'text')
    .map((file) => join(options.modelsDir, file.path))
    .find((path) => existsSync(path));
}

export async function createLocalTextGenerator(options: LocalTextOptions): Promise<TextGenerator> {
  const modelPath = findTextModel(options);
  if (!modelPath) {
    return unavailableEngine(SERVER_MESSAGES.textGenerationUnavailable);
  }
  try {
    return await loadLlamaTextGenerator({ ...options, modelPath });
  } catch (error) {
    options.onLoadError?.(error, modelPath);
    return unavailableEngine(SERVER_MESSAGES.textModelUnreadable);
  }
}

export { LlamaTextGenerator, loadLlamaTextGenerator } from './llama-text-generator.ts';
