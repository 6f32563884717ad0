/**
 * The writing systems the writers write in, and the story languages on top of them: what a grammar
 * lets the model write (writers/grammar.ts), what the check accepts as the text's own script
 * (writers/draft-check.ts), and how words are counted and paid for in tokens.
 */
import type { StoryLanguage } from '@ai-tools/contracts';

export interface WritingSystem {
  /** The script's name in a prompt ("write in Devanagari script"). */
  name: string;
  /** The Unicode scripts (\p{Script=...}) of its letters. */
  scripts: readonly string[];
  /** Its letters as GBNF character ranges (inside [...]). */
  letters: string;
  /** The marks that end a sentence, as GBNF characters (inside [...]). */
  fullStops: string;
  /** Its capital letters, for a script with cases: a sentence and a heading start with one. */
  capitals?: string;
}

const LATIN_LETTERS = String.raw`A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F`;
const WESTERN_STOPS = '.!?';

export const WRITING_SYSTEMS = {
  latin: {
    name: 'Latin',
    scripts: ['Latin'],
    letters: LATIN_LETTERS,
    fullStops: `${WESTERN_STOPS}\\u2026`,
    capitals: String.raw`A-Z\u00C0-\u00D6\u00D8-\u00DE`,
  },
  cyrillic: {
    name: 'Cyrillic',
    scripts: ['Cyrillic'],
    letters: String.raw`\u0400-\u04FF`,
    fullStops: `${WESTERN_STOPS}\\u2026`,
    capitals: String.raw`\u0400-\u042F`,
  },
  devanagari: {
    name: 'Devanagari',
    scripts: ['Devanagari'],
    letters: String.raw`\u0900-\u0963\u0966-\u097F`,
    fullStops: String.raw`\u0964\u0965.!?`,
  },
  bengali: {
    name: 'Bengali',
    scripts: ['Bengali'],
    letters: String.raw`\u0980-\u09FF`,
    fullStops: String.raw`\u0964.!?`,
  },
  gujarati: {
    name: 'Gujarati',
    scripts: ['Gujarati'],
    letters: String.raw`\u0A80-\u0AFF`,
    fullStops: String.raw`\u0964.!?`,
  },
  gurmukhi: {
    name: 'Gurmukhi',
    scripts: ['Gurmukhi'],
    letters: String.raw`\u0A00-\u0A7F`,
    fullStops: String.raw`\u0964.!?`,
  },
  tamil: {
    name: 'Tamil',
    scripts: ['Tamil'],
    letters: String.raw`\u0B80-\u0BFF`,
    fullStops: WESTERN_STOPS,
  },
  telugu: {
    name: 'Telugu',
    scripts: ['Telugu'],
    letters: String.raw`\u0C00-\u0C7F`,
    fullStops: WESTERN_STOPS,
  },
  kannada: {
    name: 'Kannada',
    scripts: ['Kannada'],
    letters: String.raw`\u0C80-\u0CFF`,
    fullStops: WESTERN_STOPS,
  },
  malayalam: {
    name: 'Malayalam',
    scripts: ['Malayalam'],
    letters: String.raw`\u0D00-\u0D7F`,
    fullStops: WESTERN_STOPS,
  },
  arabic: {
    name: 'Arabic',
    scripts: ['Arabic'],
    // Without ؟ and ۔, which end a sentence (fullStops).
    letters: String.raw`\u0600-\u061E\u0620-\u06D3\u06D5-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF`,
    fullStops: String.raw`\u061F\u06D4.!?`,
  },
  japanese: {
    name: 'Japanese (kanji and kana)',
    scripts: ['Han', 'Hiragana', 'Katakana'],
    letters: String.raw`\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\u3005\u30FC`,
    fullStops: String.raw`\u3002\uFF01\uFF1F`,
  },
  chinese: {
    name: 'Simplified Chinese characters',
    scripts: ['Han'],
    letters: String.raw`\u3400-\u4DBF\u4E00-\u9FFF`,
    fullStops: String.raw`\u3002\uFF01\uFF1F`,
  },
  hangul: {
    name: 'Hangul',
    scripts: ['Hangul'],
    letters: String.raw`\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F`,
    fullStops: WESTERN_STOPS,
  },
} as const satisfies Record<string, WritingSystem>;

/** Punctuation of East Asian text: 、「」『』（）and the full-width forms. */
export const CJK_PUNCTUATION = String.raw`\u3000-\u3004\u3006-\u303F\uFF01-\uFF5E`;

