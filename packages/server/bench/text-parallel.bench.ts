/**
 * Continuous batching (issue 21, ADR 047): 1, 2, 4 and 8 visitors ask for a story part at the same
 * moment, with TEXT_PARALLEL set to that many, on the model the server would use. For each: the
 * tokens/s of one sequence and of all together, the first token (the slowest visitor's), the
 * resident memory after loading and at the peak. The aggregate against one visitor alone is the
 * figure TEXT_PARALLEL's default is chosen by.
 *
 *   npm run bench -w @ai-tools/server -- text-parallel
 *   VISITORS=1,4 ...     only some of the counts
 */
import { basename } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { findTextModel, loadLlamaTextGenerator } from '../src/providers/local/text/index.ts';
import { record } from './record.ts';
import { memoryOf } from './server-process.ts';

const MAX_TOKENS = 250;
const SYSTEM =
  'You are a skilled storyteller. You write one part of a story at a time, following its plan.';
/** Different ideas, so no two visitors share a prompt. */
const IDEAS = [
  'A lighthouse keeper and a lost seal',
  'A girl who builds a robot out of kitchen pans',
  'Two goats who run a bakery on a mountain',
  'A boy who finds a map inside a library book',
  'A dragon who is afraid of the dark',
  'A cat who becomes the mayor of a small town',
  'A snowman who wants to see the summer',
  'Twin sisters who swap places at a music contest',
];

const config = loadConfig();
const modelPath = findTextModel({ modelsDir: config.MODELS_DIR, textModel: config.TEXT_MODEL });
if (!modelPath) {
  console.log('No text model here: run `npm run models` (or set TEXT_MODEL to a GGUF file).');
  process.exit(0);
}
const counts = (process.env.VISITORS ?? '1,2,4,8').split(',').map(Number).filter(Boolean);
let aloneTokensPerSecond: number | undefined;

for (const visitors of counts) {
  const generator = await loadLlamaTextGenerator({
    modelPath,
    threads: config.TEXT_THREADS,
    parallel: visitors,
    maxWaiting: 0,
  });
  const loadedMegabytes = memoryOf(process.pid).currentMegabytes;
  let peakMegabytes = loadedMegabytes;
  const sampler = setInterval(() => {
    peakMegabytes = Math.max(peakMegabytes, memoryOf(process.pid).currentMegabytes);
  }, 100);
  console.log(
    `\n${visitors} at once: ${basename(modelPath)}, ${generator.threads} threads, TEXT_PARALLEL=${generator.parallel}`,
  );
  const startedAt = performance.now();
  const runs = await Promise.all(
    IDEAS.slice(0, visitors).map(async (idea, index) => {
      let tokens = 0;
      let firstAt: number | undefined;
      for await (const piece of generator.generate({
        system: SYSTEM,
        prompt: `An adventure story in English for kids 4-8.\nTheme: ${idea}.\nWrite the beginning of the story, about 150 words.`,
        maxTokens: MAX_TOKENS,
        visitor: `visitor ${index}`,
      })) {
        firstAt ??= performance.now();
        if (piece !== '') tokens += 1;
      }
      return {
        pieces: tokens,
        firstMs: (firstAt ?? performance.now()) - startedAt,
        endMs: performance.now() - startedAt,
      };
    }),
  );
  clearInterval(sampler);
  const wallSeconds = (performance.now() - startedAt) / 1000;
  // Pieces are the model's text chunks, about a token each: counted the same way for every row.
  const totalPieces = runs.reduce((sum, run) => sum + run.pieces, 0);
  const aggregate = totalPieces / wallSeconds;
  const perSequence =
    runs.reduce((sum, run) => sum + run.pieces / ((run.endMs - run.firstMs) / 1000), 0) /
    runs.length;
  aloneTokensPerSecond ??= visitors === 1 ? aggregate : undefined;
  const prefix = `${visitors} at once`;
  record({
    name: `${prefix}: tokens/s of one sequence (mean)`,
    value: perSequence,
    unit: 'tokens/s',
  });
  record({ name: `${prefix}: tokens/s in all`, value: aggregate, unit: 'tokens/s' });
  if (aloneTokensPerSecond) {
    record({
      name: `${prefix}: in all against one visitor alone`,
      value: aggregate / aloneTokensPerSecond,
      unit: 'x',
      target: visitors >= 4 ? '>= 2.5 x' : undefined,
    });
  }
  record({
    name: `${prefix}: first token, slowest visitor`,
    value: Math.max(...runs.map((run) => run.firstMs)) / 1000,
    unit: 's',
  });
  record({ name: `${prefix}: all done`, value: wallSeconds, unit: 's' });
  record({ name: `${prefix}: resident after loading`, value: loadedMegabytes, unit: 'MB' });
  record({ name: `${prefix}: resident at the peak`, value: peakMegabytes, unit: 'MB' });
  await generator.close();
}
