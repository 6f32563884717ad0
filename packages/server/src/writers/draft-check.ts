/**
 * The writers' check of a finished text (issue 20): what a reader would refuse to publish, found
 * before the visitor is told "success". Each problem comes back in the visitor's words
 * (contracts' DRAFT_PROBLEM_MESSAGES); a writer rewrites a part that has one, and names what is left.
 */
import { DRAFT_PROBLEM_MESSAGES, SPOKEN_WORDS_PER_MINUTE } from '@ai-tools/contracts';
import {
  CHATTER,
  countWords,
  INSTRUCTION_ECHO,
  SaidSentences,
  sentencesToCompare,
  splitSentences,
} from './writing.ts';
import { SENTENCE_CHARACTERS } from './grammar.ts';
import {
  hasFunctionWords,
  inWritingSystem,
  languageOfProfile,
  englishWordsIn,
  inAnotherLanguage,
  type LanguageProfile,
} from './languages.ts';

export interface DraftExpectations {
  profile: LanguageProfile;
  /** The text is a markdown document with exactly one level-1 heading. */
  title?: boolean;
  /** Names and phrases that must appear (the visitor's characters, places, keywords). */
  elements?: readonly string[];
  /** Words the text must have, headings included. */
  words?: { lowest: number; highest: number };
  /** A script's voice-over (the items with this label) must take about this long to read aloud. */
  spoken?: { label: string; seconds: number };
  /** Labels of list items that are cues, not sentences: they need not end with a full stop. */
  cueLabels?: readonly string[];
  /** Text written before this part: a sentence said there and again here is a repeat. */
  before?: string;
}

/** How far a script's reading time may stray from its duration. */
export const SPEAKING_TIME_TOLERANCE = 0.2;

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;
// TODO, TBD and XXX in capitals only: "todo" is Spanish and Portuguese for "all".
const PLACEHOLDER =
  /\{[^{}\n]{0,60}\}|\[[^\]\n]{0,60}\]|<[^<>\n]{1,60}>|\b(?:[Ll]orem [Ii]psum|TODO|TBD|XXX)\b|\bINSERT [A-Z]+\b/;
const EMPTY_CUE = /^(?:none|n\/?a|nothing|-+|\.+|tbd)\b.*$/i;
/** How a closing section is named, in the languages latinLanguageOf tells apart. */
const CONCLUSION_NAMES = [
  'conclusion',
  'in conclusion',
  'summary',
  'final thoughts',
  'wrapping up',
  'conclusión',
  'resumen',
  'fazit',
  'zusammenfassung',
  'conclusione',
  'conclusão',
  'résumé',
];
const INTRODUCTION_NAMES = [
  'introduction',
  'intro',
  'introducción',
  'einleitung',
  'introduzione',
  'introdução',
];
/** A heading that is one of `names`, or has one after a label ("Inicio: Introducción al tema"). */
const headingNamed = (names: readonly string[]) =>
  new RegExp(`^(?:[^:\\n]{1,30}:\\s*)?(?:${names.join('|')})(?![\\p{L}])`, 'iu');
const CONCLUSION_HEADING = headingNamed(CONCLUSION_NAMES);
/** A heading named like the introduction or the conclusion. */
export const FRAME_HEADING = headingNamed([...INTRODUCTION_NAMES, ...CONCLUSION_NAMES]);
/** What may end a sentence in the writers' languages, with a closing quote or bracket after it. */
const SENTENCE_END = /[.!?…。！？।॥؟۔]["'”’»」』)\]]*$/u;

/** The checks, by name: what the quality benchmark reports on, brief by brief. */
export const DRAFT_CHECKS = [
  'readable plan',
  'one title',
  'no repeated heading',
  'no placeholder',
  'one writing system',
  'one language',
  'whole lines',
  'closed marks',
  'consistent lists',
  'no empty cue',
  'no chatter',
  'no instructions echoed',
  'named elements present',
  'no sentence said twice',
  'length',
  'speaking time',
] as const;
export type DraftCheck = (typeof DRAFT_CHECKS)[number];

export interface DraftProblem {
  check: DraftCheck;
  /** In the visitor's words (contracts' DRAFT_PROBLEM_MESSAGES). */
  message: string;
}

/** Every problem of a text, each once, in the order a reader meets them. */
export function checkDraft(text: string, expectations: DraftExpectations): DraftProblem[] {
  const problems = [
    ...titleProblems(text, expectations),
    ...headingProblems(text),
    ...placeholderProblems(text),
    ...scriptProblems(text, expectations.profile),
    ...languageProblems(text, expectations.profile),
    ...lineProblems(text, expectations),
    ...chatterProblems(text),
    ...instructionProblems(text),
    ...elementProblems(text, expectations),
    ...repeatProblems(text, expectations),
    ...lengthProblems(text, expectations),
    ...speakingTimeProblems(text, expectations),
  ];
  const seen = new Set<string>();
  return problems.filter((problem) => !seen.has(problem.message) && seen.add(problem.message));
}

function problem(check: DraftCheck, message: string): DraftProblem {
  return { check, message };
}

function titleProblems(text: string, { title }: DraftExpectations): DraftProblem[] {
  if (!title) return [];
  const titles = text.split('\n').filter((line) => /^#\s/.test(line)).length;
  return titles === 1 ? [] : [problem('one title', DRAFT_PROBLEM_MESSAGES.titleCount(titles))];
}

function headingProblems(text: string): DraftProblem[] {
  const seen = new Set<string>();
  let conclusions = 0;
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line)?.[2]?.trim();
    if (!heading) continue;
    const key = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    const glued = gluedWord(heading);
    if (glued) return [problem('whole lines', DRAFT_PROBLEM_MESSAGES.gluedWords(glued))];
    if (CONCLUSION_HEADING.test(key)) conclusions += 1;
    if (seen.has(key) || (conclusions > 1 && CONCLUSION_HEADING.test(key))) {
      return [problem('no repeated heading', DRAFT_PROBLEM_MESSAGES.repeatedHeading(heading))];
    }
    seen.add(key);
  }
  return [];
}

