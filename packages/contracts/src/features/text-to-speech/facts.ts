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
