import type { TimedWord, TranscriptSegment } from '@ai-tools/contracts';

function timestamp(seconds: number, fractionSeparator: ',' | '.'): string {
  const totalMilliseconds = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(totalMilliseconds / 3_600_000);
  const minutes = Math.floor(totalMilliseconds / 60_000) % 60;
  const wholeSeconds = Math.floor(totalMilliseconds / 1000) % 60;
  const milliseconds = totalMilliseconds % 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(wholeSeconds)}${fractionSeparator}${pad(milliseconds, 3)}`;
}

/** A cue's time as the editor shows it, as in WebVTT: 00:01:02.500. */
export function formatCueTime(seconds: number): string {
  return timestamp(seconds, '.');
}

function spokenSegments(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments.filter((segment) => segment.text.trim() !== '');
}

/** SubRip (.srt): what most video editors and players import. */
export function toSrt(segments: readonly TranscriptSegment[]): string {
  return spokenSegments(segments)
    .map(
      (segment, index) =>
        `${index + 1}\n${timestamp(segment.start, ',')} --> ${timestamp(segment.end, ',')}\n${segment.text.trim()}\n`,
    )
    .join('\n');
}

/** WebVTT (.vtt): what web video players (the HTML <track> element) read. */
export function toVtt(segments: readonly TranscriptSegment[]): string {
  const cues = spokenSegments(segments).map(
    (segment) =>
      `${timestamp(segment.start, '.')} --> ${timestamp(segment.end, '.')}\n${segment.text.trim()}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

/**
 * WebVTT that follows each word (karaoke style): within a cue, each word after the first is
 * preceded by its start time (`<00:00:01.660>`), which players use to colour the words as they
 * are said. A cue without word times is written as it is.
 */
export function toWordTimedVtt(segments: readonly TranscriptSegment[]): string {
  const cues = spokenSegments(segments).map(
    (segment) =>
      `${timestamp(segment.start, '.')} --> ${timestamp(segment.end, '.')}\n${wordTimedText(segment)}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

/** The cue's text, its lines kept, with a timestamp tag before each word after the first. */
function wordTimedText(segment: TranscriptSegment): string {
  const words: readonly TimedWord[] = segment.words ?? [];
  const lines = segment.text.trim().split('\n');
  if (words.length === 0) return lines.join('\n');
  let next = 0;
  const tagged = lines.map((line) => {
    let rest = line;
    const parts: string[] = [];
    while (next < words.length && rest.trimStart().startsWith(words[next]!.text)) {
      const word = words[next]!;
      const space = rest.length - rest.trimStart().length > 0 ? ' ' : '';
      const tag = parts.length === 0 && next === 0 ? '' : `<${timestamp(word.start, '.')}>`;
      parts.push(`${parts.length > 0 ? space : ''}${tag}${word.text}`);
      rest = rest.trimStart().slice(word.text.length);
      next += 1;
    }
    // Words that do not spell the line: the line as it is, untimed.
    return rest.trim() === '' ? parts.join('') : line;
  });
  return tagged.join('\n');
}
