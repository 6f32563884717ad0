/**
 * The story writer. It plans first (title, characters, place, beginning, middle, ending, with the
 * visitor's own names in it), then writes the beginning, the middle and the ending against the
 * plan in the chosen language and script, checking each part as it is done (writers/drafting.ts).
 * The story is markdown: its title is a level-1 heading, its paragraphs plain prose.
 */
import { STORY_CUSTOM_THEME, type StoryRequest } from '@ai-tools/contracts';
import { checkDraft, type DraftExpectations } from '../../writers/draft-check.ts';
import {
  DraftStream,
  DraftTally,
  writeDraftInTurn,
  UNREADABLE_PLAN,
  requirePlan,
  writeCheckedPart,
  type Draft,
} from '../../writers/drafting.ts';
import {
  headingRules,
  literal,
  paragraphGrammar,
  prose,
  proseRules,
  SENTENCE_CHARACTERS,
  sentences,
} from '../../writers/grammar.ts';
import { LANGUAGE_PROFILES, type LanguageProfile } from '../../writers/languages.ts';
import {
  capitalised,
  cleanModelOutput,
  closeOpenQuotes,
  countWords,
  dropUnfinishedSentence,
  planNotes,
  removeHeadingLabels,
  removeOtherLanguages,
  removeRepeatedSentences,
  removeTalkAboutTheStory,
  trimToSentences,
  visitorText,
  type WriterContext,
} from '../../writers/writing.ts';
import { markdownToPlainText } from '../../text/markdown.ts';

/** The plan grammar's bound on the title's words: far above what a title needs. */
const TITLE_BOUND = 16;

/** The most words of a line of the plan: "one short sentence". */
const PLAN_LINE_WORDS = 30;

/**
 * Each part asks for this much more than its share of the story: cleaning takes out what the
 * model said twice, and Spanish and Japanese stories came out at 148 and 155 words for 200. A story
 * too long loses sentences from its middle (fitLength); one too short cannot be mended.
 */
const PART_WORDS_ASKED = 1.15;

/** A part before the ending keeps at most this share of its words (the check allows 1.6). */
const PART_WORDS_LONGEST = 1.4;

/** How far from the requested length a story may land. */
export const STORY_LENGTH_TOLERANCE = 0.15;

/** The story's three parts and each one's share of the words. */
const STORY_PARTS = [
  {
    name: 'beginning',
    share: 0.3,
    instruction: (words: number) =>
      `Write the beginning of the story, about ${words} words: introduce the characters and the place, and start what the plan's beginning says.`,
  },
  {
    name: 'middle',
    share: 0.4,
    instruction: (words: number) =>
      `Continue with the middle of the story, about ${words} words, as the plan's middle says. Go on from where the story so far stops; do not tell again what already happened, and do not end the story yet.`,
  },
  {
    name: 'ending',
    share: 0.3,
    instruction: (words: number) =>
      `Write the ending of the story, about ${words} words, as the plan's ending says, and close the story with a last sentence that ends it.`,
  },
] as const;

const PLANNER_SYSTEM = [
  'You are a skilled storyteller who plans original stories.',
  'You answer with the plan only, in the labelled lines asked for, in the language asked for.',
].join('\n');

const WRITER_SYSTEM = [
  'You are a skilled storyteller. You write one part of a story at a time, following its plan.',
  'Write plain prose in paragraphs: no title, no heading, no list, no note before or after the text.',
  'Use the names of the plan exactly as they are written there.',
  "Tell the plan's events in new words, with details and dialogue: never copy a line of the plan.",
].join('\n');

/** The visitor's choices, with their idea made plain text. */
export interface StoryBrief {
  request: StoryRequest;
  profile: LanguageProfile;
  theme?: string;
  details?: string;
  /** The names the visitor's idea gives (characters, places): the story must use them. */
  elements: string[];
  /** What the story's first sentence starts with (storyOpening). */
  opening?: string;
}

