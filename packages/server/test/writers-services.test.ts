import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  STORY_CUSTOM_THEME,
  STORY_THEMES,
  storyRequestSchema,
  type StoryRequest,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import {
  cleanModelOutput,
  collectText,
  countWords,
  trimToSentences,
  writerContext,
  WritingTooSlowError,
} from '../src/writers/writing.ts';
import { markdownToPlainText } from '../src/text/markdown.ts';
import {
  joinContinuation,
  STORY_MAX_CONTINUATIONS,
  storyPrompt,
  writeStory,
} from '../src/features/story/service.ts';
import {
  videoScriptPrompt,
  scriptSections,
  videoScriptMaxTokens,
  writeVideoScript,
} from '../src/features/video-script/service.ts';
import { writeBlog } from '../src/features/blog/service.ts';
import {
  hangingTextGenerator,
  scriptedTextGenerator,
  sentences,
} from './helpers/writers-text-generator.ts';
import { EmptyResultError, GenerationAbortedError, ProviderFailedError } from '../src/errors.ts';

const MINUTE = 60_000;

function story(overrides: Partial<StoryRequest> = {}): StoryRequest {
  return storyRequestSchema.parse({
    language: 'English',
    storyType: 'adventure',
    audience: 'kids 4-8',
    tone: 'humorous',
    topic: 'The hunt for a hidden treasure',
    storyLength: 300,
    additionalInfo: '',
    ...overrides,
  });
}

// ---------------------------------------------------------------- cleaning

test('cleaning removes chatter around the answer and keeps its markdown', () => {
  const raw =
    "<think>The user wants a script.</think>\nSure! Here's your script:\n\n```markdown\n# Morning habits\n\n**Hook (0:00-0:03)** Wake up.\n```\n\nLet me know if you'd like any changes!";
  assert.equal(cleanModelOutput(raw), '# Morning habits\n\n**Hook (0:00-0:03)** Wake up.');
  assert.equal(
    cleanModelOutput(
      'Certainly! Here is a blog post about sleep:\n# Sleep better\n\nText.\n\nI hope this helps!',
    ),
    '# Sleep better\n\nText.',
  );
  // Titles and text that merely start like chatter stay.
  for (const story of [
    'Great Expectations\n\nPip was an orphan.',
    'Here Comes the Sun\n\nMorning broke.',
    'Okay Then\n\nShe left.',
  ]) {
    assert.equal(cleanModelOutput(story), story);
  }
  assert.equal(
    cleanModelOutput("Here's a 300-word adventure story for kids.\n\nThe Map\n\nTom found a map."),
    'The Map\n\nTom found a map.',
  );
  assert.equal(
    cleanModelOutput('# Title\n\nHere is the secret: rest.'),
    '# Title\n\nHere is the secret: rest.',
  );
});

test('cleaning takes out raw HTML an answer echoed, and keeps code and comparisons as written', () => {
  assert.equal(
    cleanModelOutput(
      '# <script>alert(1)</script>: Web Security Basics\n\nUse <b>strong</b> passwords.<!-- x -->\n\n<div onclick="steal()">\nA block.\n</div>\n\nKeep `<br>` and 3 < 4 > 2.\n\n```html\n<p>an example</p>\n```',
    ),
    '# alert(1): Web Security Basics\n\nUse strong passwords.\n\nA block.\n\nKeep `<br>` and 3 < 4 > 2.\n\n```html\n<p>an example</p>\n```',
  );
});

test('the story loses its markdown but keeps its paragraphs', () => {
  const text = markdownToPlainText(
    '# The Fox\n\n**Once** upon a *time*, a [fox](https://example.com) ran.\n\n- It hid.\n- It slept.\n\n---\n\nThe_end stays 2*3*4.',
  );
  assert.equal(
    text,
    'The Fox\n\nOnce upon a time, a fox ran.\n\nIt hid.\nIt slept.\n\nThe_end stays 2*3*4.',
  );
  // A title written as a hashtag, as Qwen2.5 1.5B did once.
  assert.equal(markdownToPlainText('#LostKiteAdventure\n\nOnce.'), 'LostKiteAdventure\n\nOnce.');
});

test('words are counted in scripts without spaces too', () => {
  assert.equal(countWords("Don't stop: the quick brown fox, 3 times!"), 8);
  assert.ok(countWords('我喜欢吃苹果。今天天气很好。', 'zh') >= 6);
  assert.equal(countWords('राम ने एक कहानी लिखी।', 'hi'), 5);
});

