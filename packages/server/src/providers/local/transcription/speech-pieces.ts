/**
 * Joins the stretches of speech Silero VAD found into the pieces Whisper reads. Whisper always
 * encodes 30 s of audio, however little of it is speech, so a few long pieces cost far less than
 * many short ones and give it more context; each piece still ends at a pause and stays under 30 s,
 * so its timestamps map straight onto the upload's time line.
 */
import { TRANSCRIPTION_SAMPLE_RATE } from '../../types.ts';
import type { SpeechSpan } from './voice-activity.ts';

export interface SpeechPiece {
  /** The audio Whisper reads: the speech, the pauses between, and a little padding. */
  startSample: number;
  endSample: number;
  /** The stretches of speech inside, as the VAD found them. */
  speech: SpeechSpan[];
}

/** Longest piece before padding: Whisper reads 30 s, and the padding must still fit. */
const LONGEST_PIECE_SAMPLES = 28 * TRANSCRIPTION_SAMPLE_RATE;
/** A longer silence starts a new piece: long silences inside a piece invite invented words. */
const LONGEST_PAUSE_SAMPLES = 3 * TRANSCRIPTION_SAMPLE_RATE;
/** Kept either side, so the first and last words are heard whole (VAD cuts close). */
const PADDING_SAMPLES = Math.round(0.25 * TRANSCRIPTION_SAMPLE_RATE);

export function groupSpeechIntoPieces(spans: SpeechSpan[], totalSamples: number): SpeechPiece[] {
  const groups: SpeechSpan[][] = [];
  for (const span of spans) {
    const group = groups.at(-1);
    const first = group?.[0];
    const last = group?.at(-1);
    if (
      group &&
      first &&
      last &&
      span.endSample - first.startSample <= LONGEST_PIECE_SAMPLES &&
      span.startSample - last.endSample <= LONGEST_PAUSE_SAMPLES
    ) {
      group.push(span);
    } else {
      groups.push([span]);
    }
  }
  return groups.map((speech, index) => {
    const startSample = speech[0]?.startSample ?? 0;
    const endSample = speech.at(-1)?.endSample ?? startSample;
    // Padding never reaches past the middle of the pause to the next piece: no word twice.
    const previousEnd = groups[index - 1]?.at(-1)?.endSample;
    const nextStart = groups[index + 1]?.[0]?.startSample;
    const earliest = previousEnd === undefined ? 0 : Math.ceil((previousEnd + startSample) / 2);
    const latest = nextStart === undefined ? totalSamples : Math.floor((endSample + nextStart) / 2);
    return {
      startSample: Math.max(earliest, startSample - PADDING_SAMPLES),
      endSample: Math.min(latest, endSample + PADDING_SAMPLES),
      speech,
    };
  });
}
