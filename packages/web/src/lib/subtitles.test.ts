import { toSrt, toVtt, toWordTimedVtt } from './subtitles.ts';

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

  it('writes word-timed WebVTT with a timestamp before each word after the first, lines kept', () => {
    const cue = {
      start: 0.48,
      end: 3.2,
      text: 'Apples, bananas,\ncherries.',
      words: [
        { start: 0.48, end: 1.08, text: 'Apples,' },
        { start: 1.66, end: 2.26, text: 'bananas,' },
        { start: 2.5, end: 3.2, text: 'cherries.' },
      ],
    };
    expect(toWordTimedVtt([cue, { start: 4, end: 5, text: 'No words here.' }])).toBe(
      'WEBVTT\n\n00:00:00.480 --> 00:00:03.200\nApples, <00:00:01.660>bananas,\n<00:00:02.500>cherries.\n\n00:00:04.000 --> 00:00:05.000\nNo words here.\n',
    );
  });

  it('word-timed WebVTT joins Japanese words without spaces', () => {
    const cue = {
      start: 0,
      end: 2,
      text: '灯台が\n光りました。',
      words: [
        { start: 0, end: 0.8, text: '灯台が' },
        { start: 0.9, end: 2, text: '光りました。' },
      ],
    };
    expect(toWordTimedVtt([cue])).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n灯台が\n<00:00:00.900>光りました。\n',
    );
  });
});