test('trimming keeps whole sentences, and "Mr." does not end one', () => {
  assert.equal(
    trimToSentences('One two three. Four five six. Seven eight nine.', 7),
    'One two three. Four five six.',
  );
  assert.equal(
    trimToSentences('Mr. Brown came home late. He slept.', 5),
    'Mr. Brown came home late.',
  );
  assert.equal(
    trimToSentences('राम ने एक कहानी लिखी। फिर वह सो गया।', 6, 'hi'),
    'राम ने एक कहानी लिखी।',
  );
});

// ---------------------------------------------------------------- collecting the stream

// The deadline is an hour away: only the visitor's abort can end the collection before the
// test's own time limit, which guards against a hang and measures nothing.
test(
  'a visitor who leaves stops the generation at once, even from an engine that hangs',
  { timeout: MINUTE },
  async () => {
    const generator = hangingTextGenerator();
    const visitor = new AbortController();
    // The visitor leaves while the engine hangs mid-generation.
    void generator.hanging.then(() => visitor.abort());
    await assert.rejects(
      collectText(writerContext(generator, visitor.signal, 60 * MINUTE), {
        system: 's',
        prompt: 'p',
        maxTokens: 10,
      }),
      GenerationAbortedError,
    );
    assert.equal(generator.returned, true, 'the stream was told to stop');
  },
);

test('the deadline stops a generation with a message that says what to do', async () => {
  await assert.rejects(
    collectText(writerContext(hangingTextGenerator(), undefined, 80), {
      system: 's',
      prompt: 'p',
      maxTokens: 10,
    }),
    (error: unknown) =>
      error instanceof ProviderFailedError && error.message === WRITER_MESSAGES.writingTooSlow,
  );
});

test('the generator gets the signal, the prompts and the token budget', async () => {
  const generator = scriptedTextGenerator(['Hello there.']);
  const text = await collectText(writerContext(generator, undefined, MINUTE), {
    system: 'system text',
    prompt: 'prompt text',
    maxTokens: 42,
  });
  assert.equal(text, 'Hello there.');
  const [request] = generator.requests;
  assert.equal(request?.system, 'system text');
  assert.equal(request?.prompt, 'prompt text');
  assert.equal(request?.maxTokens, 42);
  assert.ok(request?.signal instanceof AbortSignal);
});

// ---------------------------------------------------------------- the story's length

test('a story within 15% is returned as written, without markdown', async () => {
  const generator = scriptedTextGenerator([`# The Treasure\n\n${sentences(300)}`]);
  const result = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.equal(generator.requests.length, 1);
  assert.ok(result.story.startsWith('The Treasure\n\n'));
  assert.equal(result.wordCount, countWords(result.story));
  assert.ok(result.wordCount >= 255 && result.wordCount <= 345, String(result.wordCount));
});

test('a short story is continued from where it stopped until it is long enough', async () => {
  const opening = `The Treasure\n\n${sentences(100)}`;
  const generator = scriptedTextGenerator([opening, sentences(100, 'hare'), sentences(100, 'owl')]);
  const result = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.equal(generator.requests.length, 3);
  const continuation = generator.requests[1];
  assert.match(continuation?.prompt ?? '', /Continue it/);
  assert.ok(continuation?.prompt.includes(sentences(100)), 'the story so far is in the prompt');
  assert.match(continuation?.prompt ?? '', /about 198 more words/);
  assert.ok(result.story.startsWith(opening));
  assert.ok(result.wordCount >= 255 && result.wordCount <= 345, String(result.wordCount));
});

test('a long story is trimmed at a sentence boundary to within 15%', async () => {
  const generator = scriptedTextGenerator([`The Treasure\n\n${sentences(600)}`]);
  const result = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.equal(generator.requests.length, 1);
  assert.ok(result.wordCount <= 345 && result.wordCount >= 255, String(result.wordCount));
  assert.ok(result.story.endsWith('field.'));
});

test('an unfinished last sentence is dropped when the rest is long enough', async () => {
  const generator = scriptedTextGenerator([`${sentences(300)} And then the fox`]);
  const result = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.equal(generator.requests.length, 1);
  assert.ok(result.story.endsWith('field.'));
});

test('continuations are bounded: a model that keeps stopping short still gets an answer', async () => {
  const replies = ['fox', 'hare', 'owl', 'cat', 'dog'].map((animal) => sentences(20, animal));
  const generator = scriptedTextGenerator(replies);
  const result = await writeStory(
    story({ storyLength: 1000 }),
    writerContext(generator, undefined, MINUTE),
  );
  assert.equal(generator.requests.length, STORY_MAX_CONTINUATIONS + 1);
  assert.equal(result.wordCount, 80);
});

