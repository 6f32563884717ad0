import { countWords, readingMinutes } from '../lib/text-stats.ts';

/** "312 words · 2 min read" under a generated text. */
export function TextStats({ text }: { text: string }) {
  const words = countWords(text);
  if (words === 0) return null;
  return (
    <p className="text-stats">
      {words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read
    </p>
  );
}
