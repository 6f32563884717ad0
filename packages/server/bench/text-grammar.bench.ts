/**
 * What the writers' GBNF grammars cost per token (issue 21, item 2): the same story-part request on
 * the default model with and without its grammar, turn about, tokens per second and per
 * CPU-second. Every writer part runs under a grammar (writers/grammar.ts), so a grammar that
 * halves the speed would be worth a simpler one.
 *
 *   TEXT_THREADS=1 npm run bench -w @ai-tools/server -- text-grammar
 */
import { storyPartGrammar } from '../src/features/story/service.ts';
import { LANGUAGE_PROFILES } from '../src/writers/languages.ts';
import { record } from './record.ts';
import { loadTextModel } from './text-bench.ts';

const RUNS = 3;
/** The beginning of a 300-word English story, as the story writer asks for it. */
const REQUEST = {
  system:
    'You are a skilled storyteller. You write one part of a story at a time, following its plan.',
  prompt: [
    'An adventure story in English for kids 4-8, in a humorous tone.',
    'Theme: A lighthouse keeper and a lost seal.',
    'Write the beginning of the story, about 90 words.',
  ].join('\n'),
  maxTokens: 160,
  temperature: 0.7,
  seed: 7,
};

const generator = await loadTextModel();
const grammar = storyPartGrammar(LANGUAGE_PROFILES.English, 90);

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
const totals = { with: { tokens: 0, seconds: 0 }, without: { tokens: 0, seconds: 0 } };
for (let run = 1; run <= RUNS; run += 1) {
  for (const kind of ['without', 'with'] as const) {
    const cpuAtStart = process.cpuUsage();
    let cpuAtFirstText: NodeJS.CpuUsage | undefined;
    for await (const chunk of generator.generate({
      ...REQUEST,
      ...(kind === 'with' ? { grammar } : {}),
    })) {
      void chunk;
      cpuAtFirstText ??= process.cpuUsage(cpuAtStart);
    }
    const figures = generator.lastGeneration!;
    const tokens = figures.generatedTokens - 1;
    const seconds = (figures.totalMs - figures.firstTokenMs) / 1000;
    const cpu = cpuSeconds(process.cpuUsage(cpuAtStart)) - cpuSeconds(cpuAtFirstText ?? cpuAtStart);
    totals[kind].tokens += tokens;
    totals[kind].seconds += seconds;
    const name = `run ${run}, ${kind} grammar`;
    console.log(`  ${name}: ${figures.generatedTokens} tokens (${figures.stopReason})`);
    record({ name: `${name}: tokens per second`, value: tokens / seconds, unit: 'tokens/s' });
    record({ name: `${name}: tokens per CPU-second`, value: tokens / cpu, unit: 'tokens/CPU-s' });
  }
}
const speed = (kind: 'with' | 'without') => totals[kind].tokens / totals[kind].seconds;
record({ name: 'without grammar: tokens per second', value: speed('without'), unit: 'tokens/s' });
record({ name: 'with grammar: tokens per second', value: speed('with'), unit: 'tokens/s' });
record({
  name: 'grammar: speed kept',
  value: (100 * speed('with')) / speed('without'),
  unit: '%',
  target: '>= 90 %',
});
await generator.close();