// The deadline tests run on a mocked clock: the deadline passes when the test says, once the
// engine hangs, however long the machine took to write what came before.
test('when time runs out during a continuation, the story so far is the answer', async (context) => {
  context.mock.timers.enable({ apis: ['Date', 'setTimeout'] });
  const scripted = scriptedTextGenerator([sentences(100)]);
  const hanging = hangingTextGenerator();
  const generator = {
    ...scripted,
    generate: (request: Parameters<typeof scripted.generate>[0]) =>
      scripted.requests.length === 0 ? scripted.generate(request) : hanging.generate(request),
  };
  const writing = writeStory(story(), writerContext(generator, undefined, 300));
  await hanging.hanging;
  context.mock.timers.tick(300);
  const result = await writing;
  assert.equal(result.wordCount, 100);
});

test('when time runs out in the first part, the story written so far is the answer', async (context) => {
  context.mock.timers.enable({ apis: ['Date', 'setTimeout'] });
  // The engine writes "Once " and then nothing more until the deadline.
  const hanging = hangingTextGenerator();
  const writing = writeStory(story(), writerContext(hanging, undefined, 200));
  await hanging.hanging;
  context.mock.timers.tick(200);
  assert.deepEqual(await writing, { story: 'Once', wordCount: 1 });
  // With nothing written at all, the deadline is still an error that says what to do.
  await assert.rejects(
    writeStory(story(), writerContext(hangingTextGenerator(), undefined, 0)),
    WritingTooSlowError,
  );
});

test('a continuation that repeats the end of the story is joined without the repeat', () => {
  const joined = joinContinuation(
    'Title\n\nThe fox ran to the old',
    'ran to the old mill and slept.',
    'en',
  );
  assert.equal(joined, 'Title\n\nThe fox ran to the old mill and slept.');
  assert.equal(joinContinuation('He slept.', 'Morning came.', 'en'), 'He slept.\n\nMorning came.');
  assert.equal(joinContinuation('他睡了', '很久。', 'zh'), '他睡了很久。');
});

test('an empty story is an EmptyResultError, never a blank success', async () => {
  const generator = scriptedTextGenerator(['<think>nothing to say</think>']);
  await assert.rejects(
    writeStory(story(), writerContext(generator, undefined, MINUTE)),
    EmptyResultError,
  );
});

// ---------------------------------------------------------------- prompts from every option

test('the story prompt carries every option of the request', () => {
  const { system, prompt } = storyPrompt(
    story({
      language: 'Hindi',
      storyType: 'mystery',
      audience: 'teenagers 13-17',
      tone: 'suspenseful',
      topic: 'A mystery at the museum',
      storyLength: 500,
      additionalInfo: 'A missing golden peacock',
    }),
  );
  for (const part of [
    'Hindi',
    'Devanagari',
    'mystery',
    'teenagers 13-17',
    'suspenseful',
    'A mystery at the museum',
    'A missing golden peacock',
    '500 words',
    'between 425 and 575',
  ]) {
    assert.ok(prompt.includes(part), part);
  }
  assert.match(system, /Plain text only/);
});

test("the first theme means the visitor's own idea; an auto-filled theme name is not an idea", () => {
  const own = storyPrompt(
    story({ topic: STORY_CUSTOM_THEME, additionalInfo: 'A robot learns to bake bread' }),
  );
  assert.match(own.prompt, /Theme: A robot learns to bake bread\./);
  assert.ok(!own.prompt.includes(STORY_CUSTOM_THEME));

  const none = storyPrompt(
    story({ topic: STORY_CUSTOM_THEME, additionalInfo: STORY_CUSTOM_THEME }),
  );
  assert.match(none.prompt, /choose an original theme/);

  const theme = STORY_THEMES[5];
  const autoFilled = storyPrompt(story({ topic: theme, additionalInfo: theme }));
  assert.ok(!autoFilled.prompt.includes('details'));
});

test('the token budget follows the length and the language', async () => {
  const english = scriptedTextGenerator([sentences(300)]);
  await writeStory(story(), writerContext(english, undefined, MINUTE));
  const tamil = scriptedTextGenerator(['கதை முடிந்தது.']);
  await writeStory(story({ language: 'Tamil' }), writerContext(tamil, undefined, MINUTE)).catch(
    () => {},
  );
  const englishTokens = english.requests[0]?.maxTokens ?? 0;
  assert.ok(
    englishTokens >= 300 * 1.15 * 1.4 && englishTokens < 300 * 1.15 * 2,
    String(englishTokens),
  );
  assert.ok((tamil.requests[0]?.maxTokens ?? 0) > englishTokens * 3);
});

