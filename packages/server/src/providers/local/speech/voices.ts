/**
 * Which engine and voice speak each of the site's 11 voices in each local tier. README's "Voices"
 * tables show the same choices with how each sounds; test/voice-tables.test.ts fails when they
 * differ, so a change here is a change there.
 */
import type { SpokenLanguage, Voice } from '@ai-tools/contracts';

export type FestivalVoiceName = 'cmu_us_slt_arctic_hts' | 'kal_diphone';
export type FliteVoiceName = 'slt' | 'rms' | 'awb' | 'kal16';

export type ClassicEnglishVoice =
  | { engine: 'festival'; voice: FestivalVoiceName }
  /** `pitchHertz` moves the voice's mean pitch, so two voices of one speaker sound apart. */
  | { engine: 'flite'; voice: FliteVoiceName; pitchHertz?: number }
  /** An espeak-ng voice with its variant (`en-us+f3`) and pitch from 0 to 99 (50 is its own). */
  | { engine: 'espeak-ng'; voice: string; pitch: number };

/** For text in another language every voice speaks through espeak-ng, keeping its character. */
export interface OtherLanguageVoice {
  variant: string;
  pitch: number;
}

export interface ClassicVoice {
  english: ClassicEnglishVoice;
  otherLanguages: OtherLanguageVoice;
}

export const CLASSIC_VOICES: Record<Voice, ClassicVoice> = {
  alloy: {
    english: { engine: 'festival', voice: 'cmu_us_slt_arctic_hts' },
    otherLanguages: { variant: 'f3', pitch: 50 },
  },
  ash: {
    english: { engine: 'flite', voice: 'rms' },
    otherLanguages: { variant: 'm3', pitch: 45 },
  },
  ballad: {
    english: { engine: 'flite', voice: 'awb' },
    otherLanguages: { variant: 'm2', pitch: 50 },
  },
  coral: {
    english: { engine: 'flite', voice: 'slt', pitchHertz: 215 },
    otherLanguages: { variant: 'f2', pitch: 60 },
  },
  echo: {
    english: { engine: 'festival', voice: 'kal_diphone' },
    otherLanguages: { variant: 'm1', pitch: 50 },
  },
  fable: {
    english: { engine: 'espeak-ng', voice: 'en-gb-x-rp+m1', pitch: 45 },
    otherLanguages: { variant: 'm4', pitch: 45 },
  },
  onyx: {
    english: { engine: 'flite', voice: 'kal16', pitchHertz: 78 },
    otherLanguages: { variant: 'm7', pitch: 25 },
  },
  nova: {
    english: { engine: 'espeak-ng', voice: 'en-us+f3', pitch: 60 },
    otherLanguages: { variant: 'f4', pitch: 60 },
  },
  sage: {
    english: { engine: 'espeak-ng', voice: 'en-gb+f1', pitch: 40 },
    otherLanguages: { variant: 'f1', pitch: 40 },
  },
  shimmer: {
    english: { engine: 'espeak-ng', voice: 'en-us+f2', pitch: 75 },
    otherLanguages: { variant: 'f5', pitch: 70 },
  },
  verse: {
    english: { engine: 'espeak-ng', voice: 'en-029+m3', pitch: 55 },
    otherLanguages: { variant: 'm6', pitch: 55 },
  },
};

/** The Kokoro-82M v1.0 voice (a style file `<name>.bin`) that speaks each site voice in English. */
export const KOKORO_VOICES: Record<Voice, string> = {
  alloy: 'af_alloy',
  ash: 'am_michael',
  ballad: 'bm_george',
  coral: 'af_heart',
  echo: 'am_echo',
  fable: 'bm_fable',
  onyx: 'am_onyx',
  nova: 'af_nova',
  sage: 'bf_emma',
  shimmer: 'af_bella',
  verse: 'am_puck',
};

/** A language Kokoro speaks besides English: its espeak-ng voice and its women's and men's voices. */
export interface KokoroLanguage {
  espeakVoice: string;
  woman: string;
  man: string;
}

/**
 * The languages Kokoro speaks here besides English, by BCP 47 primary subtag: those whose round
 * trip through Whisper came back right (ADR 026), the page's list (SPOKEN_LANGUAGES in contracts).
 * The service refuses text in any other. Japanese is
 * phonemized from its dictionary reading (japanese-reading.ts), since Debian's espeak-ng reads kanji
 * as "Chinese letter". Chinese (zf_xiaobei, zm_yunjian) is not here: espeak-ng reads hanzi the same
 * way and knows no pinyin, so Kokoro would only say that more nicely.
 */
export const KOKORO_LANGUAGES: Readonly<Record<Exclude<SpokenLanguage, 'en'>, KokoroLanguage>> = {
  es: { espeakVoice: 'es', woman: 'ef_dora', man: 'em_alex' },
  fr: { espeakVoice: 'fr-fr', woman: 'ff_siwis', man: 'ff_siwis' },
  hi: { espeakVoice: 'hi', woman: 'hf_alpha', man: 'hm_omega' },
  it: { espeakVoice: 'it', woman: 'if_sara', man: 'im_nicola' },
  ja: { espeakVoice: 'ja', woman: 'jf_alpha', man: 'jm_kumo' },
  pt: { espeakVoice: 'pt-br', woman: 'pf_dora', man: 'pm_alex' },
};
