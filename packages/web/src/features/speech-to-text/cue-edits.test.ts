import { mergeWithNext, split, transcriptOf, withText, withTimes, without } from './cue-edits.ts';

const CUES = [
  {
    start: 0.5,
    end: 2,
    text: 'Leave your message',
    words: [
      { start: 0.5, end: 0.9, text: 'Leave' },
      { start: 0.9, end: 1.2, text: 'your' },
      { start: 1.2, end: 2, text: 'message' },
    ],
  },
  { start: 2.5, end: 4, text: 'after the tone.' },
  { start: 5, end: 6, text: 'Goodbye.' },
];

describe('the subtitle editor’s changes', () => {
  it('a new text drops the word times that no longer spell it', () => {
    expect(withText(CUES, 0, 'Leave a message')[0]).toEqual({
      start: 0.5,
      end: 2,
      text: 'Leave a message',
    });
  });

  it('times stay in order: after the cue before, before the next, never crossing', () => {
    expect(withTimes(CUES, 1, { start: 1 })[1]).toMatchObject({ start: 2, end: 4 });
    expect(withTimes(CUES, 1, { end: 9 })[1]).toMatchObject({ start: 2.5, end: 5 });
    expect(withTimes(CUES, 1, { start: 3.2 })[1]).toMatchObject({ start: 3.2, end: 4 });
    expect(withTimes(CUES, 1, { start: 4.5 })[1]).toMatchObject({ start: 3.9, end: 4 });
    expect(withTimes(CUES, 1, { end: 2 })[1]).toMatchObject({ start: 2.5, end: 2.6 });
  });

  it('a split with word times starts the second cue when its first word is said', () => {
    const parts = split(CUES, 0);
    expect(parts).toHaveLength(4);
    expect(parts[0]).toMatchObject({ start: 0.5, end: 1.2, text: 'Leave your' });
    expect(parts[1]).toMatchObject({ start: 1.2, end: 2, text: 'message' });
    expect(parts[1]?.words?.map((word) => word.text)).toEqual(['message']);
  });

  it('a split without word times shares the time by length, at the space nearest the caret', () => {
    const parts = split(CUES, 1, 4);
    // 5 characters of 14 before the cut.
    expect(parts[1]).toEqual({ start: 2.5, end: 3.036, text: 'after' });
    expect(parts[2]).toEqual({ start: 3.036, end: 4, text: 'the tone.' });
  });

  it('a cue of one word is not split', () => {
    expect(split(CUES, 2)).toEqual(CUES);
  });

  it('merging joins a cue with the next, from the first’s start to the second’s end', () => {
    const merged = mergeWithNext(CUES, 0);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toEqual({ start: 0.5, end: 4, text: 'Leave your message after the tone.' });
    expect(mergeWithNext(CUES, 2)).toEqual(CUES);
  });

  it('deleting removes one cue; the transcript is the cues’ texts', () => {
    expect(without(CUES, 1).map((cue) => cue.text)).toEqual(['Leave your message', 'Goodbye.']);
    expect(transcriptOf([{ start: 0, end: 1, text: 'Two\nlines.' }, ...CUES.slice(2)])).toBe(
      'Two lines. Goodbye.',
    );
    expect(
      transcriptOf([
        { start: 0, end: 1, text: '灯台が' },
        { start: 1, end: 2, text: '光りました。' },
      ]),
    ).toBe('灯台が光りました。');
  });
});