export interface LanguageProfile {
  /** For counting words and finding sentences with ICU. */
  locale: string;
  writingSystem: WritingSystem;
  /** Tokens per word in common model vocabularies: English is cheap, Indic scripts are not. */
  tokensPerWord: number;
  /** Characters per word, its space and punctuation included: what a grammar bounds. */
  charactersPerWord: number;
  /** Writers of Chinese and Japanese think in characters, not words: the prompt says both. */
  charactersHint?: boolean;
}

const { latin } = WRITING_SYSTEMS;

export const LANGUAGE_PROFILES: Record<StoryLanguage, LanguageProfile> = {
  English: { locale: 'en', writingSystem: latin, tokensPerWord: 1.5, charactersPerWord: 6 },
  Hindi: {
    locale: 'hi',
    writingSystem: WRITING_SYSTEMS.devanagari,
    tokensPerWord: 5,
    charactersPerWord: 5,
  },
  Marathi: {
    locale: 'mr',
    writingSystem: WRITING_SYSTEMS.devanagari,
    tokensPerWord: 5,
    charactersPerWord: 7,
  },
  Gujarati: {
    locale: 'gu',
    writingSystem: WRITING_SYSTEMS.gujarati,
    tokensPerWord: 6,
    charactersPerWord: 6,
  },
  Bengali: {
    locale: 'bn',
    writingSystem: WRITING_SYSTEMS.bengali,
    tokensPerWord: 6,
    charactersPerWord: 6,
  },
  Tamil: {
    locale: 'ta',
    writingSystem: WRITING_SYSTEMS.tamil,
    tokensPerWord: 8,
    charactersPerWord: 9,
  },
  Telugu: {
    locale: 'te',
    writingSystem: WRITING_SYSTEMS.telugu,
    tokensPerWord: 8,
    charactersPerWord: 8,
  },
  Kannada: {
    locale: 'kn',
    writingSystem: WRITING_SYSTEMS.kannada,
    tokensPerWord: 8,
    charactersPerWord: 8,
  },
  Malayalam: {
    locale: 'ml',
    writingSystem: WRITING_SYSTEMS.malayalam,
    tokensPerWord: 8,
    charactersPerWord: 10,
  },
  Punjabi: {
    locale: 'pa',
    writingSystem: WRITING_SYSTEMS.gurmukhi,
    tokensPerWord: 6,
    charactersPerWord: 5,
  },
  Urdu: {
    locale: 'ur',
    writingSystem: WRITING_SYSTEMS.arabic,
    tokensPerWord: 3.5,
    charactersPerWord: 5,
  },
  Nepali: {
    locale: 'ne',
    writingSystem: WRITING_SYSTEMS.devanagari,
    tokensPerWord: 5,
    charactersPerWord: 6,
  },
  Sanskrit: {
    locale: 'sa',
    writingSystem: WRITING_SYSTEMS.devanagari,
    tokensPerWord: 6,
    charactersPerWord: 8,
  },
  Spanish: { locale: 'es', writingSystem: latin, tokensPerWord: 2.2, charactersPerWord: 6 },
  French: { locale: 'fr', writingSystem: latin, tokensPerWord: 2.2, charactersPerWord: 6 },
  German: { locale: 'de', writingSystem: latin, tokensPerWord: 2.2, charactersPerWord: 7 },
  Italian: { locale: 'it', writingSystem: latin, tokensPerWord: 2.2, charactersPerWord: 6 },
  Portuguese: { locale: 'pt', writingSystem: latin, tokensPerWord: 2.2, charactersPerWord: 6 },
  Russian: {
    locale: 'ru',
    writingSystem: WRITING_SYSTEMS.cyrillic,
    tokensPerWord: 3,
    charactersPerWord: 7,
  },
  Japanese: {
    locale: 'ja',
    writingSystem: WRITING_SYSTEMS.japanese,
    tokensPerWord: 3,
    charactersPerWord: 2,
    charactersHint: true,
  },
  Korean: {
    locale: 'ko',
    writingSystem: WRITING_SYSTEMS.hangul,
    tokensPerWord: 3.5,
    charactersPerWord: 3.5,
  },
  'Chinese (Simplified)': {
    locale: 'zh',
    writingSystem: WRITING_SYSTEMS.chinese,
    tokensPerWord: 2.5,
    charactersPerWord: 1.6,
    charactersHint: true,
  },
  Arabic: {
    locale: 'ar',
    writingSystem: WRITING_SYSTEMS.arabic,
    tokensPerWord: 3.5,
    charactersPerWord: 6,
  },
  Turkish: { locale: 'tr', writingSystem: latin, tokensPerWord: 2.5, charactersPerWord: 7 },
  Indonesian: { locale: 'id', writingSystem: latin, tokensPerWord: 2.2, charactersPerWord: 7 },
  'Filipino (Tagalog)': {
    locale: 'fil',
    writingSystem: latin,
    tokensPerWord: 2.5,
    charactersPerWord: 6,
  },
  Swahili: { locale: 'sw', writingSystem: latin, tokensPerWord: 2.5, charactersPerWord: 7 },
};

