/**
 * Text to speech's lists (docs/product.md section 9, in the order the page shows them) and limits:
 * plain values, free of zod. Its request and answer are in schemas.ts beside this file.
 */

export const TEXT_TO_SPEECH_LIMITS = {
  /** Characters of text for one text-to-speech request. The service splits it at sentences. */
  textToSpeechMaxCharacters: 5000,
  /**
   * Longest audio one text-to-speech request may produce, in seconds, estimated from the text and
   * the speed before any work starts (the server's SPEECH_MAX_SECONDS may change it).
   */
  speechMaxSeconds: 10 * 60,
} as const;

/**
 * Captions made with a synthesis follow common subtitle practice (the BBC's and Netflix's
 * guidelines): at most two lines of about 42 characters, each cue on screen at least about a second.
 */
/**
 * Text in a script written without spaces between words (Chinese, Japanese, Thai): its captions
 * and subtitles break between dictionary words and join without a space.
 */
export const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

export const CAPTION_LIMITS = {
  maxLineCharacters: 42,
  maxLines: 2,
  minSeconds: 1,
  /** A transcript's cue stays no longer (a synthesis's captions last as long as their sentence). */
  maxSeconds: 7,
} as const;

export const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
] as const;
export type Voice = (typeof VOICES)[number];

/**
 * How each voice sounds with the neural engine (Kokoro-82M), shown in the voice picker. The
 * server's voice table (providers/local/speech/voices.ts) and README's "Voices" table name the
 * Kokoro voice behind each.
 */
export const VOICE_DESCRIPTIONS: Record<Voice, string> = {
  alloy: 'American woman, even and clear',
  ash: 'American man, warm and friendly',
  ballad: 'British man, deep and measured',
  coral: 'American woman, warm',
  echo: 'American man, soft',
  fable: 'British man, storyteller',
  onyx: 'American man, deep',
  nova: 'American woman, bright',
  sage: 'British woman, calm',
  shimmer: 'American woman, lively',
  verse: 'American man, upbeat',
};

/** A voice as the page names it: the value the request sends, with a capital ("alloy" is Alloy). */
export function voiceName(voice: Voice): string {
  return voice.charAt(0).toUpperCase() + voice.slice(1);
}

/**
 * The languages the speech voices speak here (Kokoro-82M's English and the languages whose round
 * trip through Whisper came back right, ADR 026), by BCP 47 primary subtag, in the order the page
 * lists them. The server refuses text in any other language before making audio: espeak-ng's
 * voices for the rest came back garbled (Korean) or as "Chinese letter" (Chinese).
 */
export const SPOKEN_LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Spanish' },
  { tag: 'fr', name: 'French' },
  { tag: 'hi', name: 'Hindi' },
  { tag: 'it', name: 'Italian' },
  { tag: 'ja', name: 'Japanese' },
  { tag: 'pt', name: 'Portuguese' },
] as const;
export type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number]['tag'];

/**
 * The story languages the natural voices do not speak that espeak-ng's basic, robotic voice reads
 * clearly: without them the Listen panel would refuse most of the stories SPEC offers. Korean,
 * Chinese, Arabic, Sanskrit and Filipino are left out: espeak-ng garbles them or has no voice.
 */
export const BASIC_VOICE_LANGUAGES = [
  { tag: 'de', name: 'German' },
  { tag: 'ru', name: 'Russian' },
  { tag: 'tr', name: 'Turkish' },
  { tag: 'id', name: 'Indonesian' },
  { tag: 'sw', name: 'Swahili' },
  { tag: 'bn', name: 'Bengali' },
  { tag: 'mr', name: 'Marathi' },
  { tag: 'gu', name: 'Gujarati' },
  { tag: 'pa', name: 'Punjabi' },
  { tag: 'ta', name: 'Tamil' },
  { tag: 'te', name: 'Telugu' },
  { tag: 'kn', name: 'Kannada' },
  { tag: 'ml', name: 'Malayalam' },
  { tag: 'ne', name: 'Nepali' },
  { tag: 'ur', name: 'Urdu' },
] as const;

