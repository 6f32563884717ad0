/**
 * The always-available speech tier: festival, flite and espeak-ng, Debian packages that run as
 * child processes. Each request gets its own temporary folder for the text and the WAV the engine
 * writes, and the folder is removed whatever happens.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { withTemporaryFolder } from '../../../audio/temporary-folder.ts';
import { parseWav } from '../../../audio/wav.ts';
import type { SpeechSynthesisRequest, SpeechSynthesizer, SynthesizedSpeech } from '../../types.ts';
import { JobQueue } from '../job-queue.ts';
import { runEngineProcess } from '../../../child-process.ts';
import type { EspeakLanguages } from './espeak-languages.ts';
import { primaryLanguage } from '../../language-tag.ts';
import { japaneseReading } from './japanese-reading.ts';
import { FestivalVoices } from './festival.ts';
import { adjustAudio } from './audio-adjustment.ts';
import { CLASSIC_VOICES, type ClassicEnglishVoice, type FestivalVoiceName } from './voices.ts';
import { ProviderFailedError, UnsupportedLanguageError } from '../../../errors.ts';

type ClassicEngine = ClassicEnglishVoice['engine'];

/** espeak-ng's own rate at speed 1, and the slowest rate it accepts, in words per minute. */
const ESPEAK_WORDS_PER_MINUTE = 175;
const ESPEAK_SLOWEST_WORDS_PER_MINUTE = 80;

/**
 * Every classic voice answers at one sample rate, whatever its engine writes (flite 16 kHz,
 * festival's HTS voice 32 kHz): chunks of any voice or language join, and MP3 and AAC frames pad
 * a 22.05 kHz file by well under 0.1 s (at 16 kHz, by more).
 */
export const CLASSIC_SAMPLE_RATE = 22_050;

interface RequestFiles {
  text: string;
  textPath: string;
  wavePath: string;
}

/** One engine run: which engine, how to make it write the WAV, and any tempo left for ffmpeg. */
interface EngineRun {
  engine: ClassicEngine;
  /** Whether the text has anything this engine can say; festival crashes on text it cannot. */
  hasWords: (text: string) => boolean;
  writeWave: (files: RequestFiles, signal: AbortSignal) => Promise<unknown>;
  remainingTempo: number;
}

export interface ClassicSynthesizerOptions {
  languages: EspeakLanguages;
  temporaryDirectory: string;
  /** Requests that may wait for each engine beyond the one running (SPEECH_QUEUE_MAX_WAITING). */
  maxWaiting?: number;
}

export class ClassicSpeechSynthesizer implements SpeechSynthesizer {
  /**
   * One line per engine. Each run is one single-threaded process, so one at a time per engine
   * shares the two cores between the three engines and the rest of the server.
   */
  private readonly queues: Record<ClassicEngine, JobQueue>;
  private readonly festival = new FestivalVoices();

  constructor(private readonly options: ClassicSynthesizerOptions) {
    this.queues = {
      festival: speechQueue(options.maxWaiting),
      flite: speechQueue(options.maxWaiting),
      'espeak-ng': speechQueue(options.maxWaiting),
    };
  }

  /**
   * Starts festival's voices now, so the first English request does not wait for them. Only when
   * this tier speaks English: behind the neural voice it reads other languages with espeak-ng
   * alone, and two idle festival processes would only hold memory.
   */
  prepareEnglishVoices(): void {
    const festivalVoices = Object.values(CLASSIC_VOICES).flatMap(({ english }) =>
      english.engine === 'festival' ? [english.voice] : [],
    );
    this.festival.prepare([...new Set(festivalVoices)]);
  }

  status() {
    return { engine: 'festival, flite and espeak-ng', tier: 'classic' as const, ready: true };
  }

  async close() {
    await this.festival.close();
  }

  async synthesize(request: SpeechSynthesisRequest): Promise<SynthesizedSpeech> {
    const run = this.engineRun(request);
    // espeak-ng reads kana but not kanji: Japanese goes in as it is pronounced.
    const text =
      primaryLanguage(request.language) === 'ja'
        ? await japaneseReading(request.text.trim())
        : request.text.trim();
    // Punctuation or symbols alone are silence, not an error.
    if (!run.hasWords(text)) return { pcm: Buffer.alloc(0), sampleRate: CLASSIC_SAMPLE_RATE };
    return this.queues[run.engine].run(
      (signal) =>
        withTemporaryFolder(this.options.temporaryDirectory, async (folder) => {
          const files = {
            text,
            textPath: join(folder, 'text.txt'),
            wavePath: join(folder, 'speech.wav'),
          };
          await writeFile(files.textPath, text + '\n', 'utf8');
          await run.writeWave(files, signal);
          const speech = await readWaveOrFail(files.wavePath);
          return adjustAudio(
            speech,
            { sampleRate: CLASSIC_SAMPLE_RATE, tempo: run.remainingTempo },
            signal,
          );
        }),
      request,
    );
  }

