/**
 * What the text and writers' benchmarks share: the text model the server would use, loaded on
 * TEXT_THREADS (or a note and a clean exit where there is none), a folder of bench-results for
 * the texts to be read, and TRACE=1, which prints each generation as it ends.
 */
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { loadConfig, REPOSITORY_ROOT } from '../src/config.ts';
import {
  findTextModel,
  loadLlamaTextGenerator,
  type LlamaTextGenerator,
} from '../src/providers/local/text/index.ts';
import type { TextGenerator } from '../src/providers/types.ts';

export const config = loadConfig();

/** The server's text model, or an exit with what to do when none is here. */
export async function loadTextModel(): Promise<LlamaTextGenerator> {
  const modelPath = findTextModel({ modelsDir: config.MODELS_DIR, textModel: config.TEXT_MODEL });
  if (!modelPath) {
    console.log('No text model here: run `npm run models` (or set TEXT_MODEL to a GGUF file).');
    process.exit(0);
  }
  const generator = await loadLlamaTextGenerator({ modelPath, threads: config.TEXT_THREADS });
  console.log(`${basename(modelPath)}, ${generator.threads} threads`);
  return generator;
}

/** bench-results/<name>/ (BENCH_RESULTS_DIR moves it), made if missing. */
export function draftsFolder(name: string): string {
  const folder = resolve(REPOSITORY_ROOT, process.env.BENCH_RESULTS_DIR || 'bench-results', name);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * The generator as the writers see it; with TRACE=1 each generation prints as it ends: its
 * instruction, tokens, seconds and text, to see where a writer spends its time and what the
 * model wrote before the check.
 */
export function traced(generator: LlamaTextGenerator): Pick<TextGenerator, 'generate'> {
  return {
    // No turn: the benchmark is the only visitor, and each generation passes here to be traced.
    async *generate(request) {
      const startedAt = performance.now();
      let text = '';
      for await (const piece of generator.generate(request)) {
        text += piece;
        yield piece;
      }
      if (process.env.TRACE) {
        const instruction = request.prompt.trim().split('\n').at(-1)?.slice(0, 100);
        const figures = generator.lastGeneration;
        console.log(
          `  [${((performance.now() - startedAt) / 1000).toFixed(1)} s, ${figures?.promptTokensRead ?? '?'} prompt tokens read, ${figures?.generatedTokens ?? '?'} tokens, ${figures?.stopReason ?? '?'}] ${instruction}\n${text.replace(/^/gm, '    | ')}`,
        );
      }
    },
  };
}
