/**
 * Speculative decoding (issue 21, item 2): the same story beginning on the default model alone,
 * with Qwen2.5-Coder-0.5B-Instruct (same tokenizer) guessing ahead as its draft model through
 * node-llama-cpp's DraftSequenceTokenPredictor, and with its InputLookupTokenPredictor (guesses
 * copied from the prompt). Tokens per second from the first token to the last, and how many
 * guesses the model kept and refused. The figures behind ADR 060: on this CPU no predictor pays,
 * so the text engine uses none.
 *
 *   npm run models -- --only qwen2.5-coder-0.5b     the draft model, once
 *   npm run bench -w @ai-tools/server -- text-draft
 *   DRAFTS=4-8-0.6,2-4-0.3 ...      the draft's least and most tokens ahead and least confidence
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  DraftSequenceTokenPredictor,
  getLlama,
  InputLookupTokenPredictor,
  LlamaChatSession,
  LlamaLogLevel,
  type LlamaContext,
  type TokenPredictor,
} from 'node-llama-cpp';
import { loadConfig } from '../src/config.ts';
import { TEXT_MODEL_FILES } from '../src/models/manifest.ts';
import { record } from './record.ts';

const SYSTEM = 'You are a skilled storyteller.';
const PROMPT =
  'An adventure story in English for kids 4-8, in a humorous tone. Theme: A lighthouse keeper and a lost seal. Write the beginning of the story, about 90 words.';
const MAX_TOKENS = 160;

const config = loadConfig();
const modelPath = join(config.MODELS_DIR, TEXT_MODEL_FILES.qwenCoder15);
const draftModelPath = join(config.MODELS_DIR, TEXT_MODEL_FILES.qwenCoder05);
if (!existsSync(modelPath) || !existsSync(draftModelPath)) {
  console.log('Run `npm run models -- --only qwen2.5-coder-1.5b,qwen2.5-coder-0.5b` first.');
  process.exit(0);
}
const threads = config.TEXT_THREADS || 2;
const llama = await getLlama({ build: 'never', gpu: false, logLevel: LlamaLogLevel.error });
const model = await llama.loadModel({ modelPath, useMmap: false });
const draftModel = await llama.loadModel({ modelPath: draftModelPath, useMmap: false });
console.log(`${basename(modelPath)}, draft ${basename(draftModelPath)}, ${threads} threads`);

/** "least-most-confidence" of each draft setting tried: node-llama-cpp's default is 0-16-0.6. */
const drafts = (process.env.DRAFTS ?? '0-16-0.6,4-8-0.6,2-4-0.3').split(',').map((setting) => {
  const [least = 0, most = 16, confidence = 0.6] = setting.split('-').map(Number);
  return { least, most, confidence };
});

interface Predictor {
  name: string;
  make: () => Promise<{ predictor?: TokenPredictor; context?: LlamaContext }>;
}
const predictors: Predictor[] = [
  { name: 'alone', make: async () => ({}) },
  ...drafts.map(({ least, most, confidence }) => ({
    name: `draft ${least}-${most} tokens, confidence ${confidence}`,
    make: async () => {
      const context = await draftModel.createContext({ contextSize: 2048, threads });
      const predictor = new DraftSequenceTokenPredictor(context.getSequence(), {
        minTokens: least,
        maxTokens: most,
        minConfidence: confidence,
      });
      return { predictor, context };
    },
  })),
  { name: 'input lookup', make: async () => ({ predictor: new InputLookupTokenPredictor() }) },
];

for (const { name, make } of predictors) {
  const context = await model.createContext({ contextSize: 2048, threads });
  const { predictor, context: draftContext } = await make();
  const sequence = context.getSequence(predictor ? { tokenPredictor: predictor } : {});
  const session = new LlamaChatSession({ contextSequence: sequence, systemPrompt: SYSTEM });
  let firstTokenAt: number | undefined;
  let tokens = 0;
  await session.prompt(PROMPT, {
    maxTokens: MAX_TOKENS,
    temperature: 0.7,
    seed: 7,
    onToken: (written) => {
      firstTokenAt ??= performance.now();
      tokens += written.length;
    },
  });
  const seconds = (performance.now() - (firstTokenAt ?? performance.now())) / 1000;
  const { validated, refuted } = sequence.tokenPredictions;
  console.log(`  ${name}: ${tokens} tokens, guesses kept ${validated}, refused ${refuted}`);
  record({ name: `${name}: tokens per second`, value: (tokens - 1) / seconds, unit: 'tokens/s' });
  await context.dispose();
  await draftContext?.dispose();
}
await draftModel.dispose();
await model.dispose();
await llama.dispose();
