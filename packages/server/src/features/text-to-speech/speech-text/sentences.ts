/** Sentences and chunks: long text is cut where a reader pauses, within an engine's limit. */

function sentenceSegmenter(language: string): Intl.Segmenter {
  try {
    return new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    return new Intl.Segmenter('en', { granularity: 'sentence' });
  }
}

/** The chunk's first sentence and the rest, or the chunk alone when it is one sentence. */
export function splitFirstSentence(chunk: string, language = 'en'): string[] {
  const first = [...sentenceSegmenter(language).segment(chunk)][0]?.segment.trim() ?? '';
  const rest = chunk.slice(chunk.indexOf(first) + first.length).trim();
  return [first, rest].filter(Boolean);
}

/** The sentences of the text; one longer than `maxCharacters` is split at a clause, then a space. */
export function splitIntoSentences(text: string, maxCharacters: number, language = 'en'): string[] {
  return [...sentenceSegmenter(language).segment(text)]
    .map((part) => part.segment.trim())
    .filter(Boolean)
    .flatMap((sentence) => splitLongSentence(sentence, maxCharacters));
}

/**
 * Splits text into chunks of at most `maxCharacters`, at sentence boundaries where it can; a
 * sentence longer than that is split at a clause, then at a space.
 */
export function splitIntoChunks(text: string, maxCharacters: number, language = 'en'): string[] {
  const sentences = splitIntoSentences(text, maxCharacters, language);

  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    const joined = current ? `${current} ${sentence}` : sentence;
    if (joined.length <= maxCharacters) current = joined;
    else {
      if (current) chunks.push(current);
      current = sentence;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLongSentence(sentence: string, maxCharacters: number): string[] {
  if (sentence.length <= maxCharacters) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxCharacters) {
    const window = rest.slice(0, maxCharacters + 1);
    const clause = Math.max(
      window.lastIndexOf(', '),
      window.lastIndexOf('; '),
      window.lastIndexOf(': '),
      window.lastIndexOf(' - '),
    );
    const space = window.lastIndexOf(' ');
    // A clause break is preferred unless it would leave a very short piece.
    let cut = clause > maxCharacters / 2 ? clause + 1 : space > 0 ? space : maxCharacters;
    if (cut <= 0) cut = maxCharacters;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