export function storyBriefOf(request: StoryRequest): StoryBrief {
  const { theme, details } = themeOf(request);
  const idea = `${theme ?? ''} ${details ?? ''}`;
  return {
    request,
    profile: LANGUAGE_PROFILES[request.language],
    theme,
    details,
    elements: namedElements(idea),
    opening: storyOpening(idea),
  };
}

/**
 * How the visitor's idea names its hero, to open the story with: "Un gato llamado Pimienta", "A
 * boy named Leo", "ネコのミケ", or else its first name. Opened on "Pimienta" alone, the model made
 * Pimienta a crane; on "ネコ", a second character beside ミケ.
 */
export function storyOpening(idea: string): string | undefined {
  const named =
    /(?:^|[\s,])((?:(?:un|una|a|an|une|ein|eine|uno|um|uma)\s+)?(?:\p{L}+\s+){0,2}?\p{L}+\s+(?:llamad[oa]|named|called|nomm[ée]e?|appel[ée]e?|namens|chiamat[oa]|chamad[oa])\s+\p{Lu}\p{L}*)/u.exec(
      idea,
    )?.[1] ??
    /[\p{Script=Katakana}ー]{2,}の[\p{Script=Katakana}ー]{2,}/u.exec(idea)?.[0] ??
    namedElements(idea)[0];
  return named === undefined ? undefined : capitalised(named);
}

/**
 * The first theme means "my own idea": the visitor's additional info is the theme. The page fills
 * the additional info with the chosen theme's name until the visitor edits it, so a copy of a
 * theme name is not treated as extra detail.
 */
function themeOf(request: StoryRequest): { theme?: string; details?: string } {
  const info = visitorText(request.additionalInfo);
  const topic = visitorText(request.topic);
  const infoIsOwnText = info !== '' && info !== STORY_CUSTOM_THEME && info !== topic;
  if (request.topic === STORY_CUSTOM_THEME) {
    return infoIsOwnText ? { theme: info } : {};
  }
  return infoIsOwnText ? { theme: topic, details: info } : { theme: topic };
}

/**
 * The names in a visitor's idea: capitalised words that do not start a sentence ("Un gato llamado
 * Pimienta" gives "Pimienta"), runs of katakana (Japanese names), and quoted phrases.
 */
export function namedElements(idea: string): string[] {
  const found = new Set<string>();
  for (const match of idea.matchAll(
    /(?<![.!?¿¡]\s*|^\s*)(\p{Lu}[\p{Ll}\p{M}'’-]+(?:\s+\p{Lu}[\p{Ll}\p{M}'’-]+)*)/gu,
  )) {
    if (match[1]) found.add(match[1]);
  }
  for (const match of idea.matchAll(/[\p{Script=Katakana}ー]{2,}/gu)) found.add(match[0]);
  for (const match of idea.matchAll(/["“«「]([^"”»」]{2,40})["”»」]/gu)) {
    if (match[1]) found.add(match[1].trim());
  }
  return [...found];
}

function lowerBound(words: number) {
  return Math.ceil(words * (1 - STORY_LENGTH_TOLERANCE));
}

function upperBound(words: number) {
  return Math.floor(words * (1 + STORY_LENGTH_TOLERANCE));
}

function inLanguage(brief: StoryBrief): string {
  const { language } = brief.request;
  const system = brief.profile.writingSystem;
  return system.scripts.includes('Latin')
    ? `in ${language}`
    : `in ${language}, in ${system.name} script`;
}

function briefLines(brief: StoryBrief): string[] {
  const { storyType, audience, tone } = brief.request;
  return [
    `${withArticle(storyType)} story ${inLanguage(brief)} for ${audience}, in a ${tone} tone${tone === 'humorous' ? ' (make the reader laugh)' : ''}.`,
    brief.theme
      ? `Theme: ${brief.theme}.`
      : 'Theme: an original one that suits the story type and the audience.',
    ...(brief.details ? [`The visitor's own details: ${brief.details}`] : []),
    ...(brief.elements.length > 0
      ? [`Names the story must use, as written: ${brief.elements.join(', ')}.`]
      : []),
  ];
}

