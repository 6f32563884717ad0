import type { TranscriptSegment } from '@ai-tools/contracts';

function timestamp(seconds: number, fractionSeparator: ',' | '.'): string {
  const totalMilliseconds = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(totalMilliseconds / 3_600_000);
  const minutes = Math.floor(totalMilliseconds / 60_000) % 60;
  const wholeSeconds = Math.floor(totalMilliseconds / 1000) % 60;
  const milliseconds = totalMilliseconds % 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(wholeSeconds)}${fractionSeparator}${pad(milliseconds, 3)}`;
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
