/**
 * The neural speech tier: Kokoro-82M v1.0 (fp32 ONNX) in onnxruntime-node, loaded once in a worker
 * thread (kokoro-worker.ts), with phonemes from espeak-ng. It speaks English and the languages of
 * KOKORO_LANGUAGES (SPOKEN_LANGUAGES); the basic voice's languages go to the classic tier's
 * espeak-ng voices, and the service refuses the rest (READ_LANGUAGES).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { READ_LANGUAGES, type Voice, TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { floatToPcm } from '../../../audio/wav.ts';
import type {
  SpeechChunksRequest,
  SpeechSynthesisRequest,
  SpeechSynthesizer,
  SynthesizedSpeech,
} from '../../types.ts';
import { primaryLanguage } from '../../language-tag.ts';
import { EngineThread } from '../engine-thread.ts';
import { JobQueue, SPEECH_GUESS_WEIGHT } from '../../job-queue.ts';
import { changeTempo } from './tempo.ts';
import { phonemize, tokenize } from './kokoro-phonemes.ts';
import type { KokoroRun, KokoroWave, KokoroWorkerSettings } from './kokoro-worker.ts';
import { KOKORO_LANGUAGES, KOKORO_VOICES } from './voices.ts';
import { GenerationAbortedError } from '../../../errors.ts';

export const KOKORO_SAMPLE_RATE = 24_000;
export const KOKORO_ENGINE_NAME = 'Kokoro-82M v1.0 (onnxruntime-node)';

/** A style file holds one 256-value style vector per input length, 0 to 509 tokens. */
const STYLE_SIZE = 256;
const STYLE_ROWS = 510;

/**
 * The speeds Kokoro's own speed input reaches while still sounding natural (it scales the
 * predicted phoneme durations, so the pitch stays). At 3 it is clearer than a time stretch;
 * below 0.5 it drawls, so changeTempo (a WSOLA stretch, like ffmpeg's atempo) does the rest
 * (ADR 026, ADR 040).
 */
const MODEL_SLOWEST_SPEED = 0.5;
const MODEL_FASTEST_SPEED = 3;

/**
 * Text per request: a few sentences stay well inside the model's 510 tokens (tokenize() still
 * cuts longer ones), and an abort waits for one short run at most.
 */
const CHARACTERS_PER_CHUNK = 400;

/**
 * The longest speech one run of the model makes. A run's working memory grows with the audio it
 * makes: about 150 MB for 11 s and 470 MB for 28 s with jemalloc (830 and 1,070 MB with glibc's
 * malloc), so a long chunk or a slow speed is spoken in several runs, cut at a pause where it can
 * be (ADR 046).
 */
const RUN_MAX_SECONDS = 12;
/**
 * Phoneme tokens Kokoro speaks per second at speed 1: 17.5 measured on English prose; counted as
 * fewer, so a run errs towards less audio.
 */
const TOKENS_PER_SECOND = 15;

/** The most tokens one run may take at the model's `speed`. */
function tokensPerRun(speed: number): number {
  return Math.floor(TOKENS_PER_SECOND * speed * RUN_MAX_SECONDS);
}

export interface KokoroFiles {
  model: string;
  voicesFolder: string;
}

/** Every style file the voices and languages use: the tier loads only when all are there. */
export function kokoroVoiceFiles(voicesFolder: string): string[] {
  const names = new Set([
    ...Object.values(KOKORO_VOICES),
    ...Object.values(KOKORO_LANGUAGES).flatMap(({ woman, man }) => [woman, man]),
  ]);
  return [...names].map((name) => join(voicesFolder, `${name}.bin`));
}

export interface KokoroOptions {
  /** Requests that may wait beyond the one running (SPEECH_QUEUE_MAX_WAITING). */
  maxWaiting?: number;
}

export class KokoroSpeechSynthesizer implements SpeechSynthesizer {
  readonly maxCharactersPerChunk = CHARACTERS_PER_CHUNK;
  readonly languages = READ_LANGUAGES;
  /** One synthesis at a time: one run already uses both cores. */
  private readonly queue: JobQueue;
  private readonly styles = new Map<string, Promise<Float32Array>>();

  private constructor(
    private readonly model: EngineThread<KokoroRun, KokoroWave>,
    private readonly voicesFolder: string,
    private readonly otherLanguages: SpeechSynthesizer,
    options: KokoroOptions,
  ) {
    // Work is counted in seconds of speech (the text-to-speech service's estimate): Kokoro makes
    // speech at 0.35x to 0.45x real time on 2 idle cores, more under load, until measured.
    this.queue = new JobQueue({
      concurrency: 1,
      maxWaiting: options.maxWaiting ?? 6,
      expectedSecondsPerUnit: 0.5,
      guessWeight: SPEECH_GUESS_WEIGHT,
      tool: 'text-to-speech',
    });
  }

  static async load(
    files: KokoroFiles,
    otherLanguages: SpeechSynthesizer,
    options: KokoroOptions = {},
  ): Promise<KokoroSpeechSynthesizer> {
    const model = await EngineThread.start<KokoroRun, KokoroWave>({
      file: new URL('./kokoro-worker.ts', import.meta.url),
      settings: { modelPath: files.model } satisfies KokoroWorkerSettings,
      failureMessage: TEXT_TO_SPEECH_MESSAGES.speechFailed,
    });
    return new KokoroSpeechSynthesizer(model, files.voicesFolder, otherLanguages, options);
  }

