/**
 * Captions from a synthesis: the speech is made one sentence at a time, so each sentence's start
 * and end in the audio are known exactly. A sentence becomes one cue, or several when it does not
 * fit in two lines; only those parts are timed by their share of the sentence's spoken words. The
 * cues show the sentence as it was written ("2019", not "twenty nineteen").
 */
import { CAPTION_LIMITS, UNSPACED_SCRIPT, type CaptionCue } from '@ai-tools/contracts';
import { displayWidth } from '../../text/display-width.ts';
import { unspacedWords } from '../../text/unspaced-words.ts';

/** A sentence as written, with the place of its speech in the final audio. */
export interface SpokenSentence {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

const MAX_CUE_CHARACTERS = CAPTION_LIMITS.maxLineCharacters * CAPTION_LIMITS.maxLines;

/** The units a line or cue may break between, and what joins them back. */
function units(text: string, language: string | undefined): { parts: string[]; separator: string } {
  const trimmed = text.trim();
  return UNSPACED_SCRIPT.test(trimmed)
    ? { parts: unspacedWords(trimmed, language ?? 'ja'), separator: '' }
    : { parts: trimmed.split(/\s+/), separator: ' ' };
}

/** How captions are made: the segmenter's language, and how a part of a sentence is spoken. */
export interface CaptionOptions {
  /** The text's BCP 47 language, for the word segmenter of Japanese or Chinese. */
  language?: string;
  /**
   * The spoken form of a part of a sentence ("2019" is "twenty nineteen"): a part's share of the
   * sentence's time is its share of the spoken words. The written text itself by default.
   */
  spokenForm?: (written: string) => string;
}

/**
 * Splits text into `count` groups of whole words, as even in length as the words allow, so no
 * cue is left with a word or two.
 */
function evenGroups(text: string, count: number, language: string | undefined): string[] {
  const { parts, separator } = units(text, language);
  const join = (words: string[]) => words.join(separator).trim();
  const target = displayWidth(text) / count;
  const groups: string[] = [];
  let current: string[] = [];
  for (const [index, part] of parts.entries()) {
    const joined = displayWidth(join([...current, part]));
    const groupsLeft = count - groups.length;
    const partsLeft = parts.length - index;
    if (current.length > 0 && groupsLeft > 1 && joined > target && partsLeft >= groupsLeft - 1) {
      // Closer to the target with this word or without it.
      const without = displayWidth(join(current));
      if (joined - target > target - without || joined > MAX_CUE_CHARACTERS) {
        groups.push(join(current));
        current = [part];
        continue;
      }
    }
    current.push(part);
  }
  if (current.length > 0) groups.push(join(current));
  return groups;
}

/**
 * One sentence's cues: parts of at most two lines each, timed by their share of the sentence's
 * spoken words.
 */
function sentenceCues(sentence: SpokenSentence, options: CaptionOptions): CaptionCue[] {
  const { language, spokenForm = (written: string) => written } = options;
  const text = sentence.text.trim();
  let count = Math.ceil(displayWidth(text) / MAX_CUE_CHARACTERS);
  let groups = evenGroups(text, count, language);
  // Word lengths may push an even split over the limit: one more cue then.
  while (groups.some((group) => !fitsInCue(group, language)) && count < text.length) {
    count += 1;
    groups = evenGroups(text, count, language);
  }
  const weights = groups.map((group) => Math.max(1, displayWidth(spokenForm(group))));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const span = sentence.endSeconds - sentence.startSeconds;
  let start = sentence.startSeconds;
  let spoken = 0;
  return groups.map((group, index) => {
    spoken += weights[index] ?? 0;
    const end =
      index === groups.length - 1
        ? sentence.endSeconds
        : sentence.startSeconds + (span * spoken) / total;
    const cue = { start: round(start), end: round(end), text: group };
    start = end;
    return cue;
  });
}

/** Whether the text fits in one cue: two lines, each within the line length. */
function fitsInCue(text: string, language: string | undefined): boolean {
  return captionLines(text, language)
    .split('\n')
    .every((line) => displayWidth(line) <= CAPTION_LIMITS.maxLineCharacters);
}

/** Breaks a cue's text into at most two lines, as even as the words allow. */
export function captionLines(text: string, language?: string): string {
  if (displayWidth(text) <= CAPTION_LIMITS.maxLineCharacters) return text;
  const { parts, separator } = units(text, language);
  const join = (words: string[]) => words.join(separator).trim();
  let best = { split: 1, longest: Infinity };
  for (let split = 1; split < parts.length; split += 1) {
    const longest = Math.max(
      displayWidth(join(parts.slice(0, split))),
      displayWidth(join(parts.slice(split))),
    );
    if (longest < best.longest) best = { split, longest };
  }
  return [join(parts.slice(0, best.split)), join(parts.slice(best.split))].join('\n');
}

/**
 * The cues of a synthesis. A cue shorter than the minimum joins its neighbour when both fit in two
 * lines together; that is the only time a cue spans a sentence boundary ("Yes." "No.").
 */
export function captionCues(
  sentences: readonly SpokenSentence[],
  options: CaptionOptions = {},
): CaptionCue[] {
  const cues = sentences
    .filter((sentence) => sentence.text.trim())
    .flatMap((sentence) => sentenceCues(sentence, options));
  const joined: CaptionCue[] = [];
  for (const cue of cues) {
    const previous = joined.at(-1);
    const separator = previous && UNSPACED_SCRIPT.test(previous.text + cue.text) ? '' : ' ';
    const tooShort = (candidate: CaptionCue) =>
      candidate.end - candidate.start < CAPTION_LIMITS.minSeconds;
    const fitsWith = (candidate: CaptionCue) =>
      fitsInCue(`${candidate.text}${separator}${cue.text}`, options.language);
    if (previous && (tooShort(previous) || tooShort(cue)) && fitsWith(previous)) {
      previous.text = `${previous.text}${separator}${cue.text}`;
      previous.end = cue.end;
    } else {
      joined.push({ ...cue });
    }
  }
  return joined.map((cue) => ({ ...cue, text: captionLines(cue.text, options.language) }));
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
