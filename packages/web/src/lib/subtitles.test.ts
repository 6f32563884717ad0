import { toSrt, toVtt } from './subtitles.ts';

const SEGMENTS = [
  { start: 0, end: 1.5, text: ' Hello there. ' },
  { start: 1.5, end: 2, text: '   ' },
  { start: 3725.042, end: 3727.9, text: 'An hour later.' },
];

describe('subtitle files', () => {
  it('writes SubRip with numbered cues and comma milliseconds, skipping silent segments', () => {
    expect(toSrt(SEGMENTS)).toBe(
      '1\n00:00:00,000 --> 00:00:01,500\nHello there.\n\n2\n01:02:05,042 --> 01:02:07,900\nAn hour later.\n',
    );
  });

  it('writes WebVTT with its header and dot milliseconds', () => {
    expect(toVtt(SEGMENTS)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello there.\n\n01:02:05.042 --> 01:02:07.900\nAn hour later.\n',
    );
  });
});
