/**
 * The language of a text, as a BCP 47 tag the engines know: franc's statistics for text long enough,
 * else the script it is written in.
 */
import { bcp47Normalize } from 'bcp-47-normalize';
import { francAll } from 'franc-min';

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
