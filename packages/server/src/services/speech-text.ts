/**
 * Prepares text for a speech engine: markdown symbols are never read aloud, English numbers and
 * abbreviations become the words a person would say, the language is detected so the engine can
 * choose a fitting voice, and long text is split at sentence boundaries into chunks the engine
 * accepts.
 */
import { francAll } from 'franc-min';
import { bcp47Normalize } from 'bcp-47-normalize';

// ---------------------------------------------------------------- markdown

/** Removes markdown syntax and keeps the words, so asterisks, hashes and links are not spoken. */
export function stripMarkdown(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    // Fenced code: keep the code's words, drop the fences and the language name.
    .replace(/^\s*(```|~~~)[^\n]*$/gm, '')
    // Images and links keep their visible text; reference definitions go.
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    // HTML tags.
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .split('\n');

  const spoken = lines.map((line) => {
    // Horizontal rules and table separator rows say nothing.
    if (
      /^\s*([-*_]\s*){3,}$/.test(line) ||
      /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line)
    ) {
      return '';
    }
    let cleaned = line;
    let isBlock = false;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(cleaned);
    if (heading) {
      cleaned = heading[1] ?? '';
      isBlock = true;
    }
    const listItem = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$/.exec(cleaned);
    if (listItem) {
      cleaned = listItem[1] ?? '';
      isBlock = true;
    }
    cleaned = cleaned
      .replace(/^\s*(>\s?)+/, '')
      // Table cells read as a list.
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .replace(/\s*\|\s*/g, ', ')
      // Emphasis, strikethrough and inline code keep their words.
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
      // Underscores only around words, so snake_case names keep theirs.
      .replace(/(^|\W)__?(\S(?:.*?\S)?)__?(?!\w)/g, '$1$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/`+([^`]*)`+/g, '$1')
      // Whatever markdown symbols are left are not words.
      .replace(/[*#`~]+/g, ' ')
      .replace(/(^|\s)_+(?=\s|$)/g, '$1')
      .trim();
    // A heading or list item ends with a pause, as a sentence does.
    if (isBlock && cleaned && !/[.!?:;,]$/.test(cleaned)) cleaned += '.';
    return cleaned;
  });

  return spoken
    .filter((line) => line !== '')
    .join('\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------- language

/**
 * franc's ISO 639-3 codes that CLDR's aliases (bcp-47-normalize) keep as they are, mapped to the
 * macrolanguage the speech engines know them by.
 */
const FRANC_MACROLANGUAGES: Record<string, string> = {
  zlm: 'ms',
  fuv: 'ff',
  qug: 'qu',
  tgl: 'tl',
};

/** franc's ISO 639-3 code as the shortest BCP 47 tag: 'eng' is 'en', 'cmn' is 'zh'. */
function languageTag(francCode: string): string {
  return FRANC_MACROLANGUAGES[francCode] ?? bcp47Normalize(francCode);
}

/** Shorter text gives franc too little to tell languages apart. */
const LANGUAGE_DETECTION_MIN_LENGTH = 20;
/** English wins a near tie: most visitors write English, and a wrong foreign voice is worse. */
const ENGLISH_PREFERENCE = 0.95;

/**
 * Scripts that name their language well enough when the text is too short for franc: a short
 * Chinese or Hindi line must not be read by an English voice (which would say nothing).
 * Japanese is told apart from Chinese by its kana, which Chinese never uses.
 */
const SCRIPT_LANGUAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Bengali}/u, 'bn'],
  [/\p{Script=Gurmukhi}/u, 'pa'],
  [/\p{Script=Gujarati}/u, 'gu'],
  [/\p{Script=Oriya}/u, 'or'],
  [/\p{Script=Tamil}/u, 'ta'],
  [/\p{Script=Telugu}/u, 'te'],
  [/\p{Script=Kannada}/u, 'kn'],
  [/\p{Script=Malayalam}/u, 'ml'],
  [/\p{Script=Sinhala}/u, 'si'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Lao}/u, 'lo'],
  [/\p{Script=Myanmar}/u, 'my'],
  [/\p{Script=Khmer}/u, 'km'],
  [/\p{Script=Tibetan}/u, 'bo'],
  [/\p{Script=Georgian}/u, 'ka'],
  [/\p{Script=Armenian}/u, 'hy'],
  [/\p{Script=Ethiopic}/u, 'am'],
  [/\p{Script=Cherokee}/u, 'chr'],
];

/** The language its script names, for text with no Latin letter; undefined for Latin text. */
export function languageOfScript(text: string): string | undefined {
  if (/\p{Script=Latin}/u.test(text)) return undefined;
  return SCRIPT_LANGUAGES.find(([script]) => script.test(text))?.[1];
}

/** The BCP 47 language of the text, such as 'en' or 'es'; undefined when it cannot tell. */
export function detectLanguage(text: string): string | undefined {
  const scores = francAll(text, { minLength: LANGUAGE_DETECTION_MIN_LENGTH });
  const [best] = scores;
  if (!best || best[0] === 'und') return languageOfScript(text);
  const english = scores.find(([code]) => code === 'eng');
  const code = english && english[1] >= ENGLISH_PREFERENCE ? 'eng' : best[0];
  return languageTag(code);
}

// ---------------------------------------------------------------- numbers (English)

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];
const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function underThousandToWords(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`);
  if (rest > 0 || hundreds === 0) {
    if (rest < 20) parts.push(ONES[rest] ?? '');
    else {
      const ones = rest % 10;
      parts.push(ones ? `${TENS[Math.floor(rest / 10)]}-${ONES[ones]}` : (TENS[rest / 10] ?? ''));
    }
  }
  return parts.join(' ');
}

/** Reads each digit, for numbers too long to say as a whole (and leading zeros, as in codes). */
function digitsToWords(digits: string): string {
  return [...digits].map((digit) => ONES[Number(digit)]).join(' ');
}

export function integerToWords(digits: string): string {
  const cleaned = digits.replace(/,/g, '');
  if (cleaned.length > 15 || (cleaned.length > 1 && cleaned.startsWith('0'))) {
    return digitsToWords(cleaned);
  }
  let value = Number(cleaned);
  if (value === 0) return 'zero';
  const groups: string[] = [];
  for (let scale = 0; value > 0; scale += 1) {
    const group = value % 1000;
    if (group > 0) {
      const scaleName = SCALES[scale];
      groups.unshift(underThousandToWords(group) + (scaleName ? ` ${scaleName}` : ''));
    }
    value = Math.floor(value / 1000);
  }
  return groups.join(' ');
}

function ordinalToWords(digits: string): string {
  const words = integerToWords(digits);
  return words.replace(/([a-z]+)$/, (last) => {
    if (ORDINAL_WORDS[last]) return ORDINAL_WORDS[last];
    if (last.endsWith('y')) return `${last.slice(0, -1)}ieth`;
    return `${last}th`;
  });
}

/** 1999 as 'nineteen ninety-nine', 2005 as 'two thousand five', 2024 as 'twenty twenty-four'. */
function yearToWords(year: number): string {
  if (year >= 2000 && year < 2010) return integerToWords(String(year));
  const high = Math.floor(year / 100);
  const low = year % 100;
  if (low === 0) return `${integerToWords(String(high))} hundred`;
  const lowWords = low < 10 ? `oh ${ONES[low]}` : integerToWords(String(low));
  return `${integerToWords(String(high))} ${lowWords}`;
}

function decimalToWords(whole: string, fraction: string): string {
  return `${integerToWords(whole)} point ${digitsToWords(fraction)}`;
}

function amountToWords(whole: string, fraction: string | undefined, unit: string, cents: string) {
  const wholeWords = integerToWords(whole);
  const plural = whole.replace(/,/g, '') === '1' ? unit : `${unit}s`;
  if (!fraction || /^0+$/.test(fraction)) return `${wholeWords} ${plural}`;
  return `${wholeWords} ${plural} and ${integerToWords(fraction)} ${cents}`;
}

const CURRENCIES: Record<string, [unit: string, cents: string]> = {
  $: ['dollar', 'cents'],
  '£': ['pound', 'pence'],
  '€': ['euro', 'cents'],
};

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;

export function numbersToWords(text: string): string {
  return text
    .replace(
      new RegExp(String.raw`([$£€])(${NUMBER})(?:\.(\d{1,2}))?\b`, 'g'),
      (_, symbol: string, whole: string, fraction: string | undefined) => {
        const [unit, cents] = CURRENCIES[symbol] ?? ['', ''];
        return amountToWords(whole, fraction?.padEnd(2, '0'), unit, cents);
      },
    )
    .replace(
      new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?%`, 'g'),
      (_, whole: string, fraction: string | undefined) =>
        `${fraction ? decimalToWords(whole, fraction) : integerToWords(whole)} percent`,
    )
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/gi, (_, digits: string) => ordinalToWords(digits))
    .replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, (_, hours: string, minutes: string) => {
      const hourWords = integerToWords(String(Number(hours)));
      if (minutes === '00') return `${hourWords} o'clock`;
      const minuteWords = minutes.startsWith('0')
        ? `oh ${ONES[Number(minutes)]}`
        : integerToWords(minutes);
      return `${hourWords} ${minuteWords}`;
    })
    .replace(
      new RegExp(String.raw`(^|[\s(])-(${NUMBER})(?:\.(\d+))?\b`, 'g'),
      (_, before: string, whole: string, fraction: string | undefined) =>
        `${before}minus ${fraction ? decimalToWords(whole, fraction) : integerToWords(whole)}`,
    )
    .replace(
      new RegExp(String.raw`\b(${NUMBER})\.(\d+)\b`, 'g'),
      (_, whole: string, fraction: string) => decimalToWords(whole, fraction),
    )
    .replace(/\b(1[1-9]\d\d|20\d\d)\b(?![,.]\d)/g, (year: string) => yearToWords(Number(year)))
    .replace(new RegExp(String.raw`\b(${NUMBER})\b`, 'g'), (digits: string) =>
      integerToWords(digits),
    );
}