/**
 * "yourdailyRoutine", "byAdding": words run together where a bound stopped the model's spaces (a
 * brand's "iPhone" or "YouTube" stays); "toadopthealthyworkinghabits": a lower-case word longer
 * than the words of a short line (a German noun starts with a capital).
 */
function gluedWord(line: string): string | undefined {
  return line
    .split(/\s+/)
    .find((word) => /^\p{Ll}{2,}\p{Lu}|\p{Ll}{6,}\p{Lu}|^\p{Ll}{25,}/u.test(word));
}

function placeholderProblems(text: string): DraftProblem[] {
  const token = PLACEHOLDER.exec(text)?.[0];
  return token ? [problem('no placeholder', DRAFT_PROBLEM_MESSAGES.placeholder(token))] : [];
}

/**
 * Letters of another writing system. A text in a script other than Latin may name a person or a
 * brand in Latin letters (a capitalised word), but not write ordinary words in it.
 */
function scriptProblems(text: string, profile: LanguageProfile): DraftProblem[] {
  const system = profile.writingSystem;
  const latinText = system.scripts.includes('Latin');
  for (const match of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    const word = match[0];
    const foreign = [...word].find(
      (letter) =>
        /\p{L}/u.test(letter) &&
        // The long-vowel mark ー and the like belong to every script.
        !/\p{Script=Common}|\p{Script=Inherited}/u.test(letter) &&
        !inWritingSystem(letter, system),
    );
    if (foreign === undefined) continue;
    if (!latinText && /^\p{Script=Latin}+$/u.test(word) && /^\p{Lu}/u.test(word)) continue;
    const start = Math.max(0, (match.index ?? 0) - 12);
    const sample = text
      .slice(start, (match.index ?? 0) + word.length + 12)
      .replace(/\s+/g, ' ')
      .trim();
    return [problem('one writing system', DRAFT_PROBLEM_MESSAGES.otherScript(sample))];
  }
  return [];
}

/**
 * A paragraph or list item in another language of the same script: the Spanish post's section
 * written in English ("The importance of purchasing high-quality products is crucial…"). Only for
 * the languages latinLanguageOf can tell apart, and only lines long enough to tell.
 */
