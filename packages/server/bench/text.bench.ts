/**
 * Text generation: load time, time to first token, tokens per second, and the event loop's worst
 * delay while a generation runs (the server must stay responsive: /api/health within 100 ms).
 * Measures the model the server would use (TEXT_MODEL); without one, a
 * generated tiny random model and a larger random stand-in, which say nothing about real speed.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import { findTextModel, loadLlamaTextGenerator } from '../src/providers/local/text/index.ts';
import { TINY_MODEL_SHAPE, writeTinyGguf, type TinyModelShape } from '../test/helpers/tiny-gguf.ts';
import { record } from './record.ts';

const RUNS = 3;
const MAX_TOKENS = 200;
/** A typical writer prompt: a part of a 300-word English story. */
const REQUEST = {
  system:
    'You are a skilled storyteller. You write one part of a story at a time, following its plan.',
  prompt: [
    'An adventure story in English for kids 4-8, in a humorous tone.',
    'Theme: A lighthouse keeper and a lost seal.',
    'Write the beginning of the story, about 90 words.',
  ].join('\n'),
  maxTokens: MAX_TOKENS,
};

/** About a tenth of Qwen2.5-0.5B's work per token, in F32: shows the event loop under real load. */
const STAND_IN_SHAPE: TinyModelShape = {
  embeddingLength: 512,
  blockCount: 12,
  feedForwardLength: 2048,
  headCount: 8,
  contextLength: 2048,
  seed: 11,
};

async function measure(label: string, modelPath: string) {
  const megabytes = (statSync(modelPath).size / 1_000_000).toFixed(1);
  console.log(`\n${label}: ${basename(modelPath)} (${megabytes} MB)`);
  const loadStarted = performance.now();
  const generator = await loadLlamaTextGenerator({ modelPath });
  const loadMs = performance.now() - loadStarted;
  record({ name: `${label}: load time`, value: loadMs / 1000, unit: 's' });

  const delay = monitorEventLoopDelay({ resolution: 10 });
  for (let run = 1; run <= RUNS; run += 1) {
    delay.reset();
    delay.enable();
    const cpuAtStart = process.cpuUsage();
    let cpuAtFirstText: NodeJS.CpuUsage | undefined;
    for await (const chunk of generator.generate({ ...REQUEST, temperature: 0.7 })) {
      void chunk;
      cpuAtFirstText ??= process.cpuUsage(cpuAtStart);
    }
    delay.disable();
    const figures = generator.lastGeneration!;
    const generationSeconds = (figures.totalMs - figures.firstTokenMs) / 1000;
    const tokensPerSecond = (figures.generatedTokens - 1) / generationSeconds;
    // On a shared machine the wall clock counts other programs' turns too; the CPU time this
    // process spent tells what the same work takes on free cores.
    const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
    const promptCpuSeconds = cpuSeconds(cpuAtFirstText ?? cpuAtStart);
    const tokensPerCpuSecond =
      (figures.generatedTokens - 1) / (cpuSeconds(process.cpuUsage(cpuAtStart)) - promptCpuSeconds);
    const name = `${label}, run ${run}`;
    console.log(`  ${name}: ${figures.generatedTokens} tokens (${figures.stopReason})`);
    record({
      name: `${name}: time to first token`,
      value: figures.firstTokenMs / 1000,
      unit: 's',
      target: '< 3 s',
    });
    record({
      name: `${name}: tokens per second`,
      value: tokensPerSecond,
      unit: 'tokens/s',
      target: '>= 8 tokens/s',
    });
    record({ name: `${name}: event loop worst delay`, value: delay.max / 1e6, unit: 'ms' });
    // What free cores would give: see the CPU time above.
    record({ name: `${name}: CPU time to first token`, value: promptCpuSeconds, unit: 'CPU-s' });
    record({
      name: `${name}: tokens per CPU-second`,
      value: tokensPerCpuSecond,
      unit: 'tokens/CPU-s',
    });
  }
  await generator.close();
}

const config = loadConfig();
const modelPath = findTextModel({
  modelsDir: config.MODELS_DIR,
  textModel: config.TEXT_MODEL,
});
if (modelPath) {
  await measure('Text model', modelPath);
} else {
  console.log(
    'No text model in MODELS_DIR (run `npm run models`): measuring generated random models instead.\n' +
      'Their speed says little about a real model; the event-loop delay is what they show.',
  );
  const scratch = mkdtempSync(join(tmpdir(), 'text-bench-'));
  try {
    await measure(
      'Tiny random model (the tests’ model)',
      writeTinyGguf(join(scratch, 'tiny.gguf'), TINY_MODEL_SHAPE),
    );
    await measure(
      'Random stand-in, 12 layers x 512',
      writeTinyGguf(join(scratch, 'stand-in.gguf'), STAND_IN_SHAPE),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
