/**
 * The subtitle editor's changes to the cues, as pure functions of the cue list: what the visitor
 * corrects before downloading (a cue's text, its times, splitting one, merging two, deleting one).
 * A cue keeps its words' times only while its text is still the words': an edited text drops them.
 */
import { UNSPACED_SCRIPT, type TranscriptSegment } from '@ai-tools/contracts';

/** The smallest time a cue may last here, so start and end never cross. */
export const SHORTEST_CUE_SECONDS = 0.1;

type Cue = TranscriptSegment;

function rounded(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Chinese and Japanese join without a space; every other language with one. */
function separatorFor(text: string): string {
  return /\s/.test(text.trim()) || !UNSPACED_SCRIPT.test(text) ? ' ' : '';
}

/** The transcript the edited cues make: their texts, one line each joined as prose. */
export function transcriptOf(cues: readonly Cue[]): string {
  const texts = cues.map((cue) => cue.text.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean);
  return texts.join(separatorFor(texts.join('')));
}

export function withText(cues: readonly Cue[], index: number, text: string): Cue[] {
  return cues.map((cue, at) => (at === index ? { start: cue.start, end: cue.end, text } : cue));
}

/**
 * New times for one cue, kept in order: the edited edge stays after the cue before it ends,
 * before the next one starts, and at least SHORTEST_CUE_SECONDS from its other edge.
 */
export function withTimes(
  cues: readonly Cue[],
  index: number,
  times: { start?: number; end?: number },
): Cue[] {
  const cue = cues[index];
  if (!cue) return [...cues];
  const earliest = cues[index - 1]?.end ?? 0;
  const latest = cues[index + 1]?.start ?? Infinity;
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  const start =
    times.start === undefined
      ? cue.start
      : clamp(times.start, earliest, cue.end - SHORTEST_CUE_SECONDS);
  const end =
    times.end === undefined ? cue.end : clamp(times.end, start + SHORTEST_CUE_SECONDS, latest);
  const changed = { ...cue, start: rounded(start), end: rounded(end) };
  return cues.map((other, at) => (at === index ? changed : other));
}

/**
 * Splits a cue in two at a character of its text (by default between the words nearest its
 * middle). With word times, the second cue starts when its first word is said; without them,
 * the time is shared by the parts' lengths.
 */
export function split(cues: readonly Cue[], index: number, at?: number): Cue[] {
  const cue = cues[index];
  if (!cue) return [...cues];
  const text = cue.text.replace(/\s*\n\s*/g, ' ').trim();
  const cut = splitPoint(text, at);
  if (cut < 0) return [...cues];
  const first = text.slice(0, cut).trim();
  const second = text.slice(cut).trim();
  if (!first || !second) return [...cues];
  const words = cue.words ?? [];
  const firstWordCount = first.split(/\s+/).length;
  const wordsSpellText =
    words.length > 0 && words.map((word) => word.text).join(' ') === text && /\s/.test(text);
  const middle = wordsSpellText
    ? words[firstWordCount]!.start
    : cue.start + ((cue.end - cue.start) * first.length) / (first.length + second.length);
  const parts: Cue[] = [
    {
      start: cue.start,
      end: rounded(middle),
      text: first,
      ...(wordsSpellText ? { words: words.slice(0, firstWordCount) } : {}),
    },
    {
      start: rounded(middle),
      end: cue.end,
      text: second,
      ...(wordsSpellText ? { words: words.slice(firstWordCount) } : {}),
    },
  ];
  return [...cues.slice(0, index), ...parts, ...cues.slice(index + 1)];
}

/** Where to split: at the space nearest `at` (or the middle); Chinese and Japanese at `at`. */
function splitPoint(text: string, at: number | undefined): number {
  const target = at ?? Math.floor(text.length / 2);
  if (!/\s/.test(text)) {
    // One word of a spaced language stays whole.
    return separatorFor(text) === '' ? Math.min(Math.max(target, 1), text.length - 1) : -1;
  }
  let best = -1;
  for (let position = 0; position < text.length; position += 1) {
    if (text[position] !== ' ') continue;
    if (best < 0 || Math.abs(position - target) < Math.abs(best - target)) best = position;
  }
  return best;
}

/** Merges a cue with the one after it: one cue from the first's start to the second's end. */
export function mergeWithNext(cues: readonly Cue[], index: number): Cue[] {
  const first = cues[index];
  const second = cues[index + 1];
  if (!first || !second) return [...cues];
  const text = transcriptOf([first, second]);
  const words = first.words && second.words ? [...first.words, ...second.words] : undefined;
  const merged: Cue = {
    start: first.start,
    end: second.end,
    text,
    ...(words ? { words } : {}),
  };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
}

export function without(cues: readonly Cue[], index: number): Cue[] {
  return cues.filter((_, at) => at !== index);
}
