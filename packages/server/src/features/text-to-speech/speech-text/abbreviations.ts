/** English abbreviations as a person says them ("Dr." is "Doctor"), keeping a sentence's end. */

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
  let expanded = text;
  for (const [pattern, words] of TITLES) expanded = expanded.replace(pattern, words);
  for (const [pattern, words] of PHRASES) {
    expanded = expanded.replace(pattern, (match: string, offset: number, whole: string) => {
      const after = whole.slice(offset + match.length);
      const endsSentence = after === '' || /^\s+[A-Z]/.test(after) || /^\s*$/.test(after);
      return endsSentence ? `${words}.` : words;
    });
  }
  return expanded.replace(/\s&\s/g, ' and ');
}
