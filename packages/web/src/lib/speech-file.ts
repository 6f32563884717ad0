/**
 * The file of a streamed speech answer, made on the page from the pieces it played, for the
 * formats whose streamed `result` leaves the file out (contracts' streamedResultCarriesFile): a
 * WAV (wav-file.ts) and an MP3 (mp3-file.ts). Each piece's samples are kept or encoded as it
 * arrives, so the file is ready soon after the last piece.
 */
import type { OutputFormat } from '@ai-tools/contracts';
import { collectMp3Pieces } from './mp3-file.ts';
import type { SpeechFileFromPieces } from './piece-samples.ts';
import { collectWavPieces } from './wav-file.ts';

/** The collector for a format the page makes itself; undefined for one the `result` carries. */
export function collectSpeechFile(format: OutputFormat): SpeechFileFromPieces | undefined {
  if (format === 'wav') return collectWavPieces();
  if (format === 'mp3') return collectMp3Pieces();
  return undefined;
}
