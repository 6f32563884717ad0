/**
 * Text to Kokoro's input: phonemes from Debian's espeak-ng (`-q --ipa`), touched up the way
 * kokoro-js does for English, then token ids from Kokoro's vocabulary.
 *
 * espeak-ng drops punctuation, yet Kokoro reads it for pauses and intonation: the text is cut at
 * punctuation, each piece between is phonemized, and the punctuation goes back in between.
 */
import { TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { runEngineProcess } from '../../../child-process.ts';
import { japaneseReading } from './japanese-reading.ts';
import { KOKORO_VOCABULARY } from './kokoro-vocabulary.ts';

/** The most tokens one run of the model takes: its context of 512 less the two paddings. */
export const KOKORO_MAX_TOKENS = 510;

const PUNCTUATION = ';:,.!?¡¿—…"«»“”(){}[]';
const PUNCTUATION_RUN = new RegExp(
  `(\\s*[${PUNCTUATION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}]+\\s*)+`,
  'g',
);
/** espeak-ng marks a word it reads in another language's voice: `(en)...(cmn)`. */
const LANGUAGE_SWITCH_FLAG = /\([a-z-]+\)/g;
const SPACE_TOKEN = KOKORO_VOCABULARY.get(' ');
/** The marks Kokoro reads as a pause: a run cut after one pauses where the text does anyway. */
const PAUSE_TOKENS = new Set([...'.!?;:,—…'].map((mark) => KOKORO_VOCABULARY.get(mark)));

/**
 * The phonemes of each text, in order, for the espeak-ng voice (`en-us`, `es`, ...) whose phonemes
 * a Kokoro voice was trained on. All the texts of a request go through one espeak-ng run: each run
 * forks the whole server (phonemizePieces), so a request of 70 sentences must not start 70.
 */
export async function phonemize(
  texts: readonly string[],
  espeakVoice: string,
  signal: AbortSignal,
): Promise<string[]> {
  // espeak-ng reads kana but not kanji: Japanese goes in as it is pronounced.
  const readable =
    espeakVoice === 'ja'
      ? await Promise.all(texts.map((text) => japaneseReading(text)))
      : texts.slice();
  const piecesOfTexts = readable.map(splitAtPunctuation);
  const words = (pieces: TextPiece[]) =>
    pieces.filter(({ isPunctuation }) => !isPunctuation).map(({ text }) => text);
  const spoken = await phonemizePieces(piecesOfTexts.map(words), espeakVoice, signal);
  return piecesOfTexts.map((pieces, index) => {
    const spokenPieces = spoken[index] ?? [];
    const phonemes = pieces
      .map(({ text, isPunctuation }) => (isPunctuation ? text : spokenPieces.shift()))
      .join('')
      .replace(LANGUAGE_SWITCH_FLAG, '');
    return espeakVoice.startsWith('en') ? touchUpEnglish(phonemes, espeakVoice) : phonemes.trim();
  });
}

/**
 * Token ids in groups of at most `maxTokens` (KOKORO_MAX_TOKENS, the model's own limit, unless the
 * caller wants shorter runs). A group that would be too long ends after a pause (a punctuation
 * mark) in its second half, else after its last space. Characters outside the vocabulary are
 * dropped, as Kokoro's own tokenizer does.
 */
export function tokenize(phonemes: string, maxTokens = KOKORO_MAX_TOKENS): number[][] {
  const ids = [...phonemes].flatMap((character) => {
    const id = KOKORO_VOCABULARY.get(character);
    return id === undefined ? [] : [id];
  });
  const longest = Math.max(1, Math.min(maxTokens, KOKORO_MAX_TOKENS));
  const groups: number[][] = [];
  let start = 0;
  while (start < ids.length) {
    let end = Math.min(ids.length, start + longest);
    if (end < ids.length) end = groupEnd(ids, start, end);
    groups.push(ids.slice(start, end));
    start = end;
  }
  return groups.filter((group) => group.some((id) => id !== SPACE_TOKEN));
}

/** Where a group from `start` that may not reach `end` ends best. */
function groupEnd(ids: number[], start: number, end: number): number {
  const half = start + Math.floor((end - start) / 2);
  for (let index = end - 1; index >= half; index--) {
    if (PAUSE_TOKENS.has(ids[index] ?? -1)) return index + 1;
  }
  const lastSpace = ids.lastIndexOf(SPACE_TOKEN ?? -1, end - 1);
  return lastSpace > start ? lastSpace + 1 : end;
}

interface TextPiece {
  text: string;
  isPunctuation: boolean;
}

function splitAtPunctuation(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let position = 0;
  for (const match of text.matchAll(PUNCTUATION_RUN)) {
    if (match.index > position) {
      pieces.push({ text: text.slice(position, match.index), isPunctuation: false });
    }
    if (match[0].length > 0) pieces.push({ text: match[0], isPunctuation: true });
    position = match.index + match[0].length;
  }
  if (position < text.length) pieces.push({ text: text.slice(position), isPunctuation: false });
  return pieces;
}

/**
 * The phonemes of each group's pieces, in order. One espeak-ng run reads them all, one piece per
 * line, and writes one line per clause: with punctuation already cut away that is one line per
 * piece. Each process start costs the server a fork of its whole memory (tens of milliseconds with
 * the models loaded, during which it answers nothing), so one run for the whole request matters.
 * When the lines do not match the pieces (espeak-ng found clauses of its own), each group is read
 * in a run of its own, and a group whose lines still do not match, piece by piece.
 */
async function phonemizePieces(
  groups: readonly (readonly string[])[],
  voice: string,
  signal: AbortSignal,
): Promise<string[][]> {
  const phonemes = groups.map((pieces) => pieces.slice());
  const spoken = groups.flatMap((pieces, group) =>
    pieces.flatMap((piece, index) => (hasWords(piece) ? [{ piece, group, index }] : [])),
  );
  if (spoken.length === 0) return phonemes;
  const lines = await espeakLines(
    spoken.map(({ piece }) => piece),
    voice,
    signal,
  );
  if (lines.length === spoken.length) {
    spoken.forEach(({ piece, group, index }, line) => {
      const groupPhonemes = phonemes[group];
      if (groupPhonemes) groupPhonemes[index] = keepSpaces(piece, lines[line] ?? '');
    });
    return phonemes;
  }
  if (groups.length > 1) {
    return Promise.all(groups.map((pieces) => phonemizePieces([pieces], voice, signal))).then(
      (each) => each.map((group) => group[0] ?? []),
    );
  }
  await Promise.all(
    spoken.map(async ({ piece, group, index }) => {
      const groupPhonemes = phonemes[group];
      const line = (await espeakLines([piece], voice, signal)).join(' ');
      if (groupPhonemes) groupPhonemes[index] = keepSpaces(piece, line);
    }),
  );
  return phonemes;
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** espeak-ng's lines for `pieces`, one piece per input line; blank lines dropped. */
async function espeakLines(
  pieces: readonly string[],
  voice: string,
  signal: AbortSignal,
): Promise<string[]> {
  const input = pieces.map((piece) => piece.replace(/\s+/g, ' ').trim()).join('\n');
  const output = await runEngineProcess('espeak-ng', ['-q', '--ipa', '-v', voice], {
    signal,
    input: Buffer.from(input + '\n', 'utf8'),
    failureMessage: TEXT_TO_SPEECH_MESSAGES.speechFailed,
  });
  return output
    .toString('utf8')
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** A piece keeps its spaces at both ends, so the punctuation around it keeps its own. */
function keepSpaces(piece: string, phonemes: string): string {
  const leading = /^\s/.test(piece) ? ' ' : '';
  const trailing = /\s$/.test(piece) ? ' ' : '';
  return leading + phonemes.trim() + trailing;
}

/** The corrections kokoro-js makes to espeak-ng's English for the phonemes Kokoro learnt. */
function touchUpEnglish(phonemes: string, espeakVoice: string): string {
  const touched = phonemes
    .replace(/kəkˈoːɹoʊ/g, 'kˈoʊkəɹoʊ')
    .replace(/kəkˈɔːɹəʊ/g, 'kˈəʊkəɹəʊ')
    .replace(/ʲ/g, 'j')
    .replace(/r/g, 'ɹ')
    .replace(/x/g, 'k')
    .replace(/ɬ/g, 'l')
    .replace(/(?<=[a-zɹː])(?=hˈʌndɹɪd)/g, ' ')
    .replace(/ z(?=[;:,.!?¡¿—…"«»“” ]|$)/g, 'z');
  // American English flaps the t of "ninety".
  const american = espeakVoice === 'en-us' ? touched.replace(/(?<=nˈaɪn)ti(?!ː)/g, 'di') : touched;
  return american.trim();
}
