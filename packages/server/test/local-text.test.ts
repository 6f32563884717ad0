/**
 * Drives the real node-llama-cpp path with a tiny random GGUF written at test time: loading, the
 * model's chat template, streaming, max tokens, abort and the queue. The text is gibberish (random
 * weights); what is checked is the machinery.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WRITER_MESSAGES } from '@ai-tools/contracts';
import {
  createLocalTextGenerator,
  loadLlamaTextGenerator,
  type LlamaTextGenerator,
} from '../src/providers/local/text/index.ts';
import { writeTinyGguf } from './helpers/tiny-gguf.ts';
import { blogPlanGrammar, blogSectionGrammar } from '../src/features/blog/service.ts';
import { storyPartGrammar, storyPlanGrammar } from '../src/features/story/service.ts';
import { videoScriptSectionGrammar } from '../src/features/video-script/service.ts';
import { LANGUAGE_PROFILES } from '../src/writers/languages.ts';
import { proseRules, sentences } from '../src/writers/grammar.ts';
import { GRAMMAR_CACHE_SIZE } from '../src/providers/local/text/llama-text-generator.ts';
import { loadConfig } from '../src/config.ts';
import { TEXT_MODEL_FILES } from '../src/models/manifest.ts';
import {
  GenerationAbortedError,
  ProviderBusyError,
  ProviderUnavailableError,
} from '../src/errors.ts';

const directory = mkdtempSync(join(tmpdir(), 'local-text-'));
const modelPath = writeTinyGguf(join(directory, 'tiny.gguf'));
let generator: LlamaTextGenerator;

// The tiny model never ends its turn by itself, so each run goes to maxTokens or its abort.
const request = { system: 'You write short stories.', prompt: 'A story about a lighthouse.' };

async function collect(iterable: AsyncIterable<string>) {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

before(async () => {
  // One thread: spinning llama.cpp threads on a shared 2-core machine only slow a tiny model down.
  generator = await loadLlamaTextGenerator({ modelPath, maxWaiting: 1, threads: 1 });
});

after(async () => {
  await generator?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('local text generation (node-llama-cpp, tiny random model)', () => {
  test('reports the model file as a ready neural engine', () => {
    assert.deepEqual(generator.status(), { engine: 'tiny.gguf', tier: 'neural', ready: true });
  });

  test('with a seed, every engine writes the same text for the same request; without one it varies', async () => {
    // Engines loaded anew, as each test run or server start loads its own.
    const write = async (engine: LlamaTextGenerator) =>
      (await collect(engine.generate({ ...request, maxTokens: 30 }))).join('');
    const writeWithNewEngine = async (seed?: number) => {
      const engine = await loadLlamaTextGenerator({ modelPath, maxWaiting: 1, threads: 1, seed });
      try {
        return await write(engine);
      } finally {
        await engine.close();
      }
    };
    assert.equal(await writeWithNewEngine(7), await writeWithNewEngine(7));
    assert.notEqual(await writeWithNewEngine(7), await writeWithNewEngine(8));
    // Unseeded, two requests in the same second still differ (node-llama-cpp's own default seed is
    // the current second).
    assert.notEqual(await writeWithNewEngine(), await write(generator));
  });

  test('formats the conversation with the model’s own chat template', async () => {
    // The file carries a ChatML template; the model reads the system and user turns in it.
    assert.equal(generator.chatFormat, 'ChatML');
    await collect(generator.generate({ ...request, maxTokens: 3 }));
    const context = generator.contextText();
    assert.match(context, /<\|im_start\|>system\nYou write short stories\.<\|im_end\|>/);
    assert.match(context, /<\|im_start\|>user\nA story about a lighthouse\.<\|im_end\|>/);
    assert.match(context, /<\|im_start\|>assistant\n/);
  });

  test('streams several chunks and stops at maxTokens', async () => {
    // A chunk may hold several tokens (bytes of one character wait for each other), so the
    // token count comes from the engine's own meter.
    const long = await collect(generator.generate({ ...request, maxTokens: 40 }));
    assert.ok(long.length >= 10, `expected several chunks, got ${long.length}`);
    assert.ok(long.every((chunk) => chunk.length > 0));
    assert.equal(generator.lastGeneration?.generatedTokens, 40);
    assert.equal(generator.lastGeneration?.stopReason, 'maxTokens');

    // Four random tokens may all be bytes of one unfinished character, so no chunk is owed here;
    // what matters is that the engine stops at the fourth token.
    const short = await collect(generator.generate({ ...request, maxTokens: 4 }));
    assert.ok(short.length <= 4, `expected at most 4 chunks, got ${short.length}`);
    assert.equal(generator.lastGeneration?.generatedTokens, 4);
    assert.equal(generator.lastGeneration?.stopReason, 'maxTokens');
  });

  test('a blog plan grammar with keywords parses and holds the title; parsed grammars never pile up', async () => {
    // Keywords are visitor text: quotes and backslashes must stay text inside the grammar.
    const title = await collect(
      generator.generate({
        ...request,
        maxTokens: 12,
        grammar: blogPlanGrammar(['say "hi" \\ there', 'flow']),
      }),
    );
    const written = title.join('');
    assert.ok(written.length > 2, written);
    assert.ok(
      'Title: Say "hi" \\ there'.startsWith(written) ||
        written.startsWith('Title: Say "hi" \\ there'),
      written,
    );

    for (let index = 0; index <= GRAMMAR_CACHE_SIZE; index += 1) {
      await collect(
        generator.generate({
          ...request,
          maxTokens: 1,
          grammar: blogPlanGrammar([`keyword ${index}`]),
        }),
      );
    }
    assert.equal(generator.cachedGrammars, GRAMMAR_CACHE_SIZE);
  });

  test('every writer part grammar parses and holds what it writes to its shape', async () => {
    const english = LANGUAGE_PROFILES.English;
    const japanese = LANGUAGE_PROFILES.Japanese;
    const grammars = {
      blogSection: blogSectionGrammar({ topic: 'Water', keywords: [], profile: english }),
      storyJapanese: storyPartGrammar(japanese, 100),
      storyEnglish: storyPartGrammar(english, 100),
      storyOpeningOnAName: storyPartGrammar(japanese, 60, 'ミケ'),
      scriptSection: videoScriptSectionGrammar(english, {
        name: 'Hook',
        fromSecond: 0,
        toSecond: 5,
        words: 12,
      }),
    };
    for (const [name, grammar] of Object.entries(grammars)) {
      const written = (
        await collect(generator.generate({ ...request, maxTokens: 40, grammar }))
      ).join('');
      assert.ok(written.length > 0, name);
      if (name === 'storyOpeningOnAName') assert.ok(written.startsWith('ミケ'), written);
      // No markup but the script's own bold labels.
      // (A label at the end may be cut by maxTokens: "- **On-screen text".)
      const text = written.replace(/^- \*\*[^*\n]*(?::\*\* |$)/gm, '');
      assert.doesNotMatch(text, /[#*_<>{}[\]|~`]/u, `${name}: ${written}`);
      // A hyphen only joins a letter or digit after it (or ends where maxTokens cut the text).
      assert.doesNotMatch(text.replace(/^- /gm, ''), /-(?![\p{L}\p{N}]|$)/u, `${name}: ${written}`);
    }
  });

  test('a story plan line is one short sentence: a Japanese plan cannot loop on one line', async () => {
    const japanese = LANGUAGE_PROFILES.Japanese;
    const written = (
      await collect(
        generator.generate({ ...request, maxTokens: 400, grammar: storyPlanGrammar(japanese) }),
      )
    ).join('');
    const lines = written
      .split('\n')
      .filter((line) => /^(?:Characters|Place|Beginning|Middle|Ending): /.test(line));
    assert.ok(lines.length > 0, written);
    for (const line of lines) {
      const sentence = line.slice(line.indexOf(': ') + 2);
      // 30 words of about 2 characters: 60 grammar characters, each at most 3 letters ("2.5",
      // "a-b"), where a sentence of the story itself may have 320.
      assert.ok(sentence.length <= 3 * 60, `${sentence.length} characters: ${line}`);
    }
  });

  test('a heading: a letter first, a comma or colon only between two words, ? or ! only at its end', async () => {
    const written = (
      await collect(
        generator.generate({
          ...request,
          // Enough for the longest title the grammar allows (18 words of at most 30 letters), one
          // token a character: how long the random model's title is depends on how its prompt
          // was read, in pieces timed on the machine's speed (ADR 057).
          maxTokens: 600,
          grammar: blogPlanGrammar([], LANGUAGE_PROFILES.English),
        }),
      )
    ).join('');
    const title = /^Title: (.*)\n/m.exec(written)?.[1];
    assert.ok(title, `a whole title line: ${written}`);
    // The random model writes whatever the grammar allows: what it cannot write is held by it.
    const [lead = '', ...rest] = title.split(' ');
    const last = rest.pop();
    if (last === undefined) {
      assert.match(lead, /^\p{L}[^\s,:?!.]*[?!]?$/u, title);
    } else {
      assert.match(lead, /^\p{L}[^\s,:?!.]*[,:]?$/u, title);
      for (const word of rest) assert.match(word, /^[^\s,:?!.]+[,:]?$/u, title);
      assert.match(last, /^[^\s,:?!.]+[?!]?$/u, title);
    }
  });

  test("a script section's B-roll line never asks or exclaims, and its voice-over has no fragment", async () => {
    const grammar = videoScriptSectionGrammar(LANGUAGE_PROFILES.English, {
      name: 'Hook',
      fromSecond: 0,
      toSecond: 3,
      words: 4,
    });
    // Seeded, so each prompt gives the same text every run: the random model writes whatever the
    // grammar allows, and with a heading's end mark, takes 2, 3 and 4 ended this line on "!".
    const seeded = await loadLlamaTextGenerator({ modelPath, maxWaiting: 1, threads: 1, seed: 7 });
    try {
      for (let take = 1; take <= 6; take += 1) {
        const prompt = `${request.prompt} Take ${take}.`;
        const written = (
          await collect(seeded.generate({ ...request, prompt, maxTokens: 2000, grammar }))
        ).join('');
        const shot = /^- \*\*B-roll:\*\* (.*)$/m.exec(written)?.[1];
        assert.ok(shot, `take ${take}: a whole B-roll line in ${written}`);
        assert.doesNotMatch(shot, /[?!]$/u, `take ${take}`);
        // Each spoken sentence has four words' worth of characters at least, no "Here's how!".
        const spoken = /^- \*\*Voiceover:\*\* (.*)$/m.exec(written)?.[1] ?? '';
        for (const sentence of spoken.split(/(?<=[.!?…]["'’”»)]?) /u)) {
          assert.ok(sentence.length >= 24, `take ${take}: "${sentence}" in ${spoken}`);
        }
      }
    } finally {
      await seeded.close();
    }
  });

  test('sentences(n) writes at most n sentences: a full stop inside one is not possible', async () => {
    const grammar = [
      `root ::= ${sentences(2)}`,
      proseRules(LANGUAGE_PROFILES.English.writingSystem),
    ].join('\n');
    const written = (
      await collect(generator.generate({ ...request, maxTokens: 150, grammar }))
    ).join('');
    const stops = written.replace(/\d\.\d/g, '').match(/[.!?…]/g) ?? [];
    assert.ok(stops.length <= 2, written);
    assert.doesNotMatch(
      written,
      /^[^\p{Lu}"“«¿¡「『]/u,
      'a sentence starts with a capital or an opening quote',
    );
  });

  test('sentences(most, least) writes at least its least: a model cannot end after one sentence', async () => {
    const grammar = [
      `root ::= ${sentences(3, 3)}`,
      proseRules(LANGUAGE_PROFILES.English.writingSystem),
    ].join('\n');
    // Three sentences of at most SENTENCE_CHARACTERS each end the grammar well before this bound.
    const written = (
      await collect(generator.generate({ ...request, maxTokens: 1200, grammar }))
    ).join('');
    const stops = written.replace(/\d\.\d/g, '').match(/[.!?…]+/g) ?? [];
    assert.equal(stops.length, 3, written);
  });

  test('aborting the signal stops the generation promptly and frees the queue', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    await assert.rejects(async () => {
      for await (const chunk of generator.generate({
        ...request,
        maxTokens: 1500,
        signal: controller.signal,
      })) {
        chunks.push(chunk);
        if (chunks.length === 3) controller.abort();
      }
    }, GenerationAbortedError);
    assert.equal(chunks.length, 3, 'no chunk is delivered after the abort');
    // The engine itself stopped, long before its 1500 tokens.
    assert.equal(generator.lastGeneration?.stopReason, 'abort');
    assert.ok(generator.lastGeneration.generatedTokens < 100);
    assert.deepEqual(generator.queueSize, { running: 0, waiting: 0 });
  });

  test('a consumer that stops reading stops the engine', async () => {
    let count = 0;
    for await (const chunk of generator.generate({ ...request, maxTokens: 1500 })) {
      assert.equal(typeof chunk, 'string');
      count += 1;
      if (count === 2) break;
    }
    // The engine itself stopped, long before its 1500 tokens.
    assert.equal(generator.lastGeneration?.stopReason, 'abort');
    assert.ok(generator.lastGeneration.generatedTokens < 100);
    assert.deepEqual(generator.queueSize, { running: 0, waiting: 0 });
  });

  test('an already aborted signal never starts', async () => {
    await assert.rejects(
      collect(generator.generate({ ...request, maxTokens: 10, signal: AbortSignal.abort() })),
      GenerationAbortedError,
    );
  });

  test('a full queue answers ProviderBusyError with the busy message', async () => {
    const running = new AbortController();
    const waiting = new AbortController();
    const first = generator.generate({ ...request, maxTokens: 1500, signal: running.signal });
    const firstIterator = first[Symbol.asyncIterator]();
    await firstIterator.next(); // the first generation is running
    const second = collect(
      generator.generate({ ...request, maxTokens: 5, signal: waiting.signal }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(generator.queueSize, { running: 1, waiting: 1 });

    await assert.rejects(collect(generator.generate({ ...request, maxTokens: 5 })), (error) => {
      assert.ok(error instanceof ProviderBusyError);
      assert.match(error.message, /^The server is busy: 2 requests are ahead of yours/);
      return true;
    });

    running.abort();
    await assert.rejects(firstIterator.next(), GenerationAbortedError);
    // The waiting generation gets its turn once the first stops.
    const chunks = await second;
    assert.ok(chunks.length > 0);
    assert.deepEqual(generator.queueSize, { running: 0, waiting: 0 });
  });
});

describe('several generations at once (TEXT_PARALLEL), tiny random model', () => {
  let engine: LlamaTextGenerator;
  before(async () => {
    engine = await loadLlamaTextGenerator({ modelPath, maxWaiting: 1, threads: 1, parallel: 2 });
  });
  after(async () => {
    await engine?.close();
  });

  test('two visitors write at the same time on two sequences; a third waits for a free one', async () => {
    assert.equal(engine.parallel, 2);
    const first = engine.generate({ ...request, maxTokens: 1500, visitor: 'a' });
    const second = engine.generate({ ...request, maxTokens: 1500, visitor: 'b' });
    const firstIterator = first[Symbol.asyncIterator]();
    const secondIterator = second[Symbol.asyncIterator]();
    // Both stream before either ends: neither waited for the other.
    assert.equal((await firstIterator.next()).done, false);
    assert.equal((await secondIterator.next()).done, false);
    assert.equal((await firstIterator.next()).done, false);
    assert.deepEqual(engine.queueSize, { running: 2, waiting: 0 });

    const third = collect(engine.generate({ ...request, maxTokens: 20, visitor: 'c' }));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(engine.queueSize, { running: 2, waiting: 1 });
    await firstIterator.return?.();
    assert.ok((await third).length > 0, 'the third writes once a sequence is free');
    await secondIterator.return?.();
    assert.deepEqual(engine.queueSize, { running: 0, waiting: 0 });
  });

  test('a writer’s turn keeps its sequence between its parts: a newcomer waits', async () => {
    // A short first generation marks the sequence the other visitor's long one will take.
    await collect(engine.generate({ ...request, maxTokens: 2, visitor: 'b' }));
    const otherSequence = engine.lastGeneration?.sequence;
    const other = engine.generate({ ...request, maxTokens: 1500, visitor: 'b' });
    const otherIterator = other[Symbol.asyncIterator]();
    await otherIterator.next();
    let newcomer: Promise<string[]> | undefined;
    const sequences = await engine.inTurn({ visitor: 'a', expectedTokens: 30 }, async (turn) => {
      await collect(turn.generate({ ...request, maxTokens: 5 }));
      const planSequence = engine.lastGeneration?.sequence;
      // Between two parts the turn still holds its sequence: the newcomer cannot take it.
      // Enough tokens that the random model writes some text: a few may all be pieces of one
      // character, which stream nothing.
      newcomer = collect(engine.generate({ ...request, maxTokens: 20, visitor: 'c' }));
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(engine.queueSize, { running: 2, waiting: 1 });
      await collect(turn.generate({ ...request, maxTokens: 5 }));
      return [planSequence, engine.lastGeneration?.sequence];
    });
    assert.equal(sequences[0], sequences[1], 'every part on the sequence of the plan');
    assert.notEqual(sequences[0], otherSequence);
    assert.ok((await newcomer!).length > 0, 'the newcomer writes once the turn has ended');
    await otherIterator.return?.();
    assert.deepEqual(engine.queueSize, { running: 0, waiting: 0 });
  });
});

describe('createLocalTextGenerator', () => {
  test('without a model, the text capability refuses with how to enable it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-models-'));
    try {
      const text = await createLocalTextGenerator({ modelsDir: empty });
      assert.equal(text.status().ready, false);
      assert.equal(text.status().detail, WRITER_MESSAGES.textGenerationUnavailable);
      await assert.rejects(
        collect(text.generate({ ...request, maxTokens: 5 })),
        ProviderUnavailableError,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test('a file that is not a model leaves the capability unavailable, not crashed', async () => {
    const broken = join(directory, 'broken.gguf');
    writeFileSync(broken, 'not a model');
    const errors: unknown[] = [];
    const text = await createLocalTextGenerator({
      modelsDir: directory,
      textModel: broken,
      onLoadError: (error) => errors.push(error),
    });
    assert.equal(text.status().ready, false);
    assert.equal(text.status().detail, WRITER_MESSAGES.textModelUnreadable);
    assert.equal(errors.length, 1);
  });

  test('TEXT_MODEL as a path loads that file', async () => {
    const text = await createLocalTextGenerator({
      modelsDir: tmpdir(),
      textModel: modelPath,
      threads: 1,
    });
    try {
      assert.deepEqual(text.status(), { engine: 'tiny.gguf', tier: 'neural', ready: true });
      const chunks = await collect(text.generate({ ...request, maxTokens: 5 }));
      assert.ok(chunks.join('').length > 0);
    } finally {
      await text.close();
    }
  });
});

describe('what the engine tells of the languages its model writes poorly', () => {
  test('a model of the manifest names them in its status; any other GGUF file names none', async () => {
    const { MODELS_DIR } = loadConfig();
    const text = await createLocalTextGenerator({
      modelsDir: MODELS_DIR,
      textModel: 'smollm2-135m',
      threads: 1,
    });
    try {
      const weakLanguages = text.status().weakLanguages ?? [];
      // SmolLM2 was trained on English: the story page warns of every other language.
      assert.ok(weakLanguages.includes('Tamil'), JSON.stringify(weakLanguages));
      assert.ok(weakLanguages.includes('Spanish'));
      assert.ok(!weakLanguages.includes('English'));
    } finally {
      await text.close();
    }
    const other = await createLocalTextGenerator({ modelsDir: tmpdir(), textModel: modelPath });
    try {
      assert.equal(other.status().weakLanguages, undefined);
    } finally {
      await other.close();
    }
  });
});

describe('reading a long prompt (SmolLM2-135M, the small real model)', () => {
  let smolLm: LlamaTextGenerator;
  /** About 900 tokens: seconds of reading on one thread (about 125 tokens/s), inside the context. */
  const longBrief = {
    system: 'You write short stories.',
    prompt: `Notes for the story:\n${'The lighthouse keeper counted the ships that passed in the night, and wrote each name in a blue book. '.repeat(40)}\nWrite the story.`,
  };

  before(async () => {
    const { MODELS_DIR } = loadConfig();
    smolLm = await loadLlamaTextGenerator({
      modelPath: join(MODELS_DIR, TEXT_MODEL_FILES.smolLm135),
      maxWaiting: 1,
      threads: 1,
    });
  });
  after(() => smolLm?.close());

  // node-llama-cpp reads 0 as no limit, and a context made so never wrote a token here (the
  // random tiny model did): the writers' benchmark hung at 200% CPU on TEXT_THREADS' default.
  test(
    '0 threads (TEXT_THREADS unset) is every math core, and the engine writes',
    { timeout: 60_000 },
    async () => {
      const { MODELS_DIR } = loadConfig();
      const engine = await loadLlamaTextGenerator({
        modelPath: join(MODELS_DIR, TEXT_MODEL_FILES.smolLm135),
        maxWaiting: 1,
        threads: 0,
      });
      try {
        assert.ok(engine.threads >= 1, `threads: ${engine.threads}`);
        await collect(engine.generate({ ...longBrief, maxTokens: 3 }));
        assert.equal(engine.lastGeneration?.generatedTokens, 3);
      } finally {
        await engine.close();
      }
    },
  );

  test('the prompt is read once: the chat session finds it already read', async () => {
    await collect(smolLm.generate({ ...longBrief, maxTokens: 4 }));
    const figures = smolLm.lastGeneration!;
    const promptTokens = smolLm.tokenCount(smolLm.contextText()) - figures.generatedTokens;
    assert.ok(promptTokens > 800, `${promptTokens} prompt tokens`);
    // Each written token but the last is read back as the next step's input.
    assert.ok(
      figures.promptTokensRead <= promptTokens + figures.generatedTokens,
      `${figures.promptTokensRead} tokens read for a prompt of ${promptTokens}`,
    );
  });

  test('Stop while the prompt is read stops the reading, not only the writing after it', async () => {
    const controller = new AbortController();
    // Unlike the last prompt from its first word: nothing of it is in the sequence already.
    const brief = { ...longBrief, prompt: `A storm is coming. ${longBrief.prompt}` };
    const stopped = collect(
      smolLm.generate({ ...brief, maxTokens: 50, signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(stopped, GenerationAbortedError);
    const figures = smolLm.lastGeneration!;
    assert.equal(figures.stopReason, 'abort');
    assert.equal(figures.generatedTokens, 0);
    const promptTokens = smolLm.tokenCount(brief.system + brief.prompt);
    assert.ok(
      figures.promptTokensRead < promptTokens / 2,
      `${figures.promptTokensRead} of ${promptTokens} tokens read after a Stop at 200 ms`,
    );
    assert.deepEqual(smolLm.queueSize, { running: 0, waiting: 0 });
  });
});
