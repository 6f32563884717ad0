/**
 * Where lines and cues may break in Chinese and Japanese, which are written without spaces: the
 * speech captions and the transcripts' subtitle cues both break between these units.
 */
import { CAPTION_LIMITS } from '@ai-tools/contracts';
import { displayWidth } from './display-width.ts';

/**
 * Punctuation that never starts a line (kinsoku): 、。！？」) and the like stay with the word
 * before them, as does the space after a word.
 */
const NEVER_STARTS_LINE = /^[\s\p{Pe}\p{Pf}\p{Po}]+$/u;
/** Opening brackets and quotes (「（『) never end a line: they go with the word after them. */
const NEVER_ENDS_LINE = /^[\p{Ps}\p{Pi}]+$/u;
/**
 * Japanese particles stay with the word before them, as Japanese subtitles break lines after a
 * particle, never before one.
 */
const PARTICLES = new Set([
  'は',
  'が',
  'を',
  'に',
  'で',
  'と',
  'の',
  'へ',
  'も',
  'や',
  'から',
  'まで',
  'より',
]);

const wordSegmenters = new Map<string, Intl.Segmenter>();

function wordSegmenter(language: string): Intl.Segmenter {
  let segmenter = wordSegmenters.get(language);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    } catch {
      // A tag Intl cannot read: ICU's Chinese and Japanese dictionary is one and the same.
      segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
    }
    wordSegmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * The words of text written without spaces, as ICU's dictionary finds them (Intl.Segmenter), each
 * with the punctuation that must not start or end a line, and a Japanese particle, beside it. A
 * word wider than a line breaks between its characters.
 */
export function unspacedWords(text: string, language = 'ja'): string[] {
  const words: string[] = [];
  let opening = '';
  for (const { segment } of wordSegmenter(language).segment(text)) {
    const parts =
      displayWidth(segment) > CAPTION_LIMITS.maxLineCharacters ? Array.from(segment) : [segment];
    for (const part of parts) {
      if (NEVER_ENDS_LINE.test(part)) opening += part;
      else if (
        words.length > 0 &&
        !opening &&
        (NEVER_STARTS_LINE.test(part) || PARTICLES.has(part))
      ) {
        words[words.length - 1] += part;
      } else {
        words.push(opening + part);
        opening = '';
      }
    }
  }
  if (opening) words.push(opening);
  return words;
}
