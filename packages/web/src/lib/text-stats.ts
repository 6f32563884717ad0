/** An average adult silent reading speed, in words per minute. */
const READING_WORDS_PER_MINUTE = 200;

/** Counts words the way a reader would: runs of letters or digits, in any script. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/** Whole minutes to read, at least one for any non-empty text. */
export function readingMinutes(wordCount: number): number {
  return wordCount === 0 ? 0 : Math.max(1, Math.round(wordCount / READING_WORDS_PER_MINUTE));
}
