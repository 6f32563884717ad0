/**
 * Plan, write, check (issue 20): each writer plans, writes its parts against the plan, checks each
 * part, rewrites a failing one once, and names what is still wrong. Run on a test double that
 * answers like a model held by the grammars; the real model's results are the quality benchmark's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DRAFT_PROBLEM_MESSAGES,
  SCRIPT_LABELS,
  STORY_CUSTOM_THEME,
  STORY_THEMES,
  storyRequestSchema,
  type StoryRequest,
  type WriterStep,
} from '@ai-tools/contracts';
import { headingEchoProblems, parseBlogPlan, writeBlog } from '../src/features/blog/service.ts';
import { LANGUAGE_PROFILES } from '../src/writers/languages.ts';
import {
  namedElements,
  storyOpening,
  storyBriefOf,
  storyPlanPrompt,
  writeStory,
} from '../src/features/story/service.ts';
import {
  endAtClause,
  fitVoiceover,
  writeVideoScript,
} from '../src/features/video-script/service.ts';
import { spokenText, speakingSeconds, type DraftProblem } from '../src/writers/draft-check.ts';
import { countWords, writerContext, WritingTooSlowError } from '../src/writers/writing.ts';
import type { TextGenerator } from '../src/providers/types.ts';
import {
  answering,
  hangingTextGenerator,
  sentences,
  writerDouble,
} from './helpers/writers-text-generator.ts';

const MINUTE = 60_000;

function messages(problems: DraftProblem[]): string[] {
  return problems.map((problem) => problem.message);
}

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

/** The text a page shows from the streamed events: pieces appended, a replace starting over. */
function followed(generator: TextGenerator) {
  let shown = '';
  let replaced = 0;
  const steps: WriterStep[] = [];
  const context = writerContext(generator, undefined, MINUTE, {
    onText: (piece) => (shown += piece),
    onReplaceText: (text) => {
      shown = text;
      replaced += 1;
    },
    onStep: (step) => steps.push(step),
  });
  return { context, shown: () => shown, replaced: () => replaced, steps };
}

test('the blog is planned, then written part by part into one checked post', async () => {
  const generator = writerDouble();
  const page = followed(generator);
  const draft = await writeBlog(
    { topic: 'Better sleep', keywords: ['better sleep'] },
    page.context,
  );

  assert.deepEqual(messages(draft.problems), []);
  const lines = draft.text.split('\n');
  assert.equal(lines[0], '# better sleep: Better Sleep: A Plan That Works');
  assert.match(draft.text, /^\*\*Meta description:\*\* Sleep better tonight/m);
  assert.deepEqual(
    lines.filter((line) => line.startsWith('## ')),
    [
      '## Why Sleep Matters',
      '## Your Evening Routine',
      '## Your Bedroom',
      '## Your Morning',
      '## Conclusion',
    ],
  );
  // A plan, an introduction, four sections and the conclusion.
  assert.equal(generator.requests.length, 7);
  const [plan, introduction] = generator.requests;
  assert.match(plan?.prompt ?? '', /"Better sleep"/);
  assert.match(plan?.grammar ?? '', /root ::= "Title: " "Better sleep" ": " heading/);
  assert.match(
    introduction?.prompt ?? '',
    /Section 4: Your Morning/,
    'each part is written against the plan',
  );
  assert.match(introduction?.prompt ?? '', /says "better sleep" once/);
  // The page saw the post grow into exactly what was answered.
  assert.equal(page.shown(), draft.text);
});

