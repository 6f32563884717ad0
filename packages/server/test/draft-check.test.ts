import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DRAFT_PROBLEM_MESSAGES, SCRIPT_LABELS } from '@ai-tools/contracts';
import {
  checkDraft as checkDraftProblems,
  type DraftExpectations,
} from '../src/writers/draft-check.ts';
import { LANGUAGE_PROFILES, latinLanguageOf, profileOfText } from '../src/writers/languages.ts';
import { SENTENCE_CHARACTERS } from '../src/writers/grammar.ts';

const english: DraftExpectations = { profile: LANGUAGE_PROFILES.English };

/** The problems in the visitor's words. */
function checkDraft(text: string, expectations: DraftExpectations): string[] {
  return checkDraftProblems(text, expectations).map((problem) => problem.message);
}

const CLEAN_POST = [
  '# Morning Hydration: Water Before Coffee',
  '',
  '**Meta description:** Why a glass of water before your first coffee helps you wake up.',
  '',
  'Most of us reach for coffee first. A glass of water does more for a dry body after sleep.',
  '',
  '## What Happens Overnight',
  '',
  'Your body loses water while you sleep. You breathe it out and lose some through the skin.',
  '',
  '- **Keep a glass by the bed**: Drink it as soon as you wake up.',
  '- Add a slice of lemon if plain water bores you.',
  '',
  '## Conclusion',
  '',
  'Water first, coffee second. Try it for a week and notice the difference.',
].join('\n');

test('a clean post passes every check', () => {
  assert.deepEqual(checkDraft(CLEAN_POST, { ...english, title: true }), []);
  // An aside in brackets, closed, is prose; "thank you" inside a sentence is not the reader's
  // thanks; a heading may carry a label.
  assert.deepEqual(
    checkDraft(
      '# A\n\n## Conclusion: Start Your Day Right\n\nDrink a glass (about 250 ml) first. Your body will thank you for it.',
      english,
    ),
    [],
  );
});

test('each problem names its check, for the quality benchmark', () => {
  assert.deepEqual(
    checkDraftProblems('# A\n\n# B\n\nIt stops', english).map((problem) => problem.check),
    ['whole lines'],
  );
  assert.deepEqual(
    checkDraftProblems('# A\n\n# B\n\nIt stops', { ...english, title: true }).map(
      (problem) => problem.check,
    ),
    ['one title', 'whole lines'],
  );
});

