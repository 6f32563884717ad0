/** English abbreviations as a person says them ("Dr." is "Doctor"), keeping a sentence's end. */
import { TrackedText } from './tracked-text.ts';

const TITLES: [RegExp, string][] = [
  [/\bDr\.(?=\s+[A-Z])/g, 'Doctor'],
  [/\bMr\.(?=\s)/g, 'Mister'],
  [/\bMrs\.(?=\s)/g, 'Missus'],
  [/\bMs\.(?=\s)/g, 'Miz'],
  [/\bProf\.(?=\s)/g, 'Professor'],
  [/\bSt\.(?=\s+[A-Z])/g, 'Saint'],
  [/\bMt\.(?=\s)/g, 'Mount'],
  [/\bJr\./g, 'Junior'],
  [/\bSr\./g, 'Senior'],
];

/** Abbreviations that may end a sentence keep their full stop when they do. */
const PHRASES: [RegExp, string][] = [
  [/\be\.g\./gi, 'for example'],
  [/\bi\.e\./gi, 'that is'],
  [/\betc\./gi, 'et cetera'],
  [/\bvs\./gi, 'versus'],
  [/\bapprox\./gi, 'approximately'],
  [/\ba\.m\./gi, 'A M'],
  [/\bp\.m\./gi, 'P M'],
];

export function expandAbbreviations(text: string): string {
  return spellAbbreviations(TrackedText.of(text)).text;
}

/** expandAbbreviations on tracked text: each abbreviation remembers how it was written. */
export function spellAbbreviations(text: TrackedText): TrackedText {
  let expanded = text;
  for (const [pattern, words] of TITLES) expanded = expanded.replace(pattern, () => words);
  for (const [pattern, words] of PHRASES) {
    expanded = expanded.replace(pattern, ({ 0: match, index, input }) => {
      const after = input.slice(index + match.length);
      const endsSentence = after === '' || /^\s+[A-Z]/.test(after) || /^\s*$/.test(after);
      return endsSentence ? `${words}.` : words;
    });
  }
  return expanded.replace(/\s&\s/g, () => ' and ');
}
