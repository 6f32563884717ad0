/**
 * Prepares text for a speech engine: markdown symbols are never read aloud, English numbers and
 * abbreviations become the words a person would say, the language is detected so the engine can
 * choose a fitting voice, and long text is split at sentence boundaries into chunks the engine
 * accepts. One module per step, in this folder.
 */
import { expandAbbreviations } from './abbreviations.ts';
import { detectLanguage } from './language.ts';
import { stripMarkdown } from './markdown.ts';
import { numbersToWords } from './numbers.ts';

export { detectLanguage } from './language.ts';
export { stripMarkdown } from './markdown.ts';
export { integerToWords, numbersToWords } from './numbers.ts';
export { splitFirstSentence, splitIntoChunks, splitIntoSentences } from './sentences.ts';

export interface SpeechText {
  /** The words to speak; empty when the text had nothing to read aloud. */
  text: string;
  language?: string;
}

export function prepareSpeechText(input: string): SpeechText {
  const plain = stripMarkdown(input);
  const language = detectLanguage(plain);
  // Numbers and abbreviations are spelled out for English only; other languages' engines read
  // digits in their own language.
  const spoken =
    language === undefined || language === 'en'
      ? numbersToWords(expandAbbreviations(plain))
      : plain;
  const text = spoken.replace(/\s+/g, ' ').trim();
  // Text with no letter or digit in any script (only symbols) has nothing to read aloud.
  return { text: /[\p{L}\p{N}]/u.test(text) ? text : '', language };
}