function languageProblems(text: string, profile: LanguageProfile): DraftProblem[] {
  const language = languageOfProfile(profile);
  if (!hasFunctionWords(language)) return [];
  for (const line of text.split('\n')) {
    // A title in another language ("# The Mystery of Pimienta's Lamp" over the seventh run's
    // Spanish story): a heading is short, so its common words alone tell.
    if (/^#/.test(line)) {
      if (inAnotherLanguage(line, language)) {
        const heading = line.replace(/^#+\s*/, '');
        return [problem('one language', DRAFT_PROBLEM_MESSAGES.otherLanguage(heading, language))];
      }
      continue;
    }
    const english = englishWordsIn(line, language);
    if (english) {
      return [problem('one language', DRAFT_PROBLEM_MESSAGES.otherLanguage(english, language))];
    }
    if (countWords(line) < 12) continue;
    if (inAnotherLanguage(line, language)) {
      const sample = line
        .replace(/^[\s*-]+/, '')
        .split(/\s+/)
        .slice(0, 6)
        .join(' ');
      return [problem('one language', DRAFT_PROBLEM_MESSAGES.otherLanguage(sample, language))];
    }
  }
  return [];
}

/**
 * Line by line: every paragraph and list item ends on a whole sentence (a cue may be a phrase),
 * emphasis and quotes are closed, no cue is empty, and a list does not mix numbers and bullets.
 */
function lineProblems(text: string, expectations: DraftExpectations): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const cueLabels = expectations.cueLabels ?? [];
  const lines = text.split('\n');
  let listKinds = new Set<string>();
  let expectedNumber = 1;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    const item = LIST_ITEM.exec(line);
    if (!item) {
      if (trimmed === '' || !HEADING.test(trimmed)) listKinds = new Set();
      expectedNumber = 1;
    } else {
      listKinds.add(item[1] ? 'bullet' : 'number');
      if (item[2] !== undefined) {
        if (Number(item[2]) !== expectedNumber)
          problems.push(problem('consistent lists', DRAFT_PROBLEM_MESSAGES.mixedList));
        expectedNumber += 1;
      }
      if (listKinds.size > 1)
        problems.push(problem('consistent lists', DRAFT_PROBLEM_MESSAGES.mixedList));
    }
    if (trimmed === '' || HEADING.test(trimmed)) return;

    const content = item?.[3] ?? trimmed;
    if (
      (content.match(/\*\*/g) ?? []).length % 2 !== 0 ||
      (content.replace(/\*\*/g, '').match(/\*/g) ?? []).length % 2 !== 0
    ) {
      problems.push(problem('closed marks', DRAFT_PROBLEM_MESSAGES.openEmphasis));
    }
    if (!quotesClosed(content))
      problems.push(problem('closed marks', DRAFT_PROBLEM_MESSAGES.openQuote));
    if (!bracketsClosed(content))
      problems.push(problem('closed marks', DRAFT_PROBLEM_MESSAGES.openBracket));

    const label = /^\*\*([^*]+?):?\*\*:?\s*(.*)$/.exec(content);
    const isCue = label !== null && cueLabels.some((cue) => cue === label[1]?.replace(/:$/, ''));
    if (isCue) {
      const value = label[2]?.trim() ?? '';
      if (value === '' || EMPTY_CUE.test(value)) {
        problems.push(problem('no empty cue', DRAFT_PROBLEM_MESSAGES.emptyCue(label[1] ?? '')));
      }
      const glued = gluedWord(value);
      if (glued) problems.push(problem('whole lines', DRAFT_PROBLEM_MESSAGES.gluedWords(glued)));
      return;
    }
    const next = lines.slice(index + 1).find((candidate) => candidate.trim() !== '');
    const introducesList = content.endsWith(':') && next !== undefined && LIST_ITEM.test(next);
    const sentence = content.replace(/\*+$/, '');
    // "…flavored g…": a word cut where a bound stopped the model, not a sentence's end. A story
    // may trail off ("And then…"); a list item may not ("…especially important for... …").
    const cutWord = item ? /(?:…|\.\.\.)$/u.test(sentence) : /(?:^|\s)\p{L}{1,2}…$/u.test(sentence);
    if (!introducesList && (cutWord || !SENTENCE_END.test(sentence))) {
      problems.push(problem('whole lines', DRAFT_PROBLEM_MESSAGES.unfinishedLine(ending(content))));
    }
    // A sentence as long as the grammar allows was stopped by that bound, mid-word ("…proper Hy.");
    // one that ends on a lone small letter stopped in its last word ("…before you're d.").
    const runOn = splitSentences(content).find(
      (candidate) =>
        candidate.trim().length >= SENTENCE_CHARACTERS - 1 ||
        /\s\p{Ll}[.!?]["'”’»)]*$/u.test(candidate.trim()),
    );
    if (runOn) {
      problems.push(
        problem('whole lines', DRAFT_PROBLEM_MESSAGES.unfinishedLine(ending(runOn.trim()))),
      );
    }
  });
  return problems;
}

/** The last words of a line, from a word's start, to show where it stops. */
function ending(line: string, longest = 30): string {
  if (line.length <= longest) return line;
  const tail = line.slice(-longest);
  const space = tail.indexOf(' ');
  return space >= 0 ? tail.slice(space + 1) : tail;
}