/** Every language read aloud here, by primary subtag: the natural voices' and the basic voice's. */
export const READ_LANGUAGES: readonly string[] = [
  ...SPOKEN_LANGUAGES,
  ...BASIC_VOICE_LANGUAGES,
].map((language) => language.tag);

/**
 * Which voice reads a language named as the pages name it ('Japanese', 'Korean'): the natural
 * voices (SPOKEN_LANGUAGES), only the basic one (BASIC_VOICE_LANGUAGES), or none, as for the
 * story languages Korean, Chinese (Simplified), Arabic, Sanskrit and Filipino (Tagalog).
 */
export function readingVoice(languageName: string): 'natural' | 'basic' | 'none' {
  const named = (language: { name: string }) => language.name === languageName;
  if (SPOKEN_LANGUAGES.some(named)) return 'natural';
  if (BASIC_VOICE_LANGUAGES.some(named)) return 'basic';
  return 'none';
}

/** A language's English name ('ko' is Korean), or the tag itself where the runtime has none. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    // A tag Intl cannot read, such as a malformed one.
    return tag;
  }
}

/** The spoken languages' names as a sentence's list: "English, Spanish, … and Portuguese". */
export function spokenLanguageList(): string {
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(
    SPOKEN_LANGUAGES.map((language) => language.name),
  );
}

/** The basic voice's languages as a sentence's list: "German, Russian, … and Urdu". */
export function basicVoiceLanguageList(): string {
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(
    BASIC_VOICE_LANGUAGES.map((language) => language.name),
  );
}

export const OUTPUT_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const MEDIA_TYPES: Record<OutputFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/** Each format's extension in generated_speech.<ext> (docs/product.md section 9); opus in Ogg. */
export const FILE_EXTENSIONS: Record<OutputFormat, string> = {
  mp3: 'mp3',
  opus: 'opus',
  aac: 'aac',
  flac: 'flac',
  wav: 'wav',
};

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 3;
export const SPEED_STEP = 0.25;
/** 0.25, 0.5, ... 3: twelve options. */
export const SPEEDS: readonly number[] = Array.from(
  { length: Math.round((MAX_SPEED - MIN_SPEED) / SPEED_STEP) + 1 },
  (_, index) => MIN_SPEED + index * SPEED_STEP,
);

export const TEXT_TO_SPEECH_DEFAULTS = {
  voice: 'alloy',
  outputFormat: 'mp3',
  speed: 1,
} as const satisfies { voice: Voice; outputFormat: OutputFormat; speed: number };

/**
 * The MP3 bitrate, the server's (ffmpeg's libmp3lame) and the page's (lamejs) alike: 96 kbit/s
 * mono is transparent for a voice at Kokoro's 24 kHz.
 */
export const MP3_KILOBITS_PER_SECOND = 96;

/**
 * The formats whose file the page makes itself from a streamed answer's pieces (ADRs 053 and
 * 058): a WAV is a header before the very samples the `audio` pieces carried, and an MP3 is
 * encoded on the page as the pieces arrive. Sent again in the `result`, the audio would cross the
 * wire twice (22 MB more for 5,000 characters as WAV, 5.5 MB as MP3).
 */
export const FORMATS_MADE_FROM_PIECES = ['wav', 'mp3'] as const satisfies readonly OutputFormat[];

/**
 * Whether a streamed speech answer's `result` carries the encoded file (`data.audioBase64`): only
 * for Opus, AAC and FLAC, which a page cannot encode without codecs browsers do not all offer.
 */
export function streamedResultCarriesFile(format: OutputFormat): boolean {
  return !(FORMATS_MADE_FROM_PIECES as readonly OutputFormat[]).includes(format);
}
