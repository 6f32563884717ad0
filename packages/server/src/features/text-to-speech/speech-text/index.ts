/**
 * Prepares text for a speech engine: markdown symbols are never read aloud, English numbers and
 * abbreviations become the words a person would say, the language is detected so the engine can
 * choose a fitting voice, and long text is split at sentence boundaries into chunks the engine
 * accepts. One module per step, in this folder.
 */
import { spellAbbreviations } from './abbreviations.ts';
import { detectLanguage } from './language.ts';
import { stripMarkdown } from './markdown.ts';
import { spellNumbers } from './numbers.ts';
import { TrackedText } from './tracked-text.ts';

export { detectLanguage } from './language.ts';
export { stripMarkdown } from './markdown.ts';
export { integerToWords, numbersToWords } from './numbers.ts';
export { splitFirstSentence, splitIntoChunks, splitIntoSentences } from './sentences.ts';

export interface SpeechText {
  /** The words to speak; empty when the text had nothing to read aloud. */
  text: string;
  language?: string;
  /**
   * The words as written behind `text.slice(start, end)`, without markdown, on one line: "2019"
   * where the engine says "twenty nineteen". Captions show these.
   */
  writtenBetween: (start: number, end: number) => string;
}

/** `spokenLanguages`: those the engine speaks, which win a near tie in the language's detection. */
export function prepareSpeechText(input: string, spokenLanguages?: readonly string[]): SpeechText {
  const plain = stripMarkdown(input);
  const language = detectLanguage(plain, spokenLanguages);
  const spoken = spokenWords(TrackedText.of(plain), language)
    .replace(/\s+/g, () => ' ')
    .replace(/^ | $/g, () => '');
  const writtenBetween = (start: number, end: number) =>
    spoken.writtenBetween(start, end).replace(/\s+/g, ' ').trim();
  // Text with no letter or digit in any script (only symbols) has nothing to read aloud.
  const text = /[\p{L}\p{N}]/u.test(spoken.text) ? spoken.text : '';
  return { text, language, writtenBetween };
}

/**
 * Numbers and abbreviations are spelled out for English only; other languages' engines read
 * digits in their own language.
 */
function spokenWords(text: TrackedText, language: string | undefined): TrackedText {
  return language === undefined || language === 'en'
    ? spellNumbers(spellAbbreviations(text))
    : text;
}

/** How `written` is spoken in `language`: what a part of a caption takes to say. */
export function spokenForm(written: string, language: string | undefined): string {
  return spokenWords(TrackedText.of(written), language).text;
}
