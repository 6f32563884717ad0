/**
 * A transcript's segments re-cut as subtitles are cut (the BBC's and Netflix's guides, as the
 * speech captions already are): at most two lines of 42 columns (a Chinese or Japanese character
 * takes two), 1 to 7 s on screen, broken at the ends of sentences, then of clauses, never inside a
 * word. Whisper's segments are not cues: one may hold 330 characters over 21 s, another one line
 * of 104 characters.
 *
 * Each word's time is the engine's own where it gives word times (Whisper's alignment heads), and
 * otherwise its share of its segment's time by width.
 */
import { CAPTION_LIMITS, UNSPACED_SCRIPT, type TranscriptSegment } from '@ai-tools/contracts';
import { displayWidth } from '../../text/display-width.ts';
import { unspacedWords } from '../../text/unspaced-words.ts';

interface CueWord {
  /** The word with the punctuation that follows it. */
  text: string;
  start: number;
  end: number;
  /** Words are joined with a space, or with nothing in Chinese and Japanese. */
  spaced: boolean;
  /** Where the word stands: the end of a sentence, of a clause, of a segment, or within. */
  boundary: 'sentence' | 'clause' | 'segment' | 'none';
}

/** A pause at least this long between two segments always ends a cue. */
const PAUSE_SECONDS = 1;
const MAX_CUE_COLUMNS = CAPTION_LIMITS.maxLineCharacters * CAPTION_LIMITS.maxLines;
const SENTENCE_END = /[.!?…。！？]["'”’»」』)）]*$/u;
const CLAUSE_END = /[,;:–—、，；：]["'”’»」』)）]*$/u;

/**
 * The subtitle cues of a transcript, in order, each `text` already broken into its lines and
 * with its timed words.
 */
export function subtitleCues(
  segments: readonly TranscriptSegment[],
  audioSeconds?: number,
): TranscriptSegment[] {
  const words = segments.flatMap((segment, index) =>
    segmentWords(segment, segments[index + 1]?.start),
  );
  const cues = runsOfSpeech(words).flatMap(splitRun);
  return withLeastDuration(joinShortCues(cues), audioSeconds).map((cue) => ({
    start: round(cue.start),
    end: round(cue.end),
    text: lines(cue.words).join('\n'),
    words: cue.words.map((word) => ({
      start: round(word.start),
      end: round(word.end),
      text: word.text,
    })),
  }));
}

/** A segment's words, timed by the engine's word times or by their share of its width. */
function segmentWords(segment: TranscriptSegment, nextStart: number | undefined): CueWord[] {
  const text = segment.text.trim();
  if (!text) return [];
  const spaced = !UNSPACED_SCRIPT.test(text) || /\s/.test(text);
  const pieces = spaced ? text.split(/\s+/) : unspacedWords(text);
  const timeline = characterTimes(segment);
  const total = pieces.reduce((sum, piece) => sum + displayWidth(piece), 0);
  const span = Math.max(0, segment.end - segment.start);
  let done = 0;
  let characters = 0;
  const pauseAfter = nextStart === undefined ? Infinity : nextStart - segment.end;
  return pieces.map((piece, index) => {
    const last = index === pieces.length - 1;
    let start: number;
    let end: number;
    if (timeline) {
      const count = withoutSpaces(piece).length;
      start = timeline[characters]!.start;
      end = timeline[characters + count - 1]!.end;
      characters += count;
    } else {
      start = segment.start + (span * done) / total;
      done += displayWidth(piece);
      end = last ? segment.end : segment.start + (span * done) / total;
    }
    const boundary = SENTENCE_END.test(piece)
      ? 'sentence'
      : CLAUSE_END.test(piece)
        ? 'clause'
        : last
          ? pauseAfter >= PAUSE_SECONDS
            ? 'sentence'
            : 'segment'
          : 'none';
    return { text: piece, start, end, spaced, boundary };
  });
}

function withoutSpaces(text: string): string[] {
  return Array.from(text.replace(/\s+/g, ''));
}

/**
 * Each written character's time, from the engine's word times (a word's characters share its
 * time evenly); none when the segment has no word times or they do not spell its text.
 */
function characterTimes(segment: TranscriptSegment): { start: number; end: number }[] | undefined {
  const words = segment.words ?? [];
  if (words.length === 0) return undefined;
  const times = words.flatMap((word) => {
    const characters = withoutSpaces(word.text);
    const step = (word.end - word.start) / Math.max(1, characters.length);
    return characters.map((_, index) => ({
      start: word.start + step * index,
      end: word.start + step * (index + 1),
    }));
  });
  const spelled = words.map((word) => withoutSpaces(word.text).join('')).join('');
  return spelled === withoutSpaces(segment.text).join('') ? times : undefined;
}

/** The words cut into runs at the ends of sentences (and at long pauses). */
function runsOfSpeech(words: CueWord[]): CueWord[][] {
  const runs: CueWord[][] = [];
  let run: CueWord[] = [];
  for (const word of words) {
    run.push(word);
    if (word.boundary === 'sentence') {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

function joined(words: readonly CueWord[]): string {
  return words
    .map((word, index) => (index > 0 && word.spaced ? ` ${word.text}` : word.text))
    .join('');
}

/**
 * A cue's text in one line when it fits, else in two broken between words where the longer line
 * is shortest.
 */
function lines(words: readonly CueWord[]): string[] {
  if (displayWidth(joined(words)) <= CAPTION_LIMITS.maxLineCharacters) return [joined(words)];
  let best = { split: 1, longest: Infinity };
  for (let split = 1; split < words.length; split += 1) {
    const longest = Math.max(
      displayWidth(joined(words.slice(0, split))),
      displayWidth(joined(words.slice(split))),
    );
    if (longest < best.longest) best = { split, longest };
  }
  return [joined(words.slice(0, best.split)), joined(words.slice(best.split))];
}

function fitsInCue(words: readonly CueWord[]): boolean {
  return lines(words).every((line) => displayWidth(line) <= CAPTION_LIMITS.maxLineCharacters);
}

function lasts(words: readonly CueWord[]): number {
  return words.at(-1)!.end - words[0]!.start;
}

/**
 * A run too long for one cue, cut where the cost is least: each cue must fit (one word alone
 * always may), fewer cues are better, a cut at a clause or segment end is better than inside one,
 * and cues of even width are better than a long one and a scrap.
 */
function splitRun(run: CueWord[]): Cue[] {
  if (fitsInCue(run) && lasts(run) <= CAPTION_LIMITS.maxSeconds) return [cueOf(run)];
  const width = displayWidth(joined(run));
  const pieces = Math.max(
    Math.ceil(width / MAX_CUE_COLUMNS),
    Math.ceil(lasts(run) / CAPTION_LIMITS.maxSeconds),
  );
  const evenWidth = width / pieces;
  const cost: number[] = [0];
  const cutBefore: number[] = [0];
  for (let end = 1; end <= run.length; end += 1) {
    cost[end] = Infinity;
    for (let start = end - 1; start >= 0; start -= 1) {
      const words = run.slice(start, end);
      const single = words.length === 1;
      if (!single && (!fitsInCue(words) || lasts(words) > CAPTION_LIMITS.maxSeconds)) break;
      const lastWord = words.at(-1)!;
      const cutPenalty =
        end === run.length || lastWord.boundary === 'clause'
          ? 0
          : lastWord.boundary === 'segment'
            ? 100
            : 400;
      const unevenness = (displayWidth(joined(words)) - evenWidth) ** 2 / evenWidth;
      const total = (cost[start] ?? Infinity) + 1000 + cutPenalty + unevenness;
      if (total < cost[end]!) {
        cost[end] = total;
        cutBefore[end] = start;
      }
    }
  }
  const cues: Cue[] = [];
  for (let end = run.length; end > 0; end = cutBefore[end]!) {
    cues.unshift(cueOf(run.slice(cutBefore[end], end)));
  }
  return cues;
}

interface Cue {
  start: number;
  end: number;
  words: CueWord[];
}

function cueOf(words: CueWord[]): Cue {
  return { start: words[0]!.start, end: words.at(-1)!.end, words };
}

/** A cue under the least time joins a neighbour when both fit in one cue ("Yes." "No."). */
function joinShortCues(cues: Cue[]): Cue[] {
  const result: Cue[] = [];
  for (const cue of cues) {
    const previous = result.at(-1);
    const short = (candidate: Cue) => candidate.end - candidate.start < CAPTION_LIMITS.minSeconds;
    if (previous && (short(previous) || short(cue))) {
      const words = [...previous.words, ...cue.words];
      if (
        fitsInCue(words) &&
        cue.end - previous.start <= CAPTION_LIMITS.maxSeconds &&
        cue.start - previous.end < PAUSE_SECONDS
      ) {
        result[result.length - 1] = { start: previous.start, end: cue.end, words };
        continue;
      }
    }
    result.push(cue);
  }
  return result;
}

/**
 * A cue still under the least time stays longer, into the silence after it, then before it, as
 * far as its neighbours and the audio allow.
 */
function withLeastDuration(cues: Cue[], audioSeconds: number | undefined): Cue[] {
  return cues.map((cue, index) => {
    const missing = CAPTION_LIMITS.minSeconds - (cue.end - cue.start);
    if (missing <= 0) return cue;
    const latestEnd = Math.min(cues[index + 1]?.start ?? Infinity, audioSeconds ?? Infinity);
    const end = Math.min(cue.end + missing, latestEnd);
    const earliestStart = Math.max(cues[index - 1]?.end ?? 0, 0);
    const start = Math.max(cue.start - (missing - (end - cue.end)), earliestStart);
    return { ...cue, start, end };
  });
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
