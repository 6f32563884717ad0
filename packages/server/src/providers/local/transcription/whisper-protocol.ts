/**
 * The messages between the transcriber (main thread) and the Whisper worker thread. The worker
 * holds the model; the transcriber decides what to ask of it and what to keep of the answers.
 */
import type { TimedWord, TranscriptionTask } from '@ai-tools/contracts';

export interface WhisperWorkerSettings {
  /** `${MODELS_DIR}/transformers`: transformers.js reads the model from there and nowhere else. */
  localModelPath: string;
  /** Such as 'Xenova/whisper-base'. */
  modelId: string;
  /**
   * One Int32 shared with the main thread: 1 asks the running decode to stop after its current
   * token (a visitor who went away must not keep both cores busy).
   */
  stopFlag: SharedArrayBuffer;
}

export type WhisperRequest =
  | { kind: 'detect-language'; samples: Float32Array }
  | {
      kind: 'decode';
      samples: Float32Array;
      /** Unset: the language Whisper hears in this piece. */
      language?: string;
      task: TranscriptionTask;
      maxNewTokens: number;
    };

/** Whisper's language probabilities at the first step after <|startoftranscript|>. */
export interface LanguageScores {
  /** Language code as Whisper writes it ('en', 'fr', 'haw'), with its probability. */
  probabilities: Record<string, number>;
}

/** One stretch of text between two of Whisper's timestamps, in seconds from the piece's start. */
export interface TimedText {
  start?: number;
  end?: number;
  text: string;
  /**
   * Its words, each timed by where Whisper's alignment heads look in the audio (cross-attention
   * and dynamic time warping), in seconds from the piece's start.
   */
  words?: TimedWord[];
}

export interface DecodedPiece {
  /** The text with Whisper's own times when it wrote them; one untimed entry when it did not. */
  parts: TimedText[];
  /** The language it was transcribed in, in Whisper's code. */
  language: string;
  /** Probability of <|nospeech|> at the first step: high when Whisper hears no speech. */
  noSpeechProbability: number;
  /** Mean log-probability of the chosen tokens: low when Whisper guesses. */
  averageLogProbability: number;
  /** Whether the decode stopped at the token limit instead of at <|endoftext|>. */
  reachedTokenLimit: boolean;
  /** Whether the decode was stopped through the stop flag. */
  stopped: boolean;
}

export type WhisperReply =
  { kind: 'languages'; scores: LanguageScores } | { kind: 'decoded'; piece: DecodedPiece };