// ---------------------------------------------------------------- abbreviations (English)

const TITLES: [RegExp, string][] = [
  [/\bDr\.(?=\s+[A-Z])/g, 'Doctor'],
  [/\bMr\.(?=\s)/g, 'Mister'],
  [/\bMrs\.(?=\s)/g, 'Missus'],
  [/\bMs\.(?=\s)/g, 'Miz'],
  [/\bProf\.(?=\s)/g, 'Professor'],
  [/\bSt\.(?=\s+[A-Z])/g, 'Saint'],
  [/\bMt\.(?=\s)/g, 'Mount'],
  [/\bJr\./g, 'Junior'],
  [/\bSr\./g, 'Senior'],
];

/** Abbreviations that may end a sentence keep their full stop when they do. */
const PHRASES: [RegExp, string][] = [
  [/\be\.g\./gi, 'for example'],
  [/\bi\.e\./gi, 'that is'],
  [/\betc\./gi, 'et cetera'],
  [/\bvs\./gi, 'versus'],
  [/\bapprox\./gi, 'approximately'],
  [/\ba\.m\./gi, 'A M'],
  [/\bp\.m\./gi, 'P M'],
];

function expandAbbreviations(text: string): string {
  let expanded = text;
  for (const [pattern, words] of TITLES) expanded = expanded.replace(pattern, words);
  for (const [pattern, words] of PHRASES) {
    expanded = expanded.replace(pattern, (match: string, offset: number, whole: string) => {
      const after = whole.slice(offset + match.length);
      const endsSentence = after === '' || /^\s+[A-Z]/.test(after) || /^\s*$/.test(after);
      return endsSentence ? `${words}.` : words;
    });
  }
  return expanded.replace(/\s&\s/g, ' and ');
}