test('the problems the visitors saw are each named', () => {
  const cases: [string, string][] = [
    ['# A\n\n# B\n\nText here.', DRAFT_PROBLEM_MESSAGES.titleCount(2)],
    [
      '# A\n\n## Conclusion\n\nDone here.\n\n## Conclusion\n\nDone again here.',
      DRAFT_PROBLEM_MESSAGES.repeatedHeading('Conclusion'),
    ],
    [
      '# A\n\n## In conclusion\n\nOne.\n\n## Final thoughts\n\nTwo.',
      DRAFT_PROBLEM_MESSAGES.repeatedHeading('Final thoughts'),
    ],
    [
      "# A\n\n'{Created Question}': what now?",
      DRAFT_PROBLEM_MESSAGES.placeholder('{Created Question}'),
    ],
    [
      '# A\n\nIt helps the body flush out多余的 fluid.',
      DRAFT_PROBLEM_MESSAGES.otherScript('body flush out多余的 fluid.'),
    ],
    [
      '# A\n\nHere are a few examples:s in coffee',
      DRAFT_PROBLEM_MESSAGES.unfinishedLine('a few examples:s in coffee'),
    ],
    [
      "# A\n\nI'm here to help. Thank you for reading!",
      DRAFT_PROBLEM_MESSAGES.chatter("I'm here to help"),
    ],
    ['# A\n\n1. First step.\n- Second step.', DRAFT_PROBLEM_MESSAGES.mixedList],
    ['# A\n\n- ** regularly update reviews: it matters.', DRAFT_PROBLEM_MESSAGES.openEmphasis],
    ['# A\n\nShe said "come here and sit.', DRAFT_PROBLEM_MESSAGES.openQuote],
    [
      '# A\n\nParagraph 1: Drink water first. It helps.',
      DRAFT_PROBLEM_MESSAGES.instructions('Paragraph 1:'),
    ],
    [
      '# A\n\nHow much water is enough - Two paragraphs of 3 to 5 sentences each.',
      DRAFT_PROBLEM_MESSAGES.instructions('Two paragraphs of'),
    ],
    [
      '# A\n\n- Try sports drinks or flavored g…',
      DRAFT_PROBLEM_MESSAGES.unfinishedLine('sports drinks or flavored g…'),
    ],
    [
      '# A\n\n- Water flushes the body, which is especially important for... …',
      DRAFT_PROBLEM_MESSAGES.unfinishedLine('especially important for... …'),
    ],
    [
      '# A\n\n## Incorporate water into yourdailyRoutine\n\nDrink it.',
      DRAFT_PROBLEM_MESSAGES.gluedWords('yourdailyRoutine'),
    ],
    [
      '# A\n\n## Enhance your coffee experience byAdding\n\nDrink it.',
      DRAFT_PROBLEM_MESSAGES.gluedWords('byAdding'),
    ],
    [
      "# A\n\nLet's dive into why water matters.",
      DRAFT_PROBLEM_MESSAGES.chatter("Let's dive into"),
    ],
    // What the writer-checks benchmark's blogs said on 2026-11-28 and the checks let through.
    [
      '# A\n\nThank you for your patience and understanding! Goodbye.',
      DRAFT_PROBLEM_MESSAGES.chatter('Thank you for your patience'),
    ],
    [
      '# A\n\nDo you have any specific questions about how to drink more water?',
      DRAFT_PROBLEM_MESSAGES.chatter('Do you have any specific questions'),
    ],
    [
      '# A\n\nPlease note that I am writing this text step-by-step and will provide feedback as needed.',
      DRAFT_PROBLEM_MESSAGES.chatter('Please note that I'),
    ],
    [
      '# A\n\nContinued) – Part 2 (Continued) – Conclusion.',
      DRAFT_PROBLEM_MESSAGES.instructions('(Continued)'),
    ],
    ['# A\n\nContinued) – Part 2 and the rest.', DRAFT_PROBLEM_MESSAGES.openBracket],
    [
      '# A\n\nDrink water first. The tips are presented in a straightforward manner.',
      DRAFT_PROBLEM_MESSAGES.chatter('The tips are presented'),
    ],
    [
      '# A\n\nThe content will be tailored to provide helpful information on hydration.',
      DRAFT_PROBLEM_MESSAGES.chatter('The content will be tailored'),
    ],
    [
      '# A\n\nThe final version has the required paragraph structure and proper spacing.',
      DRAFT_PROBLEM_MESSAGES.chatter('The final version'),
    ],
    [
      '# A\n\nThis revised version meets the requirements of the prompt.',
      DRAFT_PROBLEM_MESSAGES.chatter('This revised version'),
    ],
    [
      '# A\n\nAhora, aquí tienes una versión más corta y útil. Espero te guste!',
      DRAFT_PROBLEM_MESSAGES.chatter('aquí tienes una versión'),
    ],
    [
      '# A\n\nNotez que ce sont juste des exemples et vous pouvez ajuster selon votre style.',
      DRAFT_PROBLEM_MESSAGES.chatter('ce sont juste des exemples'),
    ],
    [
      '# A\n\nWater first. The article has provided a comprehensive overview of hydration.',
      DRAFT_PROBLEM_MESSAGES.chatter('The article has provided'),
    ],
    [
      '# A\n\nYou can add more content if needed. Drink water first.',
      DRAFT_PROBLEM_MESSAGES.chatter('You can add more content'),
    ],
    [
      '# A\n\nDans cette introduction, nous explorerons les avantages de la marche.',
      DRAFT_PROBLEM_MESSAGES.chatter('Dans cette introduction'),
    ],
    [
      '# A\n\nExemple 1: La marche régulière aide le cœur.',
      DRAFT_PROBLEM_MESSAGES.instructions('Exemple 1:'),
    ],
    [
      '# A\n\nSummary: Water first, coffee second.',
      DRAFT_PROBLEM_MESSAGES.instructions('Summary: '),
    ],
    [
      '# A\n\nKeep to the Subject. The key to planning your runs is a goal.',
      DRAFT_PROBLEM_MESSAGES.instructions('Keep to the Subject'),
    ],
    [
      "# A\n\nHere's an example of how you might begin section 3 with some thoughts.",
      DRAFT_PROBLEM_MESSAGES.instructions('section 3'),
    ],
    [
      '# A\n\nIt also emphasizes the importance of prioritizing hydration.',
      DRAFT_PROBLEM_MESSAGES.chatter('It also emphasizes'),
    ],
    [
      "# A\n\nBienvenue à l'ensemble de nos lecteurs. La marche aide le cœur.",
      DRAFT_PROBLEM_MESSAGES.chatter('Bienvenue à '),
    ],
    [
      '# A\n\nDe plus, je vais vous donner quelques conseils concrets.',
      DRAFT_PROBLEM_MESSAGES.chatter('je vais vous donner'),
    ],
    [
      '# A\n\nLa marche aide. Conclusion: Maintenez une activité régulière.',
      DRAFT_PROBLEM_MESSAGES.instructions('Conclusion: '),
    ],
    ['# A\n\nDrink water (a glass or two before coffee.', DRAFT_PROBLEM_MESSAGES.openBracket],
    // The full-width brackets of Japanese (the fourth benchmark run's story).
    [
      '# ミケ\n\n灯火（ミ。ニカエ, ミクェえんおこみゅべっしょん。',
      DRAFT_PROBLEM_MESSAGES.openBracket,
    ],
    [
      // A sentence as long as the grammar lets one be was cut by that bound.
      `# A\n\nRemember that ${'water is good for you and '.repeat(12)}your proper Hy.`,
      DRAFT_PROBLEM_MESSAGES.unfinishedLine('for you and your proper Hy.'),
    ],
  ];
  for (const [text, problem] of cases) {
    assert.ok(
      checkDraft(text, { ...english, title: true }).includes(problem),
      `${JSON.stringify(text)} should give ${problem}; got ${JSON.stringify(checkDraft(text, { ...english, title: true }))}`,
    );
  }
});