function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'An' : 'A'} ${word}`;
}

export function storyPlanPrompt(brief: StoryBrief): string {
  return [
    ...briefLines(brief),
    `Plan the story ${inLanguage(brief)}: a short title, its characters with their names, the place, and one short sentence each for the beginning, the middle and the ending.`,
    'The title names something in the story, never the story type, the audience or the tone.',
  ].join('\n');
}

/**
 * The plan as a grammar: a title, and one short sentence per line, of at most about 30 words. A
 * line as long as any sentence (320 characters) let a Japanese plan loop on readings in brackets
 * ("(せんきゅう) (せんきゅう)…") until its tokens ran out and the story came back empty.
 */
export function storyPlanGrammar(profile: LanguageProfile): string {
  const line = 'planline';
  return [
    `root ::= "Title: " heading "\\nCharacters: " ${line} "\\nPlace: " ${line} "\\nBeginning: " ${line} "\\nMiddle: " ${line} "\\nEnding: " ${line} "\\n"`,
    `planline ::= ${prose(1, Math.min(SENTENCE_CHARACTERS, profile.charactersPerWord * PLAN_LINE_WORDS))}`,
    // A title's bound, reached, glued its last words ("…leur jardin surleToit").
    headingRules(profile.writingSystem, TITLE_BOUND),
    proseRules(profile.writingSystem, { quotes: true }),
  ].join('\n');
}

export interface StoryPlan {
  title: string;
  lines: string;
}

export function parseStoryPlan(text: string): StoryPlan | undefined {
  const title = /^Title: (.+)$/m.exec(text)?.[1]?.trim();
  const ending = /^Ending: (.+)$/m.test(text);
  if (!title || !ending) return undefined;
  return { title, lines: text.trim() };
}

/**
 * The plan as one part sees it: the title, the characters, the place and its own line. Shown the
 * ending's line, the model wrote the ending in the middle part, and the ending part, left with
 * nothing new, came back empty twice.
 */
function planFor(lines: string, partName: string): string {
  const own = `${capitalised(partName)}: `;
  return lines
    .split('\n')
    .filter((line) => /^(?:Title|Characters|Place): /.test(line) || line.startsWith(own))
    .join('\n');
}

/** The plan with its title as a heading and its lines as sentences, to check it like a text. */
function planAsMarkdown(plan: StoryPlan): string {
  return `# ${plan.title}\n\n${plan.lines.replace(/^Title: .*\n/, '').replace(/^\w+: /gm, '')}`;
}

/** About how many words a sentence of a story has: what bounds a part's sentences. */
const WORDS_PER_STORY_SENTENCE = 10;

/**
 * A part of the story as a grammar: paragraphs of whole sentences in the language's script, about
 * one paragraph per 70 words, with at least two sentences each (the model stops early otherwise)
 * and at most what the part's words need and one more (unbounded, parts of 60 words came out at
 * 150).
 */
export function storyPartGrammar(
  profile: LanguageProfile,
  words: number,
  opening?: string,
): string {
  const paragraphs = Math.max(1, Math.round(words / 70));
  const most = Math.max(3, Math.ceil(words / paragraphs / WORDS_PER_STORY_SENTENCE) + 1);
  const least = Math.max(2, Math.floor(words / paragraphs / 20));
  if (opening === undefined) {
    return [
      `root ::= paragraph ("\\n\\n" paragraph){0,${paragraphs - 1}}`,
      `paragraph ::= ${sentences(most, least)}`,
      proseRules(profile.writingSystem, { quotes: true }),
    ].join('\n');
  }
  return [
    `root ::= openingparagraph ("\\n\\n" paragraph){0,${paragraphs - 1}}`,
    `openingparagraph ::= openingsentence (gap sentence){${least - 1},${most - 1}}`,
    `openingsentence ::= ${literal(opening)} char{0,${SENTENCE_CHARACTERS - opening.length - 2}} stop`,
    `paragraph ::= ${sentences(most, least)}`,
    proseRules(profile.writingSystem, { quotes: true }),
  ].join('\n');
}