test('a part that fails its check is written once more, told why, and the page goes back', async () => {
  const generator = writerDouble((request) =>
    /Write section 2/.test(request.prompt) && !request.prompt.includes('refused')
      ? 'Here are a few examples:s in coffee\n\n{Created Question} is the answer.'
      : undefined,
  );
  const page = followed(generator);
  const draft = await writeBlog({ topic: 'Better sleep' }, page.context);

  assert.deepEqual(messages(draft.problems), []);
  assert.equal(draft.rewrites, 1);
  assert.deepEqual(messages(draft.firstAttemptProblems), [
    DRAFT_PROBLEM_MESSAGES.paragraphs(0, 2),
    DRAFT_PROBLEM_MESSAGES.placeholder('{Created Question}'),
    DRAFT_PROBLEM_MESSAGES.unfinishedLine('a few examples:s in coffee'),
    DRAFT_PROBLEM_MESSAGES.length(12, 70, 320),
  ]);
  const rewrite = generator.requests.find((request) => request.prompt.includes('refused'));
  assert.match(
    rewrite?.prompt ?? '',
    /An earlier attempt was refused because it has none of the 2 paragraphs asked for; it contains the placeholder/,
  );
  assert.ok(!draft.text.includes('Created Question'));
  assert.equal(page.replaced(), 1, 'the failed attempt was taken back from the page');
  assert.equal(page.shown(), draft.text);
  // While the text stands still (the plan, the part taken back), the page is told why.
  assert.equal(page.steps[0], 'planning');
  assert.equal(page.steps.filter((step) => step === 'rewriting').length, 1);
  assert.ok(page.steps.indexOf('rewriting') > page.steps.indexOf('writing'));
});

test('a plan\'s "Introduction" section is left out; a section that opens with its own heading loses it', async () => {
  const generator = writerDouble((request) => {
    if (/^Plan a blog post/.test(request.prompt)) {
      return [
        'Title: Better Sleep: A Plan That Works',
        'Meta description: Sleep better tonight with a plan that fits your evenings and mornings and a bedroom that helps.',
        'Sections:',
        '- Introduction',
        '- Your Evening Routine',
        '- Your Bedroom',
        '- Your Morning',
        'Closing section: Conclusion',
      ].join('\n');
    }
    return /Write section 2, "Your Bedroom"/.test(request.prompt) &&
      !request.prompt.includes('refused')
      ? 'Your Bedroom\n\nA Place to Rest. Keep the room cool and dark at night so you fall asleep sooner. A fan helps too.\n\nBlock the light from the street. Put the phone in another room tonight.\n\n- Buy thick curtains.\n- Keep the room at 18 degrees.\n- Leave the phone outside.'
      : undefined;
  });
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  // The heading said as a line of its own is cleaned away; what is left is too short.
  assert.deepEqual(messages(draft.firstAttemptProblems), [
    DRAFT_PROBLEM_MESSAGES.length(47, 70, 320),
  ]);
  assert.equal(draft.rewrites, 1);
  assert.deepEqual(
    draft.text.split('\n').filter((line) => line.startsWith('## ')),
    ['## Your Evening Routine', '## Your Bedroom', '## Your Morning', '## Conclusion'],
  );
  assert.doesNotMatch(draft.text, /Your Bedroom\n\nA Place/);
});

