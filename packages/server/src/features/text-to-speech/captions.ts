/**
 * Captions from a synthesis: the speech is made one sentence at a time, so each sentence's start
 * and end in the audio are known exactly. A sentence becomes one cue, or several when it does not
 * fit in two lines; only those parts are timed by their share of the sentence's characters.
 */
import { CAPTION_LIMITS, type CaptionCue } from '@ai-tools/contracts';
import { displayWidth } from '../../text/display-width.ts';

/** A sentence as spoken, with its place in the final audio. */
export interface SpokenSentence {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

const MAX_CUE_CHARACTERS = CAPTION_LIMITS.maxLineCharacters * CAPTION_LIMITS.maxLines;

/** Japanese and Chinese have no spaces: their lines break between characters. */
function isSpaced(text: string): boolean {
  return /\s/.test(text.trim());
}

function units(text: string): { parts: string[]; separator: string } {
  return isSpaced(text)
    ? { parts: text.trim().split(/\s+/), separator: ' ' }
    : { parts: Array.from(text.trim()), separator: '' };
}

/**
 * Splits text into `count` groups of whole words, as even in length as the words allow, so no
 * cue is left with a word or two.
 */
function evenGroups(text: string, count: number): string[] {
  const { parts, separator } = units(text);
  const target = displayWidth(text) / count;
  const groups: string[] = [];
  let current: string[] = [];
  for (const [index, part] of parts.entries()) {
    const joined = displayWidth([...current, part].join(separator));
    const groupsLeft = count - groups.length;
    const partsLeft = parts.length - index;
    if (current.length > 0 && groupsLeft > 1 && joined > target && partsLeft >= groupsLeft - 1) {
      // Closer to the target with this word or without it.
      const without = displayWidth(current.join(separator));
      if (joined - target > target - without || joined > MAX_CUE_CHARACTERS) {
        groups.push(current.join(separator));
        current = [part];
        continue;
      }
    }
    current.push(part);
  }
  if (current.length > 0) groups.push(current.join(separator));
  return groups;
}

/** One sentence's cues: parts of at most two lines each, timed by their share of characters. */
function sentenceCues(sentence: SpokenSentence): CaptionCue[] {
  const text = sentence.text.trim();
  let count = Math.ceil(displayWidth(text) / MAX_CUE_CHARACTERS);
  let groups = evenGroups(text, count);
  // Word lengths may push an even split over the limit: one more cue then.
  while (groups.some((group) => !fitsInCue(group)) && count < text.length) {
    count += 1;
    groups = evenGroups(text, count);
  }
  const total = groups.reduce((sum, group) => sum + displayWidth(group), 0);
  const span = sentence.endSeconds - sentence.startSeconds;
  let start = sentence.startSeconds;
  let characters = 0;
  return groups.map((group, index) => {
    characters += displayWidth(group);
    const end =
      index === groups.length - 1
        ? sentence.endSeconds
        : sentence.startSeconds + (span * characters) / total;
    const cue = { start: round(start), end: round(end), text: group };
    start = end;
    return cue;
  });
}

/** Whether the text fits in one cue: two lines, each within the line length. */
function fitsInCue(text: string): boolean {
  return captionLines(text)
    .split('\n')
    .every((line) => displayWidth(line) <= CAPTION_LIMITS.maxLineCharacters);
}

/** Breaks a cue's text into at most two lines, as even as the words allow. */
export function captionLines(text: string): string {
  if (displayWidth(text) <= CAPTION_LIMITS.maxLineCharacters) return text;
  const { parts, separator } = units(text);
  let best = { split: 1, longest: Infinity };
  for (let split = 1; split < parts.length; split += 1) {
    const longest = Math.max(
      displayWidth(parts.slice(0, split).join(separator)),
      displayWidth(parts.slice(split).join(separator)),
    );
    if (longest < best.longest) best = { split, longest };
  }
  return [parts.slice(0, best.split).join(separator), parts.slice(best.split).join(separator)].join(
    '\n',
  );
}

/**
 * The cues of a synthesis. A cue shorter than the minimum joins its neighbour when both fit in two
 * lines together; that is the only time a cue spans a sentence boundary ("Yes." "No.").
 */
export function captionCues(sentences: readonly SpokenSentence[]): CaptionCue[] {
  const cues = sentences.filter((sentence) => sentence.text.trim()).flatMap(sentenceCues);
  const joined: CaptionCue[] = [];
  for (const cue of cues) {
    const previous = joined.at(-1);
    const tooShort = (candidate: CaptionCue) =>
      candidate.end - candidate.start < CAPTION_LIMITS.minSeconds;
    const fitsWith = (candidate: CaptionCue) => fitsInCue(`${candidate.text} ${cue.text}`);
    if (previous && (tooShort(previous) || tooShort(cue)) && fitsWith(previous)) {
      const separator = isSpaced(`${previous.text} ${cue.text}`) ? ' ' : '';
      previous.text = `${previous.text}${separator}${cue.text}`;
      previous.end = cue.end;
    } else {
      joined.push({ ...cue });
    }
  }
  return joined.map((cue) => ({ ...cue, text: captionLines(cue.text) }));
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
