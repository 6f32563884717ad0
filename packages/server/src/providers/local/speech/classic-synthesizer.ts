/**
 * The always-available speech tier: festival, flite and espeak-ng, Debian packages that run as
 * child processes. The text and the WAV an engine writes go to the request's temporary folder
 * (or one of this chunk's own when the caller has none), and are removed once read.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { READ_LANGUAGES, TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { withTemporaryFolder } from '../../../audio/temporary-folder.ts';
import { parseWav } from '../../../audio/wav.ts';
import type { SpeechSynthesisRequest, SpeechSynthesizer, SynthesizedSpeech } from '../../types.ts';
import { JobQueue, SPEECH_GUESS_WEIGHT } from '../../job-queue.ts';
import { runEngineProcess } from '../../../child-process.ts';
import type { EspeakLanguages } from './espeak-languages.ts';
import { primaryLanguage } from '../../language-tag.ts';
import { japaneseReading } from './japanese-reading.ts';
import { FestivalVoices } from './festival.ts';
import { changeSpeechTempo } from './tempo.ts';
import { CLASSIC_VOICES, type ClassicEnglishVoice, type FestivalVoiceName } from './voices.ts';
import { ProviderFailedError, UnsupportedLanguageError } from '../../../errors.ts';

type ClassicEngine = ClassicEnglishVoice['engine'];

/** espeak-ng's own rate at speed 1, and the slowest rate it accepts, in words per minute. */
const ESPEAK_WORDS_PER_MINUTE = 175;
const ESPEAK_SLOWEST_WORDS_PER_MINUTE = 80;

/**
 * festival resamples its voices (the HTS voice speaks at 32 kHz) to this rate itself, espeak-ng
 * writes it, and an empty chunk is labelled with it. flite's 16 kHz is raised by the encoder, in
 * its one pass (audio/encode.ts).
 */
export const CLASSIC_SAMPLE_RATE = 22_050;

interface RequestFiles {
  text: string;
  textPath: string;
  wavePath: string;
}

/** One engine run: which engine, how to make it write the WAV, and any tempo left to change. */
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
  /**
   * The languages the page lists, as the neural tier: espeak-ng knows many more, but its Korean
   * comes back garbled and its Chinese as "Chinese letter", so the service refuses those.
   */
  readonly languages = READ_LANGUAGES;

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
    return this.queues[run.engine].run(async (signal) => {
      const speak = (folder: string) => this.speakInFolder(run, text, folder, signal);
      return request.folder
        ? speak(request.folder)
        : withTemporaryFolder(this.options.temporaryDirectory, speak);
    }, request);
  }

  private async speakInFolder(
    run: EngineRun,
    text: string,
    folder: string,
    signal: AbortSignal,
  ): Promise<SynthesizedSpeech> {
    // Each chunk's files have names of their own: a chunk whose engine wrote nothing must not
    // find the one before's WAV.
    const name = randomUUID();
    const files = {
      text,
      textPath: join(folder, `${name}.txt`),
      wavePath: join(folder, `${name}.wav`),
    };
    try {
      await writeFile(files.textPath, text + '\n', 'utf8');
      await run.writeWave(files, signal);
      return await changeSpeechTempo(await readWaveOrFail(files.wavePath), run.remainingTempo);
    } finally {
      await Promise.all([rm(files.textPath, { force: true }), rm(files.wavePath, { force: true })]);
    }
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

/** Work in seconds of speech, as for Kokoro: the classic engines make it many times faster. */
function speechQueue(maxWaiting = 6) {
  return new JobQueue({
    concurrency: 1,
    maxWaiting,
    expectedSecondsPerUnit: 0.1,
    guessWeight: SPEECH_GUESS_WEIGHT,
    tool: 'text-to-speech',
  });
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
  // Below espeak-ng's slowest rate it speaks as slowly as it can, and changeTempo stretches the rest.
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