test('a Spanish text with a paragraph in English is named; one all in Spanish passes', () => {
  const spanish = { profile: LANGUAGE_PROFILES.Spanish, title: true };
  const post = [
    '# Ahorrar en el supermercado',
    '',
    'El primer paso es planificar la compra de la semana con una lista clara.',
    '',
  ].join('\n');
  assert.deepEqual(checkDraft(post, spanish), []);
  const mixed = `${post}\nThe importance of purchasing high-quality products is crucial for several reasons in your supermarket.\n`;
  assert.deepEqual(checkDraft(mixed, spanish), [
    DRAFT_PROBLEM_MESSAGES.otherLanguage(
      'The importance of purchasing high-quality products',
      'Spanish',
    ),
  ]);
});

test("a topic's common words tell its Latin-script language; too few words tell nothing", () => {
  assert.equal(
    profileOfText('Cómo ahorrar dinero en el supermercado cada semana'),
    LANGUAGE_PROFILES.Spanish,
  );
  assert.equal(
    profileOfText('Les bienfaits de la marche quotidienne pour la santé'),
    LANGUAGE_PROFILES.French,
  );
  assert.equal(
    profileOfText('How to start running as a complete beginner'),
    LANGUAGE_PROFILES.English,
  );
  assert.equal(latinLanguageOf('Productivity'), undefined);
  assert.equal(profileOfText('Productivity'), LANGUAGE_PROFILES.English);
});

test('"todo" in Spanish is a word, not a placeholder; TODO is one', () => {
  const spanish = { profile: LANGUAGE_PROFILES.Spanish };
  assert.deepEqual(checkDraft('Compra todo lo que necesitas en una sola visita.', spanish), []);
  assert.deepEqual(checkDraft('Compra TODO en una sola visita con la lista.', spanish), [
    DRAFT_PROBLEM_MESSAGES.placeholder('TODO'),
  ]);
});

