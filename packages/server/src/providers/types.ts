/**
 * One small interface per capability. Services depend on these, never on an engine or an SDK.
 * Adapters live in providers/local/ (engines on this machine) and providers/openai-compatible/.
 */
import type {
  EngineStatus,
  QueueEvent,
  ToolLink,
  TranscriptionTask,
  TranscriptSegment,
  Voice,
} from '@ai-tools/contracts';
import type { PcmAudio } from '../audio/wav.ts';
import type { QueuePlace } from './job-queue.ts';

/** What every engine request carries besides its content: who asked, and how to stop or follow it. */
export interface EngineRequestOptions {
  /** Fires when the visitor goes away or the request runs out of time: the engine stops. */
  signal?: AbortSignal;
  /** The visitor's address: an engine's queue holds one job per visitor. */
  visitor?: string;
  /**
   * The tool that asked, when several share the engine (the writers): a visitor's second request
   * is refused naming the tool that holds the first.
   */
  tool?: ToolLink;
  /** Told the request's place in the engine's line while it waits (streamed to the page). */
  onQueuePosition?: (position: QueueEvent) => void;
  /**
   * The request's place in the engine's line when it makes several engine requests (speech, one
   * per chunk): taken by the first, kept for the others, freed when the request leaves it.
   */
  place?: QueuePlace;
}

export interface Engine {
  /** Which engine serves the capability, its tier, and whether it is ready. */
  status(): EngineStatus;
  /** Frees models, workers and child processes. Called once when the server closes. */
  close(): Promise<void>;
}

export interface TextGenerationRequest extends EngineRequestOptions {
  /** The instructions: role, format and rules. */
  system: string;
  /** The visitor's request, built by a service from its options. */
  prompt: string;
  maxTokens: number;
  temperature?: number;
  /**
   * The shape the answer must take, as a GBNF grammar (llama.cpp's format): the local engine
   * cannot write outside it. Engines that cannot follow one ignore it; the service's own checks
   * and cleaning still apply.
   */
  grammar?: string;
}

export interface TextGenerator extends Engine {
  /** Streams the answer token by token; stops when `signal` aborts. */
  generate(request: TextGenerationRequest): AsyncIterable<string>;
  /**
   * Runs several generations as one job in the engine's line, so a writer's plan and parts keep
   * their turn instead of going to the back of the line after each part: the first generation
   * waits in line (told to `onQueuePosition`), the others run at once. `expectedTokens` is the
   * whole turn's work, for the waits told to those behind it. Engines without a line leave this out.
   */
  inTurn?<T>(
    options: EngineRequestOptions & { expectedTokens: number },
    work: (generator: Pick<TextGenerator, 'generate'>) => Promise<T>,
  ): Promise<T>;
}

export interface SpeechSynthesisRequest extends EngineRequestOptions {
  /** One chunk of normalised text; the service splits long text at sentence boundaries. */
  text: string;
  voice: Voice;
  /** 0.25 to 3: the speaking rate, without a change of pitch. */
  speed: number;
  /** BCP 47 language of the text, such as 'en' or 'es', when the service detected it. */
  language?: string;
  /**
   * The request's temporary folder, for an engine that writes files: one folder per request,
   * however many chunks (ADR 040). Without it, such an engine makes its own for the chunk.
   */
  folder?: string;
}

/** All the chunks of one request, in order, for synthesizeChunks. */
export type SpeechChunksRequest = Omit<SpeechSynthesisRequest, 'text'> & {
  texts: readonly string[];
};

/** Mono 16-bit little-endian PCM; the service joins chunks and encodes with ffmpeg. */
export type SynthesizedSpeech = PcmAudio;

export interface SpeechSynthesizer extends Engine {
  synthesize(request: SpeechSynthesisRequest): Promise<SynthesizedSpeech>;
  /**
   * Speaks a request's chunks in order, one piece each, the next made only once the caller asks
   * for it (so a caller that waits holds the engine back). For an engine that prepares text with a
   * program per call (Kokoro's phonemes from espeak-ng): it prepares them all in one run. Unset:
   * the service calls `synthesize` for each chunk.
   */
  synthesizeChunks?(request: SpeechChunksRequest): AsyncIterable<SynthesizedSpeech>;
  /**
   * The most characters the engine takes in one request (4096 for OpenAI's speech API); the
   * service splits longer text at sentences to fit. Unset: the service's own default.
   */
  maxCharactersPerChunk?: number;
  /**
   * The languages it speaks, as BCP 47 primary subtags: the service refuses text in any other
   * before any audio is made. Unset: every text is sent (a remote service knows its own).
   */
  languages?: readonly string[];
}

export interface TranscriptionRequest extends EngineRequestOptions {
  /** Mono samples in [-1, 1] at 16 kHz: the service decodes every upload to this with ffmpeg. */
  samples: Float32Array;
  /** The language spoken, when the visitor named it (ISO 639-1): detection is skipped. */
  language?: string;
  /** Transcribe (the default) or translate to English. */
  task?: TranscriptionTask;
  /**
   * Told after each piece of the audio is transcribed, so a long recording's job can show its
   * progress and its text so far. Engines that hear the whole audio at once tell it once, at the end.
   */
  onProgress?: (progress: TranscriptionProgress) => void;
}

/** How far a transcription has come. */
export interface TranscriptionProgress {
  /** Seconds of the audio heard so far, from its start. */
  audioSecondsDone: number;
  /** The text so far, joined as the final text will be. */
  text: string;
  /** The segments so far, on the audio's time line. */
  segments: TranscriptSegment[];
}

export interface Transcription {
  text: string;
  /** The language heard (the transcript is in English after a translation). */
  language?: string;
  segments: TranscriptSegment[];
}

export interface Transcriber extends Engine {
  transcribe(request: TranscriptionRequest): Promise<Transcription>;
}

export interface Providers {
  text: TextGenerator;
  speech: SpeechSynthesizer;
  transcription: Transcriber;
}

/** 16 kHz: what every recogniser here expects. */
export const TRANSCRIPTION_SAMPLE_RATE = 16_000;