  status() {
    return { engine: KOKORO_ENGINE_NAME, tier: 'neural' as const, ready: true };
  }

  async close() {
    await this.model.close();
    await this.otherLanguages.close();
  }

  async synthesize(request: SpeechSynthesisRequest): Promise<SynthesizedSpeech> {
    const speaker = kokoroSpeaker(request.voice, request.language);
    if (!speaker) return this.otherLanguages.synthesize(request);
    const text = request.text.trim();
    if (!hasWords(text)) return silence();
    return this.queue.run(async (signal) => {
      const [phonemes = ''] = await phonemize([text], speaker.espeakVoice, signal);
      return this.speakPhonemes(phonemes, speaker.voice, request.speed, signal);
    }, request);
  }

  /**
   * A request's chunks, one piece each: their phonemes come from one espeak-ng run, made in the
   * request's first turn in line, rather than one run per chunk (kokoro-phonemes.ts).
   */
  async *synthesizeChunks({
    texts,
    ...request
  }: SpeechChunksRequest): AsyncGenerator<SynthesizedSpeech> {
    const speaker = kokoroSpeaker(request.voice, request.language);
    if (!speaker) {
      for (const text of texts) yield await this.otherLanguages.synthesize({ ...request, text });
      return;
    }
    const trimmed = texts.map((text) => text.trim());
    let phonemes: Promise<string[]> | undefined;
    for (const [index, text] of trimmed.entries()) {
      if (!hasWords(text)) {
        yield silence();
        continue;
      }
      yield await this.queue.run(async (signal) => {
        phonemes ??= phonemize(trimmed, speaker.espeakVoice, signal);
        const chunkPhonemes = (await phonemes)[index] ?? '';
        return this.speakPhonemes(chunkPhonemes, speaker.voice, request.speed, signal);
      }, request);
    }
  }

  /** Phonemes as speech, in as many runs of the model as the speed needs. */
  private async speakPhonemes(
    phonemes: string,
    voice: string,
    speed: number,
    signal: AbortSignal,
  ): Promise<SynthesizedSpeech> {
    const styles = await this.style(voice);
    const modelSpeed = Math.min(MODEL_FASTEST_SPEED, Math.max(MODEL_SLOWEST_SPEED, speed));
    const waves: Float32Array[] = [];
    for (const ids of tokenize(phonemes, tokensPerRun(modelSpeed))) {
      if (signal.aborted) throw new GenerationAbortedError();
      waves.push(await this.speak(ids, styles, modelSpeed));
    }
    if (signal.aborted) throw new GenerationAbortedError();
    const samples = await changeTempo(joinWaves(waves), KOKORO_SAMPLE_RATE, speed / modelSpeed);
    return { pcm: floatToPcm(samples), sampleRate: KOKORO_SAMPLE_RATE };
  }

  /** One run of the model, in the worker thread. */
  private async speak(ids: number[], styles: Float32Array, speed: number): Promise<Float32Array> {
    // A server that is closing stops between runs (the request gets the usual abort answer).
    if (this.model.isClosed) throw new GenerationAbortedError();
    const row = Math.min(ids.length, STYLE_ROWS - 1);
    const style = styles.slice(row * STYLE_SIZE, (row + 1) * STYLE_SIZE);
    const { waveform } = await this.model.request({ ids, style, speed }, [style.buffer]);
    return waveform;
  }

  /** A voice's style file, read once. */
  private style(voice: string): Promise<Float32Array> {
    let style = this.styles.get(voice);
    if (!style) {
      style = readFile(join(this.voicesFolder, `${voice}.bin`)).then(
        (bytes) => new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4),
      );
      style.catch(() => this.styles.delete(voice));
      this.styles.set(voice, style);
    }
    return style;
  }
}

/**
 * The Kokoro voice and espeak-ng voice for a request: the site voice's own Kokoro voice for English
 * (and for text whose language is unknown), a woman's or man's voice of the language for another
 * language Kokoro speaks, none for the rest.
 */
export function kokoroSpeaker(
  voice: Voice,
  language: string | undefined,
): { voice: string; espeakVoice: string } | undefined {
  const english = KOKORO_VOICES[voice];
  const primary = primaryLanguage(language);
  if (primary === undefined || primary === 'en') {
    // Kokoro's British voices start with b, and learnt British phonemes.
    return { voice: english, espeakVoice: english.startsWith('b') ? 'en-gb' : 'en-us' };
  }
  if (!Object.hasOwn(KOKORO_LANGUAGES, primary)) return undefined;
  const other = KOKORO_LANGUAGES[primary as keyof typeof KOKORO_LANGUAGES];
  const isWoman = english[1] === 'f';
  return { voice: isWoman ? other.woman : other.man, espeakVoice: other.espeakVoice };
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Punctuation or symbols alone: no speech, and no run of the model. */
function silence(): SynthesizedSpeech {
  return { pcm: Buffer.alloc(0), sampleRate: KOKORO_SAMPLE_RATE };
}

function joinWaves(waves: Float32Array[]): Float32Array {
  const joined = new Float32Array(waves.reduce((total, wave) => total + wave.length, 0));
  let offset = 0;
  for (const wave of waves) {
    joined.set(wave, offset);
    offset += wave.length;
  }
  return joined;
}