/** The profile a topic's own letters point to, for the writers that take no language option. */
const SYSTEM_LANGUAGES: [WritingSystem, StoryLanguage][] = [
  [WRITING_SYSTEMS.chinese, 'Chinese (Simplified)'],
  [WRITING_SYSTEMS.hangul, 'Korean'],
  [WRITING_SYSTEMS.cyrillic, 'Russian'],
  [WRITING_SYSTEMS.devanagari, 'Hindi'],
  [WRITING_SYSTEMS.bengali, 'Bengali'],
  [WRITING_SYSTEMS.gujarati, 'Gujarati'],
  [WRITING_SYSTEMS.gurmukhi, 'Punjabi'],
  [WRITING_SYSTEMS.tamil, 'Tamil'],
  [WRITING_SYSTEMS.telugu, 'Telugu'],
  [WRITING_SYSTEMS.kannada, 'Kannada'],
  [WRITING_SYSTEMS.malayalam, 'Malayalam'],
  [WRITING_SYSTEMS.arabic, 'Arabic'],
];

/**
 * The most frequent short words of the Latin-script languages a small model mixes up: enough to
 * tell a paragraph's language from a dozen of its words. Words several of them share ("de", "a",
 * "en", "la", "que") are left out.
 */
const FUNCTION_WORDS: Partial<Record<StoryLanguage, readonly string[]>> = {
  English: [
    'the',
    'and',
    'of',
    'to',
    'is',
    'you',
    'your',
    'that',
    'it',
    'with',
    'for',
    'are',
    'this',
    'can',
    'be',
    'or',
    'by',
    'on',
    'how',
    'why',
    'what',
    'should',
    'as',
    'from',
    'at',
    'an',
    'have',
    'will',
  ],
  Spanish: [
    'el',
    'los',
    'las',
    'y',
    'es',
    'del',
    'por',
    'con',
    'una',
    'tu',
    'lo',
    'más',
    'como',
    'al',
    'cómo',
    'cada',
    'qué',
    'cuando',
    'sin',
    'sobre',
    'muy',
    'pero',
    'hay',
    'también',
    'sus',
    'mi',
  ],
  French: [
    'le',
    'les',
    'des',
    'et',
    'est',
    'du',
    'une',
    'pour',
    'qui',
    'vous',
    'votre',
    'dans',
    'sur',
    'au',
    'pas',
    'ce',
    'comment',
    'pourquoi',
    'avec',
    'sans',
    'chaque',
    'mais',
    'très',
  ],
  German: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'mit',
    'ein',
    'eine',
    'zu',
    'den',
    'sie',
    'auf',
    'für',
    'von',
    'dem',
    'auch',
    'ihr',
    'wie',
    'warum',
    'jeden',
    'aber',
    'sehr',
    'im',
    'zum',
  ],
  Italian: [
    'il',
    'di',
    'che',
    'è',
    'per',
    'della',
    'gli',
    'non',
    'nel',
    'sono',
    'alla',
    'più',
    'come',
    'perché',
    'ogni',
    'ma',
    'molto',
    'questo',
    'anche',
  ],
  Portuguese: [
    'os',
    'do',
    'da',
    'em',
    'um',
    'uma',
    'não',
    'mais',
    'seu',
    'sua',
    'você',
    'ao',
    'muito',
    'também',
    'mas',
    'isso',
    'são',
    'dos',
    'das',
  ],
};

/**
 * The Latin-script language whose common short words a text uses most, when it is clear: at
 * least two of them and twice as many as any other language's. Undefined otherwise.
 */