test('a plan whose closing heading says its instruction back closes on the usual heading; a long section heading is written again', async () => {
  const generator = writerDouble((request) =>
    /^Plan a blog post/.test(request.prompt) && !request.prompt.includes('refused')
      ? [
          'Title: Better Sleep: A Plan That Works',
          'Meta description: Sleep better tonight with a plan that fits your evenings and mornings and a bedroom that helps.',
          'Sections:',
          '- Your Evening Routine',
          '- Your Bedroom',
          '- Your Morning',
          '- Write about the weekend and how a late night on Saturday moves your whole week',
          'Closing section: Conclude with a call-to-action encouraging readers to start their day with a boost of energy',
        ].join('\n')
      : undefined,
  );
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.deepEqual(messages(draft.firstAttemptProblems), [
    DRAFT_PROBLEM_MESSAGES.length(15, 2, 10),
  ]);
  assert.doesNotMatch(draft.text, /Conclude with|Write about the weekend/);
  assert.match(draft.text, /\n## Conclusion\n/);

  // In Spanish, the Spanish heading.
  const plan = parseBlogPlan(
    [
      'Title: Caminar: un buen hábito',
      'Meta description: Caminar cada día.',
      'Sections:',
      '- El corazón',
      '- Los músculos',
      '- El sueño',
      '- El ánimo',
      'Closing section: Concluye con un resumen de las ventajas de caminar cada día y anima a empezar',
    ].join('\n'),
    LANGUAGE_PROFILES.Spanish,
  );
  assert.equal(plan?.closing, 'Conclusión');
});

test('a readable plan with problems is kept over an unreadable rewrite: the post is written, its problems named', async () => {
  const longHeading =
    'Write about the weekend and how a late night on Saturday moves your whole week';
  const generator = writerDouble((request) => {
    if (!/^Plan a blog post/.test(request.prompt)) return undefined;
    return request.prompt.includes('refused')
      ? 'Title: Better Sleep: A Plan That Works\nMeta description: Sleep better tonight with a plan.'
      : [
          'Title: Better Sleep: A Plan That Works',
          'Meta description: Sleep better tonight with a plan that fits your evenings and mornings and a bedroom that helps.',
          'Sections:',
          '- Your Evening Routine',
          '- Your Bedroom',
          `- ${longHeading}`,
          `- ${longHeading} and month`,
          'Closing section: Conclusion',
        ].join('\n');
  });
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.equal(draft.firstAttemptProblems.length, 2, JSON.stringify(draft.firstAttemptProblems));
  assert.match(draft.text, /^# Better Sleep: A Plan That Works\n/);
  assert.match(draft.text, /\n## Your Bedroom\n/);
  assert.deepEqual(messages(draft.problems), messages(draft.firstAttemptProblems));
});

test('a part loses the sentences that say its system prompt back', async () => {
  const generator = writerDouble(
    answering(
      'Write the introduction',
      'No heading, no greeting, no note to the reader about the text itself. Most of us reach for coffee before anything else in the morning. A glass of water first does more for a body that went all night without a drink. This post shows how to make that glass a habit that lasts.',
    ),
  );
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.equal(draft.rewrites, 0, JSON.stringify(draft.firstAttemptProblems));
  assert.doesNotMatch(draft.text, /No heading/);
  assert.match(draft.text, /\n\nMost of us reach for coffee/);
});

test('a part still wrong after its rewrite is named, even when the finished text no longer shows it', async () => {
  // The introduction only says the title back, at every attempt: the repeat goes when the part
  // is cleaned, and with it the whole introduction, which no check of the finished post could see.
  const generator = writerDouble(
    answering('Write the introduction', 'Better Sleep: A Plan That Works.'),
  );
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.ok(
    messages(draft.problems).includes(DRAFT_PROBLEM_MESSAGES.length(0, 25, 150)),
    JSON.stringify(messages(draft.problems)),
  );
});

test('an introduction still short after its rewrite goes on from its last sentence, once', async () => {
  // What the benchmark saw: a Spanish introduction left with "¡No te preocupes!" once its chatter
  // was cleaned away, at both attempts.
  const short = 'Sleep matters more than most of us think.';
  const generator = writerDouble((request) =>
    request.prompt.includes('Write the introduction') && !request.prompt.includes('too short')
      ? short
      : undefined,
  );
  const page = followed(generator);
  const draft = await writeBlog({ topic: 'Better sleep' }, page.context);

  assert.deepEqual(messages(draft.problems), []);
  assert.deepEqual(messages(draft.firstAttemptProblems), [
    DRAFT_PROBLEM_MESSAGES.length(8, 25, 150),
  ]);
  const introductions = generator.requests.filter((request) =>
    request.prompt.includes('Write the introduction'),
  );
  assert.equal(introductions.length, 3, 'written, written again, continued');
  const continued = introductions[2];
  assert.ok(continued?.prompt.includes(`The part so far:\n${short}\n\nIt is too short.`));
  assert.match(continued?.prompt ?? '', /about 17 more words/);
  assert.notEqual(continued?.grammar, introductions[0]?.grammar);
  assert.ok(draft.text.includes(`routine.\n\n${short} On day 1 the `), draft.text);
  assert.equal(page.shown(), draft.text);
});

test('an introduction with nothing left after its rewrite is written once more, told so', async () => {
  const generator = writerDouble((request) =>
    request.prompt.includes('Write the introduction') &&
    !request.prompt.includes('nothing a reader')
      ? 'Better Sleep: A Plan That Works.'
      : undefined,
  );
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.deepEqual(messages(draft.problems), []);
  const introductions = generator.requests.filter((request) =>
    request.prompt.includes('Write the introduction'),
  );
  assert.equal(introductions.length, 3);
  assert.doesNotMatch(introductions[2]?.prompt ?? '', /The part so far/);
  assert.match(draft.text, /routine\.\n\nOn day 1 the /);
});

test('a story ending that told the beginning again, twice, is written once more', async () => {
  // The fifth run's Japanese story: its ending said earlier sentences again at both attempts, and
  // what the story had said already went, leaving no ending.
  const generator = writerDouble((request) => {
    if (!request.prompt.includes('Write the ending') || request.prompt.includes('nothing a reader'))
      return undefined;
    return /The story so far:\n([^\n]+)/.exec(request.prompt)?.[1];
  });
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.deepEqual(messages(draft.problems), []);
  const endings = generator.requests.filter((request) =>
    request.prompt.includes('Write the ending'),
  );
  assert.equal(endings.length, 3);
  assert.match(endings[2]?.prompt ?? '', /Earlier attempts left nothing a reader could use/);
  const paragraphs = draft.text.split(/\n{2,}/);
  assert.equal(paragraphs.length, 4, draft.text);
  assert.notEqual(paragraphs[3], paragraphs[1]);
});

test('the ending makes up what a story still lacks of its length', async () => {
  // 300 words: a beginning of 70 and a middle of 90 (each within what a part alone may have)
  // leave 95 to the ending for the least 255; an ending of 80 is written again, then goes on.
  const generator = writerDouble((request) => {
    if (request.prompt.includes('It is too short')) return sentences(20, 'owl');
    if (request.prompt.includes('Write the beginning')) return sentences(70, 'cat');
    if (request.prompt.includes('Continue with the middle')) return sentences(90, 'dog');
    if (request.prompt.includes('Write the ending'))
      return sentences(80, request.prompt.includes('refused') ? 'hen' : 'elk');
    return undefined;
  });
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.deepEqual(messages(draft.problems), []);
  assert.ok(
    messages(draft.firstAttemptProblems).includes(DRAFT_PROBLEM_MESSAGES.length(80, 95, 165)),
    messages(draft.firstAttemptProblems).join('; '),
  );
  const words = countWords(draft.text.replace(/^# .*\n+/, ''));
  assert.ok(words >= 255 && words <= 345, `${words} words`);
});

test('what still fails after the rewrite is named, never hidden', async () => {
  // Chatter is cleaned away; a placeholder cannot be, so it stays and is named.
  const generator = writerDouble(
    answering('Write the closing section', 'Water first, coffee second. {Created Answer}: TODO.'),
  );
  const draft = await writeBlog(
    { topic: 'Better sleep' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.equal(draft.rewrites, 1);
  assert.ok(
    messages(draft.problems).includes(DRAFT_PROBLEM_MESSAGES.placeholder('{Created Answer}')),
    messages(draft.problems).join('; '),
  );
});

test('a story over its length loses sentences from its middle paragraphs, never its ending', async () => {
  // The middle comes back at three times its share, in three paragraphs.
  const generator = writerDouble(
    answering(
      'Continue with the middle',
      [sentences(100, 'owl'), sentences(100, 'elk'), sentences(100, 'yak')].join('\n\n'),
    ),
  );
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  const words = countWords(draft.text.replace(/^# .*\n/, ''));
  assert.ok(words <= 300 * 1.15, `${words} words`);
  assert.equal(draft.rewrites, 0, 'a middle that runs long loses its last sentences, no rewrite');
  const ending = generator.requests.findLast((request) =>
    request.prompt.includes('Write the ending'),
  );
  assert.ok(ending, 'the ending was written');
  // The ending (the double's usual answer, its animal numbered) is the story's last line, whole.
  assert.match(draft.text, /\n\nOn day 1 the \p{L}+ [\p{L}\d]+ [^\n]*\.$/u);
});

test("the story is planned with the visitor's names and holds them", async () => {
  const idea = 'Un gato llamado Pimienta descubre que el faro abandonado se enciende solo';
  assert.deepEqual(namedElements(idea), ['Pimienta']);
  assert.equal(storyOpening('ネコのミケが、古い灯台で光る石を見つける'), 'ネコのミケ');
  assert.equal(storyOpening('a boy named Leo chases his kite'), 'A boy named Leo');
  assert.equal(storyOpening('Deux voisines, Lina et Madame Roux, créent un jardin'), 'Lina');
  assert.equal(storyOpening('the old lighthouse'), undefined);
  assert.deepEqual(namedElements('A cat named Pepper visits Gull Island with "the old map"'), [
    'Pepper',
    'Gull Island',
    'the old map',
  ]);

  const request = story({ language: 'Spanish', topic: STORY_CUSTOM_THEME, additionalInfo: idea });
  // The double's plan and beginning leave the cat out the first time.
  const generator = writerDouble((call) => {
    if (!call.prompt.includes('refused')) return undefined;
    if (call.prompt.includes('Plan the story')) {
      return 'Title: El faro de Pimienta\nCharacters: Pimienta, un gato.\nPlace: Un faro.\nBeginning: Pimienta ve la luz.\nMiddle: Sube al faro.\nEnding: Encuentra a un amigo.\n';
    }
    return call.prompt.includes('Write the beginning')
      ? 'Pimienta miró el faro desde la playa. El gato subió la escalera oscura del faro viejo. Luego el gato Pimienta vio la luz brillante.'
      : undefined;
  });
  const draft = await writeStory(request, writerContext(generator, undefined, MINUTE));
  const plans = generator.requests.filter((call) => call.prompt.includes('Plan the story'));
  const beginnings = generator.requests.filter((call) =>
    call.prompt.includes('Write the beginning'),
  );
  assert.equal(plans.length, 2);
  assert.match(plans[0]?.prompt ?? '', /Names the story must use, as written: Pimienta\./);
  assert.match(plans[0]?.prompt ?? '', /in Spanish/);
  assert.match(plans[1]?.prompt ?? '', /refused because it leaves out "Pimienta"/);
  assert.match(beginnings[0]?.prompt ?? '', /The plan:\nTitle: El faro de Pimienta/);
  // Each part sees its own line of the plan, not the later ones.
  assert.doesNotMatch(beginnings[0]?.prompt ?? '', /Middle:|Ending:/);
  // Written again without the name; the rewrite, short of its share, went on once.
  assert.equal(beginnings.length, 3, 'the beginning without the name was written again');
  assert.match(beginnings[2]?.prompt ?? '', /It is too short\. Go on from where it stops/);
  // The grammar opens the story on the visitor's hero, as the idea names it.
  assert.match(beginnings[0]?.grammar ?? '', /openingsentence ::= "Un gato llamado Pimienta" /);
  assert.ok(
    messages(draft.firstAttemptProblems).includes(
      DRAFT_PROBLEM_MESSAGES.missingElement('Pimienta'),
    ),
    messages(draft.firstAttemptProblems).join('; '),
  );
  assert.ok(draft.text.includes('Pimienta'));
  assert.ok(draft.text.startsWith('# El faro de Pimienta\n\n'), 'the title is a heading');
});

test('a story part short of its share is no fault when the whole story has its length', async () => {
  // The beginning is asked for about 103 words (its 90 and 15% more) and gives 50 twice: below its
  // part's bound (61), but the story is within 15% of its 300 words.
  const generator = writerDouble(answering('Write the beginning', sentences(50, 'gull')));
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.deepEqual(messages(draft.firstAttemptProblems), [
    DRAFT_PROBLEM_MESSAGES.length(50, 61, 165),
  ]);
  assert.equal(draft.rewrites, 1);
  assert.deepEqual(messages(draft.problems), []);
});

test("a quote the story plan leaves open is not the story's problem", async () => {
  const generator = writerDouble(
    answering(
      'Plan the story',
      [
        'Title: The Hidden Treasure',
        'Characters: Mia, a brave girl.',
        'Place: An old harbour.',
        'Beginning: Mia finds a map."',
        'Middle: "She follows it.',
        'Ending: She shares the treasure.',
        '',
      ].join('\n'),
    ),
  );
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.deepEqual(messages(draft.firstAttemptProblems), []);
  assert.deepEqual(messages(draft.problems), []);
  assert.match(generator.requests[1]?.prompt ?? '', /Beginning: Mia finds a map\.\n/);
});

test("a problem of the story's plan, notes nobody reads, is counted but not named over the story", async () => {
  // The fourth benchmark run: a French story's plan said "Lina, Madame Roux, immeuble (with a…",
  // twice, and its story in good French was told it had a passage that is not in French. Here an
  // English story's plan has its characters in Spanish.
  const generator = writerDouble(
    answering(
      'Plan the story',
      [
        'Title: The Hidden Treasure',
        'Characters: Mia, una niña valiente que vive en el puerto con su abuela y su perro.',
        'Place: An old harbour.',
        'Beginning: Mia finds a map.',
        'Middle: She follows it.',
        'Ending: She shares the treasure.',
        '',
      ].join('\n'),
    ),
  );
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  assert.equal(draft.firstAttemptProblems.length, 1, JSON.stringify(draft.firstAttemptProblems));
  assert.equal(draft.firstAttemptProblems[0]?.check, 'one language');
  assert.equal(draft.rewrites, 1, 'the plan was written again');
  assert.ok(
    !draft.problems.some((problem) => problem.check === 'one language'),
    JSON.stringify(draft.problems),
  );
});

test('a quote whose closing sentence the length trimming took is closed at its paragraph end', async () => {
  // The fifth run's French story ended a paragraph on '"Mais c'est un jardin ! C'est une autre
  // époque.' once its middle was trimmed to the story's length.
  const generator = writerDouble((request) => {
    if (request.prompt.includes('Write the beginning')) return sentences(90, 'fox');
    if (request.prompt.includes('Continue with the middle')) return `"${sentences(120, 'owl')}"`;
    if (request.prompt.includes('Write the ending')) return sentences(80, 'elk');
    return undefined;
  });
  const draft = await writeStory(
    story({ storyLength: 200 }),
    writerContext(generator, undefined, MINUTE),
  );
  const middle = draft.text.split('\n\n')[2] ?? '';
  assert.ok(countWords(middle) < 120, `the middle was trimmed: ${middle}`);
  assert.match(middle, /^"On day 1 .*\."$/u);
  assert.deepEqual(messages(draft.problems), []);
});

test("a story's title said as a paragraph's label goes; the title as the subject of a sentence stays", async () => {
  const generator = writerDouble(
    answering(
      'Write the ending',
      'The Hidden Treasure: The next day, Mia opened the old chest by the harbour wall. The Hidden Treasure was a box of letters from her grandmother. She read them all to her friends that night, and they laughed until the lamps went out.',
    ),
  );
  const draft = await writeStory(
    story({ storyLength: 200 }),
    writerContext(generator, undefined, MINUTE),
  );
  assert.doesNotMatch(draft.text, /The Hidden Treasure: The next day/);
  assert.match(draft.text, /\n\nThe next day, Mia opened the old chest/);
  assert.match(draft.text, /The Hidden Treasure was a box of letters/);
});

test('a story lands within 15% of its length, its parts in order', async () => {
  const generator = writerDouble();
  const draft = await writeStory(story(), writerContext(generator, undefined, MINUTE));
  const words = countWords(draft.text.replace(/^# .*\n/, ''));
  assert.ok(words >= 255 && words <= 345, String(words));
  assert.deepEqual(messages(draft.problems), []);
  const parts = generator.requests
    .slice(1)
    .map((request) =>
      /Write the (\w+)|Continue with the (\w+)/.exec(request.prompt)?.slice(1).find(Boolean),
    );
  assert.deepEqual(parts, ['beginning', 'middle', 'ending']);
  assert.match(generator.requests[2]?.prompt ?? '', /The story so far:\nOn day 1/);
});

test('a script fits its duration: each voice-over near its share, none cut mid-sentence', async () => {
  const generator = writerDouble();
  const draft = await writeVideoScript(
    { topic: 'Productivity', platform: 'Instagram', duration: 0.25, additionalInfo: '' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.deepEqual(messages(draft.problems), []);
  assert.match(
    draft.text,
    /^# Two Minutes to Done\n\n## Hook \(0:00-0:04\)\n\n- \*\*Voiceover:\*\* /,
  );
  const seconds = speakingSeconds(spokenText(draft.text, SCRIPT_LABELS.voiceover));
  assert.ok(Math.abs(seconds - 15) <= 3, `${seconds} s for 15 s`);

  // A voice-over that says too much loses whole sentences from its end.
  const section = `- **${SCRIPT_LABELS.voiceover}:** Stop waiting now. Do the small task today. Then rest a while and smile.\n- **${SCRIPT_LABELS.bRoll}:** A timer`;
  assert.equal(
    fitVoiceover(section, 6, 'en').split('\n')[0],
    `- **${SCRIPT_LABELS.voiceover}:** Stop waiting now. Do the small task today.`,
  );
  // One whose first sentence alone is over its share keeps that sentence only.
  assert.equal(
    fitVoiceover(section, 1, 'en').split('\n')[0],
    `- **${SCRIPT_LABELS.voiceover}:** Stop waiting now.`,
  );
  // A first sentence over its share ends before a clause, where what is left fits (a 9-second
  // script's hook on the default model, 21 words for 10).
  const hook = `- **${SCRIPT_LABELS.voiceover}:** Start your day on the right foot with these 10 quick tips that will help you save time and increase productivity.`;
  assert.equal(
    fitVoiceover(hook, 10, 'en'),
    `- **${SCRIPT_LABELS.voiceover}:** Start your day on the right foot with these 10 quick tips.`,
  );
  assert.equal(
    endAtClause(
      '¿Sabías que puedes ahorrar cada semana con una lista que haces en cinco minutos?',
      6,
      9,
      'es',
    ),
    '¿Sabías que puedes ahorrar cada semana con una lista?',
  );
  // No clause that leaves enough: the sentence stays whole; a language without one keeps it too.
  assert.equal(
    endAtClause('Breathe in slowly and count to four before you answer anyone.', 7, 8, 'en'),
    undefined,
  );
  assert.equal(endAtClause('朝の二分間で一日が変わります。', 2, 4, 'ja'), undefined);
});

test("the platform's conventions said back as a voice-over or a B-roll are not the script's words", async () => {
  // The fifth run's Snapchat and YouTube scripts.
  const generator = writerDouble((request) => {
    if (request.prompt.includes('refused')) return undefined;
    if (request.prompt.includes('Write the section Hook'))
      return '- **Voiceover:** Start by having a casual selfie-style delivery straight to the camera, ensuring that the viewer feels at ease. Most students waste an hour a day looking for their notes.\n- **On-screen text:** Find notes fast\n- **B-roll:** A student searches a messy desk\n';
    if (request.prompt.includes('Write the section Call to action'))
      return '- **Voiceover:** Send this video to a friend who studies too hard.\n- **On-screen text:** Send it now\n- **B-roll:** We are on Snapchat, with a hook in the very first second\n';
    return undefined;
  });
  const draft = await writeVideoScript(
    { topic: 'Tech & AI', platform: 'SnapChat', duration: 0.25, additionalInfo: '' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.doesNotMatch(draft.text, /selfie-style|very first second/);
  assert.match(draft.text, /Voiceover:\*\* Most students waste an hour a day/);
  assert.ok(
    messages(draft.firstAttemptProblems).includes(
      DRAFT_PROBLEM_MESSAGES.emptyCue(SCRIPT_LABELS.bRoll),
    ),
    messages(draft.firstAttemptProblems).join('; '),
  );
  assert.deepEqual(messages(draft.problems), []);
});

test("a section's voice-over over its share is no fault when the whole script reads for its duration", async () => {
  // The call to action of a 15-second script has 4 s, about 10 words; a usual one has 14, here
  // with no clause it could end before.
  const generator = writerDouble(
    answering(
      'Write the section Call to action',
      '- **Voiceover:** Save this Reel, share it to your story, follow us now, then comment below.\n- **On-screen text:** Follow for more\n- **B-roll:** A wave at the camera\n',
    ),
  );
  const draft = await writeVideoScript(
    { topic: 'Productivity', platform: 'Instagram', duration: 0.25, additionalInfo: '' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.deepEqual(messages(draft.firstAttemptProblems), [
    DRAFT_PROBLEM_MESSAGES.length(14, 7, 13),
  ]);
  assert.deepEqual(messages(draft.problems), []);
  const seconds = speakingSeconds(spokenText(draft.text, SCRIPT_LABELS.voiceover));
  assert.ok(seconds <= 18, `${seconds} s for 15 s`);
});

test("a quote the script plan leaves open is not the script's problem", async () => {
  const generator = writerDouble(
    answering(
      'Plan the script',
      [
        'Title: Two Minutes to Done',
        'Hook: Start now.',
        'Main point: Do the small task first.',
        'Call to action: Save this Reel and follow for more tips like this.”',
        '',
      ].join('\n'),
    ),
  );
  const draft = await writeVideoScript(
    { topic: 'Productivity', platform: 'Instagram', duration: 0.25, additionalInfo: '' },
    writerContext(generator, undefined, MINUTE),
  );
  assert.deepEqual(messages(draft.firstAttemptProblems), []);
  assert.deepEqual(messages(draft.problems), []);
});

test('markup in a topic or keyword never reaches a prompt, a grammar or the answer', async () => {
  const injection = '<script>alert(1)</script>';
  const generator = writerDouble();
  const draft = await writeBlog(
    { topic: `${injection} Web security`, keywords: [injection] },
    writerContext(generator, undefined, MINUTE),
  );
  for (const request of generator.requests) {
    assert.ok(!request.prompt.includes('<'), request.prompt);
    assert.ok(!(request.grammar ?? '').includes('<script'), 'no tag in a grammar');
  }
  assert.ok(!draft.text.includes('<'));
});

// The deadline tests run on a mocked clock: the deadline passes when the test says, once the
// engine hangs, however long the machine took to write what came before.
test('at the time limit, the text written so far is the answer, labelled as cut off', async (context) => {
  context.mock.timers.enable({ apis: ['Date', 'setTimeout'] });
  const writing = writerDouble();
  const hanging = hangingTextGenerator();
  const generator = {
    ...writing,
    generate: (request: Parameters<typeof writing.generate>[0]) =>
      writing.requests.length < 3 ? writing.generate(request) : hanging.generate(request),
  };
  const page = followed(generator);
  const drafting = writeStory(story(), { ...page.context, deadline: Date.now() + 300 });
  await hanging.hanging;
  context.mock.timers.tick(300);
  const draft = await drafting;
  assert.equal(draft.cutOffAtTimeLimit, true);
  assert.ok(draft.text.startsWith('# The Hidden Treasure'));
  assert.ok(/[.!?]$/.test(draft.text), 'it ends on a whole sentence');

  // With nothing written at all, the deadline is still an error that says what to do.
  await assert.rejects(
    writeStory(story(), writerContext(hangingTextGenerator(), undefined, 0)),
    WritingTooSlowError,
  );
});

test('the story plan carries every option of the request', () => {
  const prompt = storyPlanPrompt(
    storyBriefOf(
      story({
        language: 'Hindi',
        storyType: 'mystery',
        audience: 'teenagers 13-17',
        tone: 'suspenseful',
        topic: 'A mystery at the museum',
        storyLength: 500,
        additionalInfo: 'A missing golden peacock',
      }),
    ),
  );
  for (const part of [
    'A mystery story in Hindi, in Devanagari script',
    'teenagers 13-17',
    'suspenseful',
    'Theme: A mystery at the museum.',
    "The visitor's own details: A missing golden peacock",
  ]) {
    assert.ok(prompt.includes(part), part);
  }
});

test("the first theme means the visitor's own idea; an auto-filled theme name is not an idea", () => {
  const plan = (overrides: Partial<StoryRequest>) =>
    storyPlanPrompt(storyBriefOf(story(overrides)));
  const own = plan({ topic: STORY_CUSTOM_THEME, additionalInfo: 'A robot learns to bake bread' });
  assert.match(own, /Theme: A robot learns to bake bread\./);
  assert.ok(!own.includes(STORY_CUSTOM_THEME));
  assert.match(
    plan({ topic: STORY_CUSTOM_THEME, additionalInfo: STORY_CUSTOM_THEME }),
    /Theme: an original one/,
  );
  const theme = STORY_THEMES[5];
  assert.ok(!plan({ topic: theme, additionalInfo: theme }).includes('details'));
});

test('a section that opens with its heading as a label is refused; as the subject of a sentence it is prose', () => {
  const heading = 'The benefits of morning hydration';
  assert.equal(
    headingEchoProblems('The benefits of morning hydration are many. Drink.', heading).length,
    0,
  );
  assert.equal(
    headingEchoProblems('The benefits of morning hydration: why. Drink.', heading).length,
    1,
  );
  assert.equal(
    headingEchoProblems('The benefits of morning hydration -Water helps.', heading).length,
    1,
  );
});