test('brand names in headings are not glued words', () => {
  assert.deepEqual(
    checkDraft('# Grow on YouTube, TikTok and LinkedIn with an iPhone\n\nStart today.', {
      ...english,
      title: true,
    }),
    [],
  );
});

test('a cue whose words ran together at its bound is named; a short cue passes', () => {
  const script = { ...english, cueLabels: ['On-screen text', 'B-roll'] };
  const section = (cue: string) =>
    `- **Voiceover:** Start your day with a glass of water.\n- **On-screen text:** Water first\n- **B-roll:** ${cue}\n`;
  assert.deepEqual(checkDraft(section('A woman pours a glass of water at dawn'), script), []);
  assert.deepEqual(
    checkDraft(section('A team at a desk learning toadopthealthyworkinghabits'), script),
    [DRAFT_PROBLEM_MESSAGES.gluedWords('toadopthealthyworkinghabits')],
  );
});

test('a sentence that ends on a lone small letter stopped in its last word', () => {
  assert.deepEqual(
    checkDraft("Drink water first. It helps before you're d. Then have coffee.", english),
    [DRAFT_PROBLEM_MESSAGES.unfinishedLine("It helps before you're d.")],
  );
  assert.deepEqual(checkDraft('Leo said: "Plan B." Then he ran to the kite.', english), []);
});

test('a long sentence that ends on its own is not a cut one', () => {
  const sentence = `Drink ${'a glass of water and '.repeat(12)}then have your coffee.`;
  assert.ok(sentence.length > 250 && sentence.length < SENTENCE_CHARACTERS - 1);
  assert.deepEqual(checkDraft(`# A\n\n${sentence}`, { ...english, title: true }), []);
});

test('a sentence said twice is a repeat, also across parts', () => {
  const sentence = 'The lighthouse glowed over the sleeping village.';
  assert.deepEqual(checkDraft(`${sentence} Then it went dark. ${sentence}`, english), [
    DRAFT_PROBLEM_MESSAGES.repeatedSentence(sentence),
  ]);
  assert.deepEqual(checkDraft(sentence, { ...english, before: `# Title\n\n${sentence}` }), [
    DRAFT_PROBLEM_MESSAGES.repeatedSentence(sentence),
  ]);
  // Said again with a word changed, it is still the paragraph written twice.
  const again =
    'Water benefits include improving overall health, boosting energy levels, and enhancing mental clarity.';
  assert.deepEqual(
    checkDraft(
      `Water benefits include improving your overall health, boosting energy levels, and enhancing mental clarity. ${again}`,
      english,
    ),
    [DRAFT_PROBLEM_MESSAGES.repeatedSentence(`${again.slice(0, 59)}…`)],
  );
  // The end of a sentence said again as a sentence of its own (the writer-checks benchmark's
  // Spanish story, 2026-11-28).
  const tail = 'Pimienta se sentía extrañada por la ausencia del faro del pueblo.';
  assert.deepEqual(
    checkDraft(
      `Las luces iluminaban el cielo, y ${tail.toLowerCase()}\n\n${tail} Al llegar al faro, miró.`,
      {
        profile: LANGUAGE_PROFILES.Spanish,
      },
    ),
    [DRAFT_PROBLEM_MESSAGES.repeatedSentence(`${tail.slice(0, 59)}…`)],
  );
  // Sentences on one subject share words without saying the same thing; a heading is no sentence.
  assert.deepEqual(
    checkDraft(
      '## The impact of morning hydration on your day\n\nThe impact of morning hydration on your day is profound. Start by gradually increasing the distance and intensity over time. To build endurance, start by gradually increasing the distance and intensity of your runs.',
      english,
    ),
    [],
  );
  // A story may trail off; a short refrain is style, not a loop.
  assert.deepEqual(checkDraft('And then the light went out…', english), []);
  assert.deepEqual(checkDraft('Run, Tom, run. Run, Tom, run.', english), []);
});

