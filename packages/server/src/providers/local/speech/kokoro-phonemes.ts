/**
 * Text to Kokoro's input: phonemes from Debian's espeak-ng (`-q --ipa`), touched up the way
 * kokoro-js does for English, then token ids from Kokoro's vocabulary.
 *
 * espeak-ng drops punctuation, yet Kokoro reads it for pauses and intonation: the text is cut at
 * punctuation, each piece between is phonemized, and the punctuation goes back in between.
 */
import { ENGINE_MESSAGES } from '@ai-tools/contracts';
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

/** The espeak-ng voice (`en-us`, `es`, ...) whose phonemes a Kokoro voice was trained on. */
export async function phonemize(
  text: string,
  espeakVoice: string,
  signal: AbortSignal,
): Promise<string> {
  // espeak-ng reads kana but not kanji: Japanese goes in as it is pronounced.
  const readable = espeakVoice === 'ja' ? await japaneseReading(text) : text;
  const pieces = splitAtPunctuation(readable);
  const spoken = await Promise.all(
    pieces.map(({ text: piece, isPunctuation }) =>
      isPunctuation ? piece : espeakPhonemes(piece, espeakVoice, signal),
    ),
  );
  const phonemes = spoken.join('').replace(LANGUAGE_SWITCH_FLAG, '');
  return espeakVoice.startsWith('en') ? touchUpEnglish(phonemes, espeakVoice) : phonemes.trim();
}

/**
 * Token ids in groups of at most KOKORO_MAX_TOKENS, cut at a space where a group would be too long
 * (the service already cuts text at sentences, so this is rare). Characters outside the
 * vocabulary are dropped, as Kokoro's own tokenizer does.
 */
export function tokenize(phonemes: string): number[][] {
  const ids = [...phonemes].flatMap((character) => {
    const id = KOKORO_VOCABULARY.get(character);
    return id === undefined ? [] : [id];
  });
  const groups: number[][] = [];
  let start = 0;
  while (start < ids.length) {
    let end = Math.min(ids.length, start + KOKORO_MAX_TOKENS);
    if (end < ids.length) {
      const lastSpace = ids.lastIndexOf(SPACE_TOKEN ?? -1, end - 1);
      if (lastSpace > start) end = lastSpace + 1;
    }
    groups.push(ids.slice(start, end));
    start = end;
  }
  return groups.filter((group) => group.some((id) => id !== SPACE_TOKEN));
}

function splitAtPunctuation(text: string): { text: string; isPunctuation: boolean }[] {
  const pieces: { text: string; isPunctuation: boolean }[] = [];
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

async function espeakPhonemes(text: string, voice: string, signal: AbortSignal): Promise<string> {
  if (!/[\p{L}\p{N}]/u.test(text)) return text;
  const output = await runEngineProcess('espeak-ng', ['-q', '--ipa', '-v', voice], {
    signal,
    input: Buffer.from(text + '\n', 'utf8'),
    failureMessage: ENGINE_MESSAGES.speechFailed,
  });
  // One line per clause espeak-ng finds; a piece keeps its spaces at both ends.
  const phonemes = output.toString('utf8').trim().split('\n').join(' ');
  const leading = /^\s/.test(text) ? ' ' : '';
  const trailing = /\s$/.test(text) ? ' ' : '';
  return leading + phonemes + trailing;
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
