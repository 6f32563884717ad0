/**
 * The pieces of the writers' grammars (llama.cpp GBNF): prose in one writing system, paragraphs
 * and bullets that end on a whole sentence, and headings made of whole words. What the grammar
 * cannot let through, the model cannot write: another script's letters, markup (# * _ < > [ ] { }
 * ` | ~ \), emoji, or a paragraph that stops mid-sentence.
 */
import { CJK_PUNCTUATION, WRITING_SYSTEMS, type WritingSystem } from './languages.ts';

/**
 * Digits, spaces and plain punctuation, free in every language: ASCII without the markup marks,
 * then « » ¡ ¿ ° and the general punctuation block (dashes, curly quotes). No full stop, question
 * or exclamation mark and no ellipsis: those end a sentence (the `stop` rule), so the grammar
 * counts sentences exactly. The hyphen has a rule of its own in proseRules (and goes last in a
 * class, where GBNF reads it as itself rather than a range).
 */
const PLAIN_PUNCTUATION = String.raw` $%&'(),/0-9:;=+\u00A0\u00A1\u00AB\u00B0\u00BB\u00BF\u2010-\u2025\u2027\u2030-\u205E\u20AC`;
/** The Chinese and Japanese punctuation of CJK_PUNCTUATION without 。！？ and the full-width stop. */
const CJK_PUNCTUATION_INSIDE = String.raw`\u3000\u3001\u3003\u3004\u3006-\u303F\uFF02-\uFF0D\uFF0F-\uFF1E\uFF20-\uFF5E`;
const STRAIGHT_QUOTE = '"';
/** What may close a sentence after its full stop: a quote or a bracket. */
const CLOSERS = String.raw`"'\u2019\u201D\u00BB)\u300D\u300F`;

function isEastAsian(system: WritingSystem) {
  return system === WRITING_SYSTEMS.japanese || system === WRITING_SYSTEMS.chinese;
}

export interface ProseOptions {
  /** Straight double quotes: a story's dialogue needs them; words read aloud do not. */
  quotes?: boolean;
  /**
   * The fewest characters of a sentence (1 when unset): a voice-over's "Here's how!" met its
   * count of sentences with a fragment.
   */
  shortestSentence?: number;
}

/**
 * The rules every prose grammar needs, named with `prefix` so two systems can share one grammar:
 * `<prefix>char` (one character inside a sentence), `<prefix>first` (how a sentence starts: a
 * letter or an opening quote), `<prefix>stop` (a full stop with the quote or bracket that may close
 * it), `<prefix>sentence` and `<prefix>gap` (what goes between two sentences).
 */
export function proseRules(system: WritingSystem, options: ProseOptions = {}, prefix = ''): string {
  const extra = isEastAsian(system) ? CJK_PUNCTUATION_INSIDE : '';
  const quote = options.quotes ? STRAIGHT_QUOTE : '';
  const characters = `${system.letters}${extra}${PLAIN_PUNCTUATION}${quote}`;
  const openers = `${quote}\\u201C\\u00AB\\u00BF\\u00A1\\u300C\\u300E`;
  // Chinese and Japanese put no space between sentences.
  const gap = isEastAsian(system) ? '' : '" " ';
  return [
    // A hyphen joins letters ("well-being"): " - " and " -Water" fake a list inside a sentence.
    // A point inside a number ("2.5 liters") does not end its sentence.
    `${prefix}char ::= [${characters}] | [${system.letters}0-9] "-" [${system.letters}0-9] | [0-9] "." [0-9]`,
    // A capital (a letter in a script without cases) or an opening quote: "1." is a number, not
    // a sentence to start a list with, and "toes pointing outward." is not a sentence.
    `${prefix}first ::= [${system.capitals ?? system.letters}${openers}]`,
    `${prefix}stop ::= [${system.fullStops}] [${CLOSERS}]?`,
    `${prefix}sentence ::= ${prose(options.shortestSentence ?? 1, SENTENCE_CHARACTERS, prefix)}`,
    `${prefix}gap ::= ${gap || '""'}`,
  ].join('\n');
}