test("the visitor's named elements must appear, whatever their case and accents", () => {
  const spanish = { profile: LANGUAGE_PROFILES.Spanish, elements: ['Pimienta', 'Amélie'] };
  assert.deepEqual(checkDraft('PIMIENTA y Amelie miraron el faro.', spanish), []);
  assert.deepEqual(checkDraft('Dos niños miraron el faro.', spanish), [
    DRAFT_PROBLEM_MESSAGES.missingElement('Pimienta'),
    DRAFT_PROBLEM_MESSAGES.missingElement('Amélie'),
  ]);
});

test('a text in another script may name a person in Latin letters, but not write words in them', () => {
  const hindi = { profile: LANGUAGE_PROFILES.Hindi };
  assert.deepEqual(checkDraft('राम ने Google पर खोजा।', hindi), []);
  assert.deepEqual(checkDraft('राम ने the answer खोजा।', hindi), [
    DRAFT_PROBLEM_MESSAGES.otherScript('राम ने the answer खोजा'),
  ]);
  const japanese = { profile: LANGUAGE_PROFILES.Japanese };
  assert.deepEqual(checkDraft('ネコのペッパーは灯台を見た。', japanese), []);
});

test('length and speaking time are held to their bounds', () => {
  assert.deepEqual(
    checkDraft('One two three four five.', { ...english, words: { lowest: 10, highest: 20 } }),
    [DRAFT_PROBLEM_MESSAGES.length(5, 10, 20)],
  );
  const label = SCRIPT_LABELS.voiceover;
  const script = (words: number) =>
    `# T\n\n## Hook (0:00-0:15)\n\n- **${label}:** ${Array.from({ length: words }, () => 'go').join(' ')}.\n- **${SCRIPT_LABELS.onScreenText}:** Go now\n- **${SCRIPT_LABELS.bRoll}:** A runner at dawn`;
  const expectations = {
    ...english,
    title: true,
    cueLabels: [SCRIPT_LABELS.onScreenText, SCRIPT_LABELS.bRoll],
    spoken: { label, seconds: 15 },
  };
  // 150 words a minute: 38 words are 15 s; 55 are 22 s, the script the visitor timed.
  assert.deepEqual(checkDraft(script(38), expectations), []);
  assert.deepEqual(checkDraft(script(55), expectations), [
    DRAFT_PROBLEM_MESSAGES.speakingTime(22, 15),
  ]);
  // ±20% of the words the duration holds, unrounded: 18 words are 7.2 s of a 9-second video
  // (80%), 17 are 6.8 s.
  const nineSeconds = { ...expectations, spoken: { label, seconds: 9 } };
  assert.deepEqual(checkDraft(script(18), nineSeconds), []);
  assert.deepEqual(checkDraft(script(17), nineSeconds), [
    DRAFT_PROBLEM_MESSAGES.speakingTime(7, 9),
  ]);
  assert.deepEqual(checkDraft(script(27), nineSeconds), []);
  assert.deepEqual(checkDraft(script(28), nineSeconds), [
    DRAFT_PROBLEM_MESSAGES.speakingTime(11, 9),
  ]);
});

test('a cue that says nothing is named; a cue need not be a sentence', () => {
  const cues = { ...english, cueLabels: [SCRIPT_LABELS.bRoll] };
  assert.deepEqual(checkDraft(`- **${SCRIPT_LABELS.bRoll}:** A runner at dawn`, cues), []);
  assert.deepEqual(
    checkDraft(`- **${SCRIPT_LABELS.bRoll}:** None (since it's a video short)`, cues),
    [DRAFT_PROBLEM_MESSAGES.emptyCue(SCRIPT_LABELS.bRoll)],
  );
});

test("a topic's own letters choose the writing system the check holds the text to", () => {
  assert.equal(profileOfText('Why drink water before coffee').locale, 'en');
  assert.equal(profileOfText('सुबह पानी क्यों पिएं').locale, 'hi');
  assert.equal(profileOfText('朝のコーヒーの前に水を').locale, 'ja');
  assert.equal(profileOfText('早上喝水').locale, 'zh');
});
