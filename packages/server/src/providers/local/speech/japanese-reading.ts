/**
 * Japanese text as it is pronounced, in katakana. espeak-ng reads kana but not kanji (Debian's
 * build says "Chinese letter" for each), so both the Kokoro and the classic voices get the
 * reading instead. kuromoji's IPADIC dictionary gives each word's pronunciation, long vowels
 * included (東京 → トーキョー, は as a particle → ワ).
 *
 * The dictionary takes about 0.6 s to load and 300 MB while loaded, so it loads at the first
 * Japanese request and is let go after a few idle minutes.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';

const IDLE_MILLISECONDS_BEFORE_UNLOAD = 5 * 60_000;

const dictionaryPath = join(
  dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')),
  'dict',
);

let tokenizer: Promise<Tokenizer<IpadicFeatures>> | undefined;
let unloadTimer: NodeJS.Timeout | undefined;

function loadTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  clearTimeout(unloadTimer);
  unloadTimer = setTimeout(() => (tokenizer = undefined), IDLE_MILLISECONDS_BEFORE_UNLOAD);
  unloadTimer.unref();
  tokenizer ??= new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) =>
    kuromoji
      .builder({ dicPath: dictionaryPath })
      .build((error, built) => (error ? reject(error) : resolve(built))),
  );
  tokenizer.catch(() => (tokenizer = undefined));
  return tokenizer;
}

/**
 * The text with every word the dictionary knows replaced by its pronunciation in katakana. Kana
 * goes through it too: the particles は and へ are said ワ and エ.
 */
export async function japaneseReading(text: string): Promise<string> {
  const words = (await loadTokenizer()).tokenize(text);
  return words
    .map((word) =>
      word.pronunciation && word.pronunciation !== '*' ? word.pronunciation : word.surface_form,
    )
    .join('');
}