/**
 * The most characters one sentence may have. A bound that is reached cuts a word ("…proper Hy."),
 * so prose is bounded by its number of sentences instead, and only a run-on sentence meets this
 * one: the check (draft-check.ts) refuses a sentence of this length as cut.
 */
export const SENTENCE_CHARACTERS = 320;

/**
 * `least` to `most` whole sentences: a model that loops or runs on ends after its last sentence,
 * on a full stop, instead of at a character bound in the middle of a word; and a model that would
 * stop after one short sentence (the 1.5B model's habit when a part may end anywhere) says as
 * many as the part needs.
 */
export function sentences(most: number, least = 1, prefix = ''): string {
  const more = Math.max(0, Math.round(most) - 1);
  const fewer = Math.min(more, Math.max(0, Math.round(least) - 1));
  return `${prefix}sentence (${prefix}gap ${prefix}sentence){${fewer},${more}}`;
}

/** A grammar of one paragraph: `least` to `most` whole sentences in the writing system. */
export function paragraphGrammar(
  system: WritingSystem,
  most: number,
  least = 1,
  options: ProseOptions = {},
): string {
  return [`root ::= ${sentences(most, least)}`, proseRules(system, options)].join('\n');
}

/**
 * A run of prose of `shortest` to `longest` characters that ends with a full stop. The bounds are
 * wide: the model ends where its thought ends, and the upper one only guards against a loop.
 */
export function prose(shortest: number, longest: number, prefix = ''): string {
  const low = Math.max(0, Math.round(shortest) - 2);
  const high = Math.max(low + 1, Math.round(longest) - 2);
  return `${prefix}first ${prefix}char{${low},${high}} ${prefix}stop`;
}

/**
 * A heading or title of whole words: one to `maxWords` words of up to 30 characters each, so it
 * ends after a word the model finished. No full stop. A comma or colon only goes between two words
 * ("Water, coffee", "Hydration: the basics"), never inside one ("limpias,ahaha!nox") or at the end
 * ("…experience by adding:"); the first word starts with a capital, or a letter in a script
 * without cases ("1: The benefits" numbers a heading the page already orders; "izar recursos"); ? and ! only end the heading ("Stay hydrated all day long!
 * Incorporate…" is two sentences, not a heading).
 */
export function headingRules(
  system: WritingSystem,
  maxWords = 12,
  prefix = '',
  options: HeadingOptions = {},
): string {
  // Without an end mark, Chinese and Japanese lose their full-width ones too (and the full stop).
  const extra = isEastAsian(system)
    ? options.endMark === false
      ? CJK_PUNCTUATION_INSIDE
      : CJK_PUNCTUATION
    : '';
  // No brackets: the model put its instructions there ("Introducción (200 characters)").
  const letters = String.raw`${system.letters}${extra}0-9'&\u2019\u2013\u2014-`;
  const endMark = options.endMark === false ? '' : ' [?!]?';
  return [
    `${prefix}heading ::= ${prefix}lead (${prefix}between ${prefix}word){0,${maxWords - 1}}${endMark}`,
    `${prefix}lead ::= [${system.capitals ?? system.letters}${extra}] [${letters}]{0,29}`,
    `${prefix}word ::= [${letters}]{1,30}`,
    `${prefix}between ::= [,:]? " "`,
  ].join('\n');
}

export interface HeadingOptions {
  /**
   * Whether the heading may end with ? or !: a title may ask or exclaim; a video's B-roll line
   * describes a shot ("You get it, right?" was one), so it may not.
   */
  endMark?: boolean;
}

/** A keyword or name as a GBNF string literal, on one line. */
export function literal(text: string): string {
  // JSON's string escapes (quote, backslash, \uXXXX) are GBNF's too.
  return JSON.stringify(text.replace(/\s+/g, ' ').trim());
}