/** About what a story costs the model: its plan, its words in the language, and a rewrite. */
function storyExpectedTokens(request: StoryRequest): number {
  const profile = LANGUAGE_PROFILES[request.language];
  return Math.ceil(request.storyLength * profile.tokensPerWord * 1.2) + 150 * profile.tokensPerWord;
}

function maxTokensFor(words: number, profile: LanguageProfile): number {
  return Math.ceil(words * profile.tokensPerWord * 1.5) + 32;
}

/**
 * A part as plain prose, without what the story already said (the model copies the last part),
 * and, before the ending, without the sentences past its share and a half: a part that runs long
 * loses its last sentences here instead of being written again.
 */
function cleanPart(raw: string, profile: LanguageProfile, story: string, longest?: number): string {
  const { locale } = profile;
  // The title said as a paragraph's label ("La Luna Mágica: El día siguiente, …") goes.
  const title = /^# (.+)$/m.exec(story)?.[1] ?? '';
  const part = dropUnfinishedSentence(
    removeTalkAboutTheStory(
      removeRepeatedSentences(
        removeHeadingLabels(
          removeOtherLanguages(markdownToPlainText(cleanModelOutput(raw)), profile),
          title === '' ? [] : [title],
        ),
        [],
        story,
      ),
      locale,
    ),
    locale,
  );
  if (longest === undefined || countWords(part, locale) <= longest) return part;
  const kept = trimParagraphsToWords(part, longest, locale);
  return kept === '' ? part : kept;
}

/** Whole sentences from the start, paragraph by paragraph, up to `longest` words. */
function trimParagraphsToWords(text: string, longest: number, locale: string): string {
  const kept: string[] = [];
  let words = 0;
  for (const paragraph of text.split(/\n{2,}/)) {
    const room = longest - words;
    const paragraphWords = countWords(paragraph, locale);
    if (paragraphWords <= room) {
      kept.push(paragraph);
      words += paragraphWords;
      continue;
    }
    const trimmed = trimToSentences(paragraph, room, locale);
    if (room > 0 && !trimmed.endsWith('…')) kept.push(trimmed);
    break;
  }
  return kept.join('\n\n');
}

export function writeStory(request: StoryRequest, context: WriterContext): Promise<Draft> {
  return writeDraftInTurn(context, storyExpectedTokens(request), (turn, stream) =>
    writeStoryDraft(request, turn, stream),
  );
}

