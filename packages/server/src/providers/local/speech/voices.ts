/**
 * The one table that says how each of SPEC's 11 voices sounds in each local tier. README's
 * "Voices" section shows the same table; change both together.
 */
import type { Voice } from '@ai-tools/contracts';

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
  /** How it sounds, for the README table. */
  description: string;
}

export const CLASSIC_VOICES: Record<Voice, ClassicVoice> = {
  alloy: {
    english: { engine: 'festival', voice: 'cmu_us_slt_arctic_hts' },
    otherLanguages: { variant: 'f3', pitch: 50 },
    description: 'American woman, smooth (HTS statistical voice)',
  },
  ash: {
    english: { engine: 'flite', voice: 'rms' },
    otherLanguages: { variant: 'm3', pitch: 45 },
    description: 'American man',
  },
  ballad: {
    english: { engine: 'flite', voice: 'awb' },
    otherLanguages: { variant: 'm2', pitch: 50 },
    description: 'Scottish man, soft',
  },
  coral: {
    english: { engine: 'flite', voice: 'slt', pitchHertz: 215 },
    otherLanguages: { variant: 'f2', pitch: 60 },
    description: 'American woman, bright and higher',
  },
  echo: {
    english: { engine: 'festival', voice: 'kal_diphone' },
    otherLanguages: { variant: 'm1', pitch: 50 },
    description: 'American man, diphone voice',
  },
  fable: {
    english: { engine: 'espeak-ng', voice: 'en-gb-x-rp+m1', pitch: 45 },
    otherLanguages: { variant: 'm4', pitch: 45 },
    description: 'British man (received pronunciation), formant synthesis',
  },
  onyx: {
    english: { engine: 'flite', voice: 'kal16', pitchHertz: 78 },
    otherLanguages: { variant: 'm7', pitch: 25 },
    description: 'American man, deep',
  },
  nova: {
    english: { engine: 'espeak-ng', voice: 'en-us+f3', pitch: 60 },
    otherLanguages: { variant: 'f4', pitch: 60 },
    description: 'American woman, formant synthesis',
  },
  sage: {
    english: { engine: 'espeak-ng', voice: 'en-gb+f1', pitch: 40 },
    otherLanguages: { variant: 'f1', pitch: 40 },
    description: 'British woman, calm and lower',
  },
  shimmer: {
    english: { engine: 'espeak-ng', voice: 'en-us+f2', pitch: 75 },
    otherLanguages: { variant: 'f5', pitch: 70 },
    description: 'American woman, high',
  },
  verse: {
    english: { engine: 'espeak-ng', voice: 'en-029+m3', pitch: 55 },
    otherLanguages: { variant: 'm6', pitch: 55 },
    description: 'Caribbean English man, formant synthesis',
  },
};

/**
 * Speaker ids of the Piper voice en_US-libritts_r-medium (904 LibriTTS-R readers in one model),
 * spread across the speaker list. They are not auditioned here: the model cannot be downloaded on
 * the build machine; swap ids after listening if two sound alike.
 */
export const NEURAL_SPEAKER_IDS: Record<Voice, number> = {
  alloy: 0,
  ash: 81,
  ballad: 163,
  coral: 245,
  echo: 327,
  fable: 409,
  onyx: 491,
  nova: 573,
  sage: 655,
  shimmer: 737,
  verse: 819,
};
