/** A streamed speech piece's samples, and what a file made from the pieces offers (speech-file.ts). */
import type { SpeechPieceEvent } from '@ai-tools/contracts';
import { decodeBase64 } from './base64.ts';

export const BYTES_PER_SAMPLE = 2;

/** The samples of each piece as they arrive, then the file they make. */
export interface SpeechFileFromPieces {
  add(piece: SpeechPieceEvent): void;
  /**
   * The file of every piece added, in order; null when there is no sound, the pieces disagree on
   * their sample rate (no file the page could label truthfully), or the encoder could not run.
   */
  file(): Promise<Blob | null>;
}

/**
 * A piece's 16-bit little-endian samples, whole; null for a piece with no sound (a piece of
 * punctuation alone is silence labelled with any rate, so only sound counts).
 */
export function pieceSamples(piece: SpeechPieceEvent): Uint8Array<ArrayBuffer> | null {
  const bytes = decodeBase64(piece.pcmBase64);
  // An odd byte would shift every later sample.
  const whole = bytes.subarray(0, bytes.length - (bytes.length % BYTES_PER_SAMPLE));
  return whole.length === 0 ? null : whole;
}