test('the video script prompt has the platform conventions and a word budget for the duration', () => {
  const short = videoScriptPrompt({
    topic: 'Productivity',
    platform: 'Instagram',
    duration: 0.15,
    additionalInfo: '',
  });
  assert.match(short.prompt, /Instagram/);
  assert.match(short.prompt, /9 seconds \(0:00 to 0:09\)/);
  assert.match(short.prompt, /about 23 spoken words/);
  assert.match(short.prompt, /hook in the first 1 to 2 seconds/i);
  assert.match(short.prompt, /The two-minute rule/, 'the sample idea stands in for a missing idea');
  assert.match(short.system, /call to action/);

  const long = videoScriptPrompt({
    topic: 'Tech & AI',
    platform: 'YouTube',
    duration: 1.5,
    additionalInfo: 'Free AI tools for teachers',
  });
  assert.match(long.prompt, /90 seconds \(0:00 to 1:30\)/);
  assert.match(long.prompt, /about 225 spoken words/);
  assert.match(long.prompt, /Free AI tools for teachers/);
  assert.match(long.prompt, /subscribe/);
  assert.match(long.prompt, /- Point 3 \(0:56-1:20\): about 60 spoken words/);

  // The plan the grammar holds the model to: sections that add up to the duration and the words.
  for (const [duration, words] of [
    [0.15, 23],
    [1.5, 225],
  ] as const) {
    const sections = scriptSections(duration);
    assert.equal(sections[0]?.name, 'Hook');
    assert.equal(sections.at(-1)?.name, 'Call to action');
    assert.equal(sections.at(-1)?.toSecond, duration * 60);
    const planned = sections.reduce((sum, section) => sum + section.words, 0);
    assert.ok(Math.abs(planned - words) <= words * 0.1, `${planned} words for ${words}`);
  }
  assert.ok(videoScriptMaxTokens(1.5) > videoScriptMaxTokens(0.15) * 2);
});

test('the script keeps its markdown and the blog its SEO structure, both without chatter', async () => {
  const script = await writeVideoScript(
    { topic: 'Productivity', platform: 'SnapChat', duration: 0.25, additionalInfo: '' },
    writerContext(
      scriptedTextGenerator([
        'Sure, here is your script:\n\n# Two minutes\n\n**Hook (0:00-0:01)** Go.',
      ]),
      undefined,
      MINUTE,
    ),
  );
  assert.equal(script, '# Two minutes\n\n**Hook (0:00-0:01)** Go.');

  const generator = scriptedTextGenerator([
    '# Sleep\n\n**Meta description:** Sleep well.\n\n## Why\n\n- Rest\n\nLet me know if you need more!',
  ]);
  const blog = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.equal(blog, '# Sleep\n\n**Meta description:** Sleep well.\n\n## Why\n\n- Rest');
  const request = generator.requests[0];
  assert.match(request?.prompt ?? '', /"Better sleep"/);
  for (const rule of [
    'level-1 heading',
    'Meta description',
    'level-2 headings',
    'bullet list',
    'Conclusion',
    'introduction',
  ]) {
    assert.ok(request?.system.includes(rule), rule);
  }
});

test('a loop is cut: a sentence said again word for word goes, short refrains stay', () => {
  const looping = [
    'The Lost Kite',
    '',
    'Alex climbs the old tree to look for his kite. The wind is strong today.',
    '',
    'Alex climbs the old tree to look for his kite. Run. Run.',
    '',
    'Alex climbs the old tree to look for his kite.',
    '',
    'He finds it at last, caught on a branch.',
  ].join('\n');
  assert.equal(
    cleanModelOutput(looping),
    [
      'The Lost Kite',
      '',
      'Alex climbs the old tree to look for his kite. The wind is strong today.',
      '',
      'Run. Run.',
      '',
      'He finds it at last, caught on a branch.',
    ].join('\n'),
  );
  // Devanagari sentences end with a danda.
  const hindi = 'लड़का अपनी पतंग ढूँढने निकला। लड़का अपनी पतंग ढूँढने निकला। उसे पतंग मिल गई।';
  assert.equal(cleanModelOutput(hindi), 'लड़का अपनी पतंग ढूँढने निकला। उसे पतंग मिल गई।');
});
