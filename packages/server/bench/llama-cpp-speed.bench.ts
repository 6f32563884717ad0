/**
 * node-llama-cpp against llama.cpp's own llama-bench (built from source for this machine by
 * scripts/build-llama-cpp.mjs, ADR 055) on the same GGUF, threads and sizes: prompt tokens/s for
 * a 512-token prompt and generation tokens/s for 128 tokens, as llama-bench measures them (-p 512
 * -n 128). node-llama-cpp is measured two ways: decoding alone (llama-bench's own measure: one
 * token per step, no sampling) and generating (a sampler picks each token, as the writers do).
 *
 * BENCH_THREADS (default 2) and TEXT_MODEL choose the threads and the model. Run it on a quiet
 * machine: the load average is recorded with each figure.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import { getLlama, LlamaLogLevel, type LlamaContextSequence, type Token } from 'node-llama-cpp';
import { z } from 'zod';
import { loadConfig } from '../src/config.ts';
import { findTextModel } from '../src/providers/local/text/index.ts';
import { llamaCppPrograms } from '../test/helpers/llama-cpp.ts';
import { record } from './record.ts';

const PROMPT_TOKENS = 512;
const GENERATED_TOKENS = 128;
const RUNS = 3;
const THREADS = Number(process.env.BENCH_THREADS ?? 2);

const config = loadConfig();
const modelPath = findTextModel({ modelsDir: config.MODELS_DIR, textModel: config.TEXT_MODEL });
if (!modelPath) throw new Error('No text model: run npm run models');

const load = () => loadavg()[0]!.toFixed(2);

/** llama-bench's JSON lines: one per test, prompt (n_gen 0) or generation (n_prompt 0). */
const benchLineSchema = z.looseObject({
  n_prompt: z.number(),
  n_gen: z.number(),
  avg_ts: z.number(),
  stddev_ts: z.number(),
  flash_attn: z.union([z.boolean(), z.number()]).optional(),
  cpu_info: z.string().optional(),
  build_number: z.number().optional(),
});

function llamaBench() {
  const { bench } = llamaCppPrograms();
  const loadAtStart = load();
  const result = spawnSync(
    bench,
    [
      ['-m', modelPath!],
      ['-t', String(THREADS)],
      ['-p', String(PROMPT_TOKENS)],
      ['-n', String(GENERATED_TOKENS)],
      ['-r', String(RUNS)],
      ['-o', 'json'],
    ].flat(),
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`llama-bench failed: ${result.stderr}`);
  const lines = z.array(benchLineSchema).parse(JSON.parse(result.stdout));
  const prompt = lines.find((line) => line.n_gen === 0)!;
  const generation = lines.find((line) => line.n_prompt === 0)!;
  console.log(
    `llama-bench b${prompt.build_number} (${prompt.cpu_info}), flash attention ${prompt.flash_attn}, load ${loadAtStart} -> ${load()}`,
  );
  record({ name: 'llama-bench: prompt', value: prompt.avg_ts, unit: 'tokens/s' });
  record({ name: 'llama-bench: generation', value: generation.avg_ts, unit: 'tokens/s' });
  return { prompt: prompt.avg_ts, generation: generation.avg_ts };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function nodeLlamaCpp() {
  const llama = await getLlama({ build: 'never', gpu: false, logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath: modelPath! });
  const context = await model.createContext({
    contextSize: PROMPT_TOKENS + GENERATED_TOKENS + 64,
    batchSize: PROMPT_TOKENS,
    threads: { ideal: THREADS, min: THREADS },
  });
  const sequence = context.getSequence();
  const text = 'The lighthouse keeper counted the seals on the rocks below, one by one, at dawn. ';
  const promptTokens: Token[] = [];
  while (promptTokens.length < PROMPT_TOKENS) promptTokens.push(...model.tokenize(text));
  promptTokens.length = PROMPT_TOKENS;
  const loadAtStart = load();

  const timed = async (work: (sequence: LlamaContextSequence) => Promise<void>) => {
    await sequence.clearHistory();
    const started = performance.now();
    await work(sequence);
    return (performance.now() - started) / 1000;
  };
  const promptRun = () =>
    timed((sequence) => sequence.evaluateWithoutGeneratingNewTokens(promptTokens));
  const decodeRun = () =>
    timed(async (sequence) => {
      for (const token of promptTokens.slice(0, GENERATED_TOKENS)) {
        await sequence.evaluateWithoutGeneratingNewTokens([token]);
      }
    });
  const generateRun = () =>
    timed(async (sequence) => {
      let count = 0;
      // Greedy, as plain as sampling gets: the cost of node-llama-cpp's sampling step per token.
      for await (const token of sequence.evaluate([promptTokens[0]!], { temperature: 0 })) {
        void token;
        count += 1;
        if (count === GENERATED_TOKENS) break;
      }
    });

  // One of each first, as llama-bench warms up.
  await promptRun();
  await decodeRun();
  const prompt: number[] = [];
  const decode: number[] = [];
  const generate: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    prompt.push(PROMPT_TOKENS / (await promptRun()));
    decode.push(GENERATED_TOKENS / (await decodeRun()));
    generate.push(GENERATED_TOKENS / (await generateRun()));
  }
  console.log(
    `node-llama-cpp (${llama.buildType}, ${llama.systemInfo.trim()}), load ${loadAtStart} -> ${load()}`,
  );
  const figures = { prompt: median(prompt), decode: median(decode), generate: median(generate) };
  record({ name: 'node-llama-cpp: prompt', value: figures.prompt, unit: 'tokens/s' });
  record({
    name: 'node-llama-cpp: generation, decoding only',
    value: figures.decode,
    unit: 'tokens/s',
  });
  record({
    name: 'node-llama-cpp: generation, with sampling',
    value: figures.generate,
    unit: 'tokens/s',
  });
  await context.dispose();
  await model.dispose();
  await llama.dispose();
  return figures;
}

console.log(
  `\n${basename(modelPath)}, ${THREADS} threads, -p ${PROMPT_TOKENS} -n ${GENERATED_TOKENS}`,
);
const reference = llamaBench();
const ours = await nodeLlamaCpp();
const share = (value: number, of: number) => (100 * value) / of;
record({
  name: 'node-llama-cpp / llama-bench: prompt',
  value: share(ours.prompt, reference.prompt),
  unit: '%',
  target: '>= 90%',
});
record({
  name: 'node-llama-cpp / llama-bench: generation',
  value: share(ours.decode, reference.generation),
  unit: '%',
  target: '>= 90%',
});