export function latinLanguageOf(text: string): StoryLanguage | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = Object.entries(FUNCTION_WORDS)
    .map(([language, list]) => {
      const known = new Set(list);
      return [language as StoryLanguage, words.filter((word) => known.has(word)).length] as const;
    })
    .sort((first, second) => second[1] - first[1]);
  const [best, second] = counts;
  if (!best || best[1] < 2 || (second && best[1] < 2 * second[1])) return undefined;
  return best[0];
}

/**
 * English words inside a text in another Latin-script language: two of English's common short
 * words in a row that are not the language's own ("Lina eut une idée de how to créer…" in the
 * sixth run's French story). Undefined when there are none, or for English and the languages
 * without a list.
 */
export function englishWordsIn(text: string, language: StoryLanguage): string | undefined {
  const own = FUNCTION_WORDS[language];
  if (language === 'English' || own === undefined) return undefined;
  const english = new Set(FUNCTION_WORDS.English);
  const foreign = (word: string) => english.has(word) && !own.includes(word);
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const at = words.findIndex((word, index) => foreign(word) && foreign(words[index + 1] ?? ''));
  return at < 0 ? undefined : `${words[at]} ${words[at + 1]}`;
}

/** Whether latinLanguageOf clearly tells another language than `language` in the text. */
export function inAnotherLanguage(text: string, language: StoryLanguage): boolean {
  const found = latinLanguageOf(text);
  return found !== undefined && found !== language;
}

/**
 * How a closing section is commonly headed, in the languages a blog topic can be in: the heading a
 * post falls back on when the model's own is its instruction said back ("Conclude par un résumé des
 * avantages de la marche quotidienne et encouragez…").
 */
export const CLOSING_HEADINGS: Partial<Record<StoryLanguage, string>> = {
  English: 'Conclusion',
  Spanish: 'Conclusión',
  French: 'Conclusion',
  German: 'Fazit',
  Italian: 'Conclusione',
  Portuguese: 'Conclusão',
  Turkish: 'Sonuç',
  Indonesian: 'Kesimpulan',
  Russian: 'Заключение',
  Japanese: 'まとめ',
  'Chinese (Simplified)': '总结',
  Korean: '결론',
  Hindi: 'निष्कर्ष',
  Bengali: 'উপসংহার',
  Gujarati: 'નિષ્કર્ષ',
  Punjabi: 'ਸਿੱਟਾ',
  Tamil: 'முடிவுரை',
  Telugu: 'ముగింపు',
  Kannada: 'ಉಪಸಂಹಾರ',
  Malayalam: 'ഉപസംഹാരം',
  Arabic: 'الخلاصة',
};

/** The name of a profile's language, as the prompts say it ("Write in Spanish"). */
export function languageOfProfile(profile: LanguageProfile): StoryLanguage {
  const entry = Object.entries(LANGUAGE_PROFILES).find(([, candidate]) => candidate === profile);
  return (entry?.[0] as StoryLanguage | undefined) ?? 'English';
}

/** Whether the language has a word list latinLanguageOf can tell it by. */
export function hasFunctionWords(language: StoryLanguage): boolean {
  return FUNCTION_WORDS[language] !== undefined;
}

/**
 * The language profile of a visitor's own text (a blog topic, a script idea): the writing system
 * most of its letters are in, with kana deciding Japanese over Chinese. Latin letters give the
 * language their common words show (Spanish for "Cómo ahorrar dinero en el supermercado"), else
 * English's profile: the check then holds the text to the Latin script.
 */
export function profileOfText(text: string): LanguageProfile {
  const letters = [...text.matchAll(/\p{L}/gu)].map((match) => match[0]);
  if (letters.some((letter) => /\p{Script=Hiragana}|\p{Script=Katakana}/u.test(letter))) {
    return LANGUAGE_PROFILES.Japanese;
  }
  let best: [StoryLanguage, number] = ['English', letters.filter(isLatin).length];
  for (const [system, language] of SYSTEM_LANGUAGES) {
    const count = letters.filter((letter) => inWritingSystem(letter, system)).length;
    if (count > best[1]) best = [language, count];
  }
  if (best[0] === 'English') best[0] = latinLanguageOf(text) ?? 'English';
  return LANGUAGE_PROFILES[best[0]];
}

function isLatin(letter: string) {
  return /\p{Script=Latin}/u.test(letter);
}

export function inWritingSystem(letter: string, system: WritingSystem): boolean {
  return system.scripts.some((script) => new RegExp(`\\p{Script=${script}}`, 'u').test(letter));
}
