/**
 * The language of a text, as a BCP 47 tag the engines know: franc's statistics for text long enough,
 * else the script it is written in.
 */
import { bcp47Normalize } from 'bcp-47-normalize';
import { francAll } from 'franc-min';
import { primaryLanguage } from '../../../providers/language-tag.ts';

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

/**
 * A language the engine speaks wins over one it does not when franc scores it this close: short
 * English with lists or numbers often scores a little higher as Swedish, Dutch or French
 * ("Ingredients: flour, water, salt, yeast. Mix well." is Swedish 1, French 0.92, English 0.91),
 * while real German or Dutch leaves every spoken language below 0.85 (0.68 at most, measured).
 */
const SPOKEN_PREFERENCE = 0.85;

/**
 * The BCP 47 language of the text, such as 'en' or 'es'; undefined when it cannot tell. Given the
 * languages the engine speaks (primary subtags), a near tie goes to one of them, English first.
 */
export function detectLanguage(text: string, spoken?: readonly string[]): string | undefined {
  const scores = francAll(text, { minLength: LANGUAGE_DETECTION_MIN_LENGTH });
  const [best] = scores;
  if (!best || best[0] === 'und') return languageOfScript(text);
  const english = scores.find(([code]) => code === 'eng');
  const code = english && english[1] >= ENGLISH_PREFERENCE ? 'eng' : best[0];
  const language = languageTag(code);
  if (!spoken || spoken.includes(primaryTag(language))) return language;
  const close = scores.filter(([, score]) => score >= SPOKEN_PREFERENCE).map(([other]) => other);
  const spokenClose = [
    ...close.filter((other) => other === 'eng'),
    ...close.filter((other) => other !== 'eng'),
  ].find((other) => spoken.includes(primaryTag(languageTag(other))));
  return spokenClose ? languageTag(spokenClose) : language;
}

function primaryTag(tag: string): string {
  return primaryLanguage(tag) ?? tag;
}