async function writeStoryDraft(
  request: StoryRequest,
  context: WriterContext,
  stream: DraftStream,
): Promise<Draft> {
  const brief = storyBriefOf(request);
  const { profile } = brief;
  const { locale } = profile;
  const target = request.storyLength;
  const expect = (extra: Partial<DraftExpectations> = {}): DraftExpectations => ({
    profile,
    ...extra,
  });
  const tally = new DraftTally();

  const planned = await writeCheckedPart(context, stream, {
    request: {
      system: PLANNER_SYSTEM,
      prompt: storyPlanPrompt(brief),
      maxTokens: Math.ceil(6 * PLAN_LINE_WORDS * profile.tokensPerWord) + 60,
      temperature: 0.8,
      grammar: storyPlanGrammar(profile),
    },
    clean: planNotes,
    check: (text) => {
      const plan = parseStoryPlan(text);
      return plan
        ? checkDraft(planAsMarkdown(plan), expect({ elements: brief.elements }))
        : [UNREADABLE_PLAN];
    },
  });
  tally.addPlan(planned);
  const plan = requirePlan(parseStoryPlan(planned.text), planned.text, 'story');

  let story = `# ${plan.title}\n\n`;
  for (const [index, part] of STORY_PARTS.entries()) {
    const words = Math.round(target * part.share * PART_WORDS_ASKED);
    const before = index === 0 ? story : `${story}\n\n`;
    const soFar = story.replace(/^# .*\n+/, '').trim();
    const instruction = part.instruction(words);
    // The ending makes up what the story still lacks of its least length: the fifth and sixth
    // runs' Japanese stories ended 146 words long for 200, the ending of 9 to 20 words within what
    // a part alone may have.
    const lowest = Math.max(
      Math.floor(words * 0.6),
      index === STORY_PARTS.length - 1 ? lowerBound(target) - countWords(soFar, locale) : 0,
    );
    const highest = Math.max(Math.ceil(words * 1.6), lowest);
    const written = await writeCheckedPart(context, stream, {
      request: {
        system: WRITER_SYSTEM,
        prompt: [
          ...briefLines(brief),
          '',
          'The plan:',
          planFor(plan.lines, part.name),
          '',
          ...(soFar ? ['The story so far:', soFar, ''] : []),
          `${instruction} Write ${inLanguage(brief)}.`,
        ].join('\n'),
        maxTokens: maxTokensFor(words, profile),
        temperature: 0.8,
        // The story opens on the visitor's hero: asked in words, the model renamed the cat ミケ
        // "小さな猫" and told of a girl 花子 instead, in the first part and in its rewrite.
        grammar: storyPartGrammar(profile, words, index === 0 ? brief.opening : undefined),
      },
      instruction,
      clean: (raw) =>
        cleanPart(
          raw,
          profile,
          story,
          part.name === 'ending' ? undefined : Math.ceil(words * PART_WORDS_LONGEST),
        ),
      check: (text) =>
        checkDraft(text, {
          profile,
          before: story,
          words: { lowest, highest },
          elements: index === 0 ? brief.elements : [],
        }),
      shownBefore: before,
      // A part still short after its rewrite goes on from where it stops, or is written once
      // more when nothing is left (the fifth run's Japanese ending: its rewrite told the beginning
      // again, which went as said already, and the story had no ending).
      continuation: {
        missingWords: (text) => Math.max(0, lowest - countWords(text, locale)),
        grammar: paragraphGrammar(profile.writingSystem, 6, 2, { quotes: true }),
      },
    });
    // The story's length is checked whole, below.
    tally.add(written, ['length']);
    story = `${before}${written.text}`;
  }

  // A part that said again what an earlier one said (a small model copies) loses the repeat; a
  // quote whose closing sentence went with it or with the trimming is closed at its paragraph's
  // end (the fifth run's French story: '"Mais c'est un jardin ! C'est une autre époque.').
  story = closeOpenQuotes(fitLength(removeRepeatedSentences(story), target, locale));
  stream.settle(story);
  const problems = checkDraft(
    story,
    expect({
      title: true,
      elements: brief.elements,
      words: { lowest: lowerBound(target), highest: upperBound(target) },
    }),
  );
  return tally.draft(story, problems);
}

/**
 * A story over its upper bound loses whole sentences from the end of its middle, so the ending
 * stays; the title is not counted.
 */
function fitLength(story: string, target: number, locale: string): string {
  const [titleLine = '', ...rest] = story.split('\n');
  const paragraphs = rest
    .join('\n')
    .trim()
    .split(/\n{2,}/);
  let excess = countWords(story, locale) - upperBound(target);
  // From the middle back to the first paragraph: the ending stays whole.
  const middle = Math.floor(paragraphs.length / 2);
  for (let index = middle; excess > 0 && index >= 0 && index < paragraphs.length - 1; index -= 1) {
    const paragraph = paragraphs[index] ?? '';
    const words = countWords(paragraph, locale);
    const kept = trimToSentences(paragraph, Math.max(15, words - excess), locale);
    if (kept.endsWith('…')) continue;
    excess -= words - countWords(kept, locale);
    paragraphs[index] = kept;
  }
  return `${titleLine}\n\n${paragraphs.join('\n\n')}`;
}