function quotesClosed(text: string): boolean {
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  return (
    count(/"/g) % 2 === 0 &&
    count(/“/g) === count(/”/g) &&
    count(/«/g) === count(/»/g) &&
    count(/「/g) === count(/」/g)
  );
}

/**
 * Every bracket closed after it opens, in order: "Continued) – Part 2 (Continued)" was debris of
 * the plan, and a ")" before its "(" is no aside a reader can follow. The full-width brackets of
 * Chinese and Japanese too: a Japanese story opened with its title and "（ミ。ニカエ, ミクェえん…".
 */
function bracketsClosed(text: string): boolean {
  let open = 0;
  for (const mark of text.match(/[()（）]/gu) ?? []) {
    open += mark === '(' || mark === '（' ? 1 : -1;
    if (open < 0) return false;
  }
  return open === 0;
}

function instructionProblems(text: string): DraftProblem[] {
  const phrase = firstPhrase(text, INSTRUCTION_ECHO);
  return phrase
    ? [problem('no instructions echoed', DRAFT_PROBLEM_MESSAGES.instructions(phrase))]
    : [];
}

function chatterProblems(text: string): DraftProblem[] {
  const phrase = firstPhrase(text, CHATTER);
  return phrase ? [problem('no chatter', DRAFT_PROBLEM_MESSAGES.chatter(phrase))] : [];
}

/**
 * What `pattern` first finds in the text's sentences, read one by one as the cleaning reads them:
 * a "^" is a sentence's start ("Bienvenue à…", "Conclusion: …"), which the cleaning drops and the
 * check must name where it is left. Headings are not read: "Conclusion: Start Your Day Right" is
 * one.
 */
function firstPhrase(text: string, pattern: RegExp): string | undefined {
  return sentencesToCompare(text)
    .map((sentence) => pattern.exec(sentence.trim())?.[0])
    .find((found) => found !== undefined);
}

/** Folds case and accents away, so "Pimienta" is found in "PIMIENTA" and "Amélie" in "Amelie". */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function elementProblems(text: string, { elements = [] }: DraftExpectations): DraftProblem[] {
  const haystack = folded(text);
  return elements
    .filter((element) => !haystack.includes(folded(element.trim())))
    .map((element) =>
      problem('named elements present', DRAFT_PROBLEM_MESSAGES.missingElement(element)),
    );
}

function repeatProblems(
  text: string,
  { before = '', profile, cueLabels = [] }: DraftExpectations,
): DraftProblem[] {
  const said = new SaidSentences(profile.locale);
  for (const sentence of sentencesToCompare(before, cueLabels, profile.locale)) {
    said.saysAgain(sentence);
  }
  for (const sentence of sentencesToCompare(text, cueLabels, profile.locale)) {
    if (said.saysAgain(sentence)) {
      return [
        problem(
          'no sentence said twice',
          DRAFT_PROBLEM_MESSAGES.repeatedSentence(shortened(sentence.trim())),
        ),
      ];
    }
  }
  return [];
}

function shortened(text: string, longest = 60): string {
  return text.length <= longest ? text : `${text.slice(0, longest - 1)}…`;
}

function lengthProblems(text: string, { words, profile }: DraftExpectations): DraftProblem[] {
  if (!words) return [];
  const count = countWords(text, profile.locale);
  return count < words.lowest || count > words.highest
    ? [problem('length', DRAFT_PROBLEM_MESSAGES.length(count, words.lowest, words.highest))]
    : [];
}

/** The words a narrator reads: each "Voiceover" item of a script. */
export function spokenText(script: string, voiceoverLabel: string): string {
  const label = new RegExp(`^\\s*[-*]?\\s*\\*\\*${voiceoverLabel}:?\\*\\*:?\\s*(.*)$`, 'i');
  return script
    .split('\n')
    .map((line) => label.exec(line)?.[1] ?? '')
    .filter((line) => line !== '')
    .join(' ');
}

/** How long the words take to say at SPOKEN_WORDS_PER_MINUTE, unrounded. */
export function speakingSeconds(spoken: string, locale = 'en'): number {
  return (countWords(spoken, locale) * 60) / SPOKEN_WORDS_PER_MINUTE;
}

function speakingTimeProblems(text: string, expectations: DraftExpectations): DraftProblem[] {
  if (!expectations.spoken) return [];
  const target = expectations.spoken.seconds;
  const seconds = speakingSeconds(
    spokenText(text, expectations.spoken.label),
    expectations.profile.locale,
  );
  // Compared unrounded: 18 words for a 9-second video read for 7.2 s, 80% of it and within the
  // tolerance, but rounded to 7 s they were refused. The bound itself is within (27 words are
  // 10.8 s, in floating point a hair over 9 s and 20%).
  return Math.abs(seconds - target) > target * SPEAKING_TIME_TOLERANCE + 1e-9
    ? [problem('speaking time', DRAFT_PROBLEM_MESSAGES.speakingTime(Math.round(seconds), target))]
    : [];
}
