/**
 * Whisper invents text where nobody speaks: "Thank you." on silence, "Thanks for watching!" or a
 * subtitler's credit on music, and loops of one sentence. The VAD already keeps silence away from
 * it; these checks decide, piece by piece, what of Whisper's answer is speech. The thresholds are
 * those of OpenAI's own transcribe(): no-speech probability 0.6 with average log-probability
 * -1, compression ratio 2.4.
 */
import { deflateSync } from 'node:zlib';
import type { DecodedPiece, TimedText } from './whisper-protocol.ts';

const NO_SPEECH_THRESHOLD = 0.6;
const LOW_CONFIDENCE_THRESHOLD = -1;
/** Text that zlib shrinks more than this repeats itself: a decoding loop, not speech. */
const REPETITION_THRESHOLD = 2.4;
/** A stretch said this often in one piece of under 30 s is a loop, not a refrain. */
const LOOP_REPEATS = 3;
/**
 * A known invented phrase is kept only when Whisper is sure of it and hears speech: people do
 * say "thank you", and the VAD does let music through.
 */
const KNOWN_PHRASE_NO_SPEECH_THRESHOLD = 0.1;
const KNOWN_PHRASE_CONFIDENCE_THRESHOLD = -0.4;

/**
 * What Whisper writes on silence, music and noise, learnt from the subtitles it was trained on
 * (lower case, punctuation removed). A piece that says only one of these is suspect.
 */
const KNOWN_INVENTED_PHRASES = [
  /^(thank you|thanks)( (so|very) much)?( for watching| for listening)?$/,
  /^(please )?(like and )?subscribe( to (my|the|our) channel)?$/,
  /^(see you|bye|goodbye)( (next time|in the next video|later))?$/,
  /^(you|okay|oh|uh|um|hmm|so|the end)$/,
  /subtitles? (by|made by|created by|provided by)/,
  /(amara\.org|transcribed by|translated by|captions? by)/,
  /^(merci|gracias|danke|obrigado|grazie)( (d'avoir regardé|por ver|fürs zuschauen))?$/,
  /^(sous-titrage|untertitel|subtítulos|sottotitoli)/,
  /^ご視聴ありがとうございました$/,
  /^(请不吝点赞|字幕)/,
];

/** Sound descriptions rather than words: [Music], (applause), ♪ ♪, *laughs*. */
const ONLY_SOUND_DESCRIPTIONS = /^(\s|\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|[♪♫#.,!?-])*$/u;

export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length === 0 ? 0 : bytes.length / deflateSync(bytes).length;
}

/** Two different stretches said over and over (A B A B A B): a loop of the decoder. */
function repeatsStretches(parts: TimedText[]): boolean {
  const said = new Map<string, number>();
  for (const part of parts) {
    const key = normalise(part.text);
    said.set(key, (said.get(key) ?? 0) + 1);
  }
  return [...said.values()].some((count) => count >= LOOP_REPEATS);
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.' -]+/gu, ' ')
    .replace(/[.!?,]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The parts of a decoded piece that are speech; none when the piece is invented as a whole. */
export function speechParts(piece: DecodedPiece): TimedText[] {
  if (
    piece.noSpeechProbability > NO_SPEECH_THRESHOLD &&
    piece.averageLogProbability < LOW_CONFIDENCE_THRESHOLD
  ) {
    return [];
  }
  const parts: TimedText[] = [];
  for (const part of piece.parts) {
    if (ONLY_SOUND_DESCRIPTIONS.test(part.text)) continue;
    // A loop inside one stretch ("la la la la ...") is not speech.
    if (compressionRatio(part.text) > REPETITION_THRESHOLD) continue;
    // A loop writes one sentence again and again: once is what was said.
    const previous = parts.at(-1);
    if (previous && normalise(previous.text) === normalise(part.text)) {
      if (part.end !== undefined) previous.end = part.end;
      continue;
    }
    parts.push({ ...part });
  }
  // Measured on the stretches, not on the whole piece: a spoken menu ("Press one to record your
  // message. Press two to record...") compresses like a loop as a whole (2.6 for a real Russian
  // one) while each sentence is new. A loop across stretches repeats their count instead.
  const text = parts.map((part) => part.text).join(' ');
  if (repeatsStretches(parts)) return [];
  const unsure =
    piece.noSpeechProbability > KNOWN_PHRASE_NO_SPEECH_THRESHOLD ||
    piece.averageLogProbability < KNOWN_PHRASE_CONFIDENCE_THRESHOLD;
  const phrase = normalise(text);
  if (unsure && KNOWN_INVENTED_PHRASES.some((known) => known.test(phrase))) return [];
  return parts;
}