  private engineRun(request: SpeechSynthesisRequest): EngineRun {
    const voice = CLASSIC_VOICES[request.voice];
    const language = request.language?.toLowerCase();
    const otherLanguage =
      language && !language.startsWith('en') ? this.options.languages.resolve(language) : undefined;
    // An English voice reads only Latin letters: text in another script it would turn to silence.
    if (language && !otherLanguage && hasLettersButNoLatin(request.text)) {
      throw new UnsupportedLanguageError(TEXT_TO_SPEECH_MESSAGES.languageNotSpoken(language));
    }
    if (otherLanguage) {
      const { variant, pitch } = voice.otherLanguages;
      return espeakRun(`${otherLanguage}+${variant}`, pitch, request.speed);
    }
    const english = voice.english;
    switch (english.engine) {
      case 'festival':
        return this.festivalRun(english.voice, request.speed);
      case 'flite':
        return fliteRun(english.voice, english.pitchHertz, request.speed);
      case 'espeak-ng':
        return espeakRun(english.voice, english.pitch, request.speed);
    }
  }

  private festivalRun(voice: FestivalVoiceName, speed: number): EngineRun {
    return {
      engine: 'festival',
      // festival's English reader skips every character outside ASCII.
      hasWords: (text) => /[a-z0-9]/i.test(text),
      writeWave: ({ textPath, wavePath }, signal) =>
        this.festival.synthesize(
          { voice, textPath, speed, sampleRate: CLASSIC_SAMPLE_RATE, wavePath },
          { signal, failureMessage: TEXT_TO_SPEECH_MESSAGES.speechFailed },
        ),
      remainingTempo: 1,
    };
  }
}

function hasLettersButNoLatin(text: string): boolean {
  return /\p{L}/u.test(text) && !/\p{Script=Latin}/u.test(text);
}

function containsWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function speechQueue(maxWaiting = 6) {
  return new JobQueue({ concurrency: 1, maxWaiting, expectedJobSeconds: 2 });
}

function fliteRun(voice: string, pitchHertz: number | undefined, speed: number): EngineRun {
  const pitch = pitchHertz === undefined ? [] : ['--setf', `int_f0_target_mean=${pitchHertz}`];
  return {
    engine: 'flite',
    hasWords: containsWords,
    writeWave: ({ textPath, wavePath }, signal) =>
      runEngineProcess(
        'flite',
        [
          '-voice',
          voice,
          '--setf',
          `duration_stretch=${1 / speed}`,
          ...pitch,
          '-f',
          textPath,
          '-o',
          wavePath,
        ],
        { signal, failureMessage: TEXT_TO_SPEECH_MESSAGES.speechFailed },
      ),
    remainingTempo: 1,
  };
}

function espeakRun(voice: string, pitch: number, speed: number): EngineRun {
  const wordsPerMinute = ESPEAK_WORDS_PER_MINUTE * speed;
  // Below espeak-ng's slowest rate it speaks as slowly as it can, and ffmpeg stretches the rest.
  const rate = Math.max(ESPEAK_SLOWEST_WORDS_PER_MINUTE, Math.round(wordsPerMinute));
  return {
    engine: 'espeak-ng',
    hasWords: containsWords,
    writeWave: ({ textPath, wavePath }, signal) =>
      runEngineProcess(
        'espeak-ng',
        ['-v', voice, '-p', String(pitch), '-s', String(rate), '-f', textPath, '-w', wavePath],
        { signal, failureMessage: TEXT_TO_SPEECH_MESSAGES.speechFailed },
      ),
    remainingTempo: wordsPerMinute / rate,
  };
}

/** festival reports a Scheme error on stderr and still exits 0: a missing WAV is the failure. */
async function readWaveOrFail(wavePath: string): Promise<SynthesizedSpeech> {
  try {
    return parseWav(await readFile(wavePath));
  } catch (error) {
    throw new ProviderFailedError(TEXT_TO_SPEECH_MESSAGES.speechFailed, { cause: error });
  }
}