// ---------------------------------------------------------------- the whole preparation

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

// ---------------------------------------------------------------- chunks

function sentenceSegmenter(language: string): Intl.Segmenter {
  try {
    return new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    return new Intl.Segmenter('en', { granularity: 'sentence' });
  }
}

/** The chunk's first sentence and the rest, or the chunk alone when it is one sentence. */
export function splitFirstSentence(chunk: string, language = 'en'): string[] {
  const first = [...sentenceSegmenter(language).segment(chunk)][0]?.segment.trim() ?? '';
  const rest = chunk.slice(chunk.indexOf(first) + first.length).trim();
  return [first, rest].filter(Boolean);
}

/** The sentences of the text; one longer than `maxCharacters` is split at a clause, then a space. */
export function splitIntoSentences(text: string, maxCharacters: number, language = 'en'): string[] {
  return [...sentenceSegmenter(language).segment(text)]
    .map((part) => part.segment.trim())
    .filter(Boolean)
    .flatMap((sentence) => splitLongSentence(sentence, maxCharacters));
}

/**
 * Splits text into chunks of at most `maxCharacters`, at sentence boundaries where it can; a
 * sentence longer than that is split at a clause, then at a space.
 */
export function splitIntoChunks(text: string, maxCharacters: number, language = 'en'): string[] {
  const sentences = splitIntoSentences(text, maxCharacters, language);

  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    const joined = current ? `${current} ${sentence}` : sentence;
    if (joined.length <= maxCharacters) current = joined;
    else {
      if (current) chunks.push(current);
      current = sentence;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLongSentence(sentence: string, maxCharacters: number): string[] {
  if (sentence.length <= maxCharacters) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxCharacters) {
    const window = rest.slice(0, maxCharacters + 1);
    const clause = Math.max(
      window.lastIndexOf(', '),
      window.lastIndexOf('; '),
      window.lastIndexOf(': '),
      window.lastIndexOf(' - '),
    );
    const space = window.lastIndexOf(' ');
    // A clause break is preferred unless it would leave a very short piece.
    let cut = clause > maxCharacters / 2 ? clause + 1 : space > 0 ? space : maxCharacters;
    if (cut <= 0) cut = maxCharacters;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
