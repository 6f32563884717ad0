import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CAPTION_LIMITS, type TranscriptSegment } from '@ai-tools/contracts';
import { subtitleCues } from '../src/features/speech-to-text/subtitle-cues.ts';
import { displayWidth } from '../src/text/display-width.ts';

/** Every cue follows subtitle practice: two lines of 42 columns at most, 1 to 7 s, in order. */
function assertSubtitlePractice(cues: TranscriptSegment[]) {
  for (const [index, cue] of cues.entries()) {
    const lines = cue.text.split('\n');
    assert.ok(lines.length <= CAPTION_LIMITS.maxLines, JSON.stringify(cue));
    for (const line of lines) {
      assert.ok(displayWidth(line) <= CAPTION_LIMITS.maxLineCharacters, JSON.stringify(cue));
    }
    const seconds = cue.end - cue.start;
    assert.ok(seconds >= CAPTION_LIMITS.minSeconds - 0.001, `${seconds} s: ${JSON.stringify(cue)}`);
    assert.ok(seconds <= CAPTION_LIMITS.maxSeconds + 0.001, `${seconds} s: ${JSON.stringify(cue)}`);
    assert.ok(cue.start >= (cues[index - 1]?.end ?? 0), 'cues do not overlap');
  }
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

test('one 21.6 s segment of 330 characters becomes cues cut at the ends of its sentences', () => {
  const text =
    'The lighthouse keeper climbed the stairs every evening at six. From the top he could see the fishing boats coming home, one light after another, across the dark water of the bay. Nobody in the village remembered a night when the lamp had not been lit. The children said he never slept at all, and the keeper only smiled.';
  const segments = [{ start: 0.4, end: 22, text }];
  const cues = subtitleCues(segments, 22.5);
  assertSubtitlePractice(cues);
  assert.ok(cues.length >= 4, JSON.stringify(cues));
  // Every word is kept, in order, and none is cut.
  assert.deepEqual(words(cues.map((cue) => cue.text).join(' ')), words(text));
  // The short sentences are whole cues of their own.
  assert.ok(
    cues.some(
      (cue) =>
        cue.text.replace('\n', ' ') ===
        'The lighthouse keeper climbed the stairs every evening at six.',
    ),
    JSON.stringify(cues),
  );
  assert.equal(cues[0]?.start, 0.4);
  assert.equal(cues.at(-1)?.end, 22);
});

test('a long sentence is cut at a comma rather than in the middle of a clause', () => {
  const text =
    'When you have finished recording your message, please hang up or press the pound key for more options.';
  const cues = subtitleCues([{ start: 0, end: 6, text }]);
  assertSubtitlePractice(cues);
  assert.equal(cues.length, 2, JSON.stringify(cues));
  assert.equal(cues[0]?.text.replace('\n', ' '), 'When you have finished recording your message,');
});

test('Japanese is cut between words, and no cue or line starts with a closing mark or a particle', () => {
  const text =
    '昔々、ある村に小さな灯台がありました。毎晩、灯台守のおじいさんは階段を上って、明かりをつけました。村の人たちは、その光を見ると安心して眠りました。ある夜、不思議なことが起こりました。';
  const cues = subtitleCues([{ start: 0, end: 18, text }]);
  assertSubtitlePractice(cues);
  assert.equal(cues.map((cue) => cue.text.replace('\n', '')).join(''), text);
  const wordStarts = new Set<number>();
  let offset = 0;
  for (const { segment } of new Intl.Segmenter('ja', { granularity: 'word' }).segment(text)) {
    wordStarts.add(offset);
    offset += segment.length;
  }
  offset = 0;
  for (const cue of cues) {
    for (const line of cue.text.split('\n')) {
      assert.ok(!/^[、。」』）！？]/u.test(line), `"${line}" starts with a closing mark`);
      assert.ok(wordStarts.has(offset), `"${line}" starts inside a word`);
      assert.ok(!/^[をはがにでと]/u.test(line), `"${line}" starts with a particle`);
      offset += line.length;
    }
  }
});

test('short cues join their neighbour, and a lone short one stays on screen a second', () => {
  const cues = subtitleCues(
    [
      { start: 1, end: 1.3, text: 'Yes.' },
      { start: 1.4, end: 1.7, text: 'No.' },
      { start: 5, end: 5.4, text: 'Maybe.' },
      { start: 5.6, end: 8, text: 'We will see what the morning brings.' },
    ],
    9,
  );
  assertSubtitlePractice(cues);
  assert.equal(cues[0]?.text, 'Yes. No.');
  assert.deepEqual(
    cues.map((cue) => cue.text.replace('\n', ' ')),
    ['Yes. No.', 'Maybe. We will see what the morning brings.'],
  );
});

test('a long pause between segments always ends a cue', () => {
  const cues = subtitleCues([
    { start: 0, end: 1.5, text: 'Go forward' },
    { start: 4, end: 5.5, text: 'ten meters' },
  ]);
  assertSubtitlePractice(cues);
  assert.deepEqual(
    cues.map((cue) => cue.text),
    ['Go forward', 'ten meters'],
  );
});

test('no segments, no cues; an empty segment is dropped', () => {
  assert.deepEqual(subtitleCues([]), []);
  assert.deepEqual(subtitleCues([{ start: 0, end: 2, text: '  ' }]), []);
});

test("the engine's word times place the cuts, and each cue keeps its words", () => {
  // Spoken slowly at first, then fast: shares of width would put the cut at the wrong time.
  const words = [
    { text: 'Slowly', start: 0, end: 2.5 },
    { text: 'at', start: 2.5, end: 3 },
    { text: 'first.', start: 3, end: 5.8 },
    { text: 'Then', start: 6, end: 6.2 },
    { text: 'all', start: 6.2, end: 6.4 },
    { text: 'at', start: 6.4, end: 6.5 },
    { text: 'once.', start: 6.5, end: 7 },
  ];
  const cues = subtitleCues([
    { start: 0, end: 7, text: 'Slowly at first. Then all at once.', words },
  ]);
  assert.deepEqual(
    cues.map(({ start, end, text }) => ({ start, end, text })),
    [
      { start: 0, end: 5.8, text: 'Slowly at first.' },
      { start: 6, end: 7, text: 'Then all at once.' },
    ],
  );
  assert.deepEqual(cues[1]?.words, words.slice(3));
});

test('word times that do not spell the segment are not used', () => {
  const cues = subtitleCues([
    {
      start: 0,
      end: 4,
      text: 'One sentence here. Another one there.',
      words: [{ text: 'Something', start: 0, end: 4 }],
    },
  ]);
  assert.deepEqual(
    cues.map((cue) => cue.text),
    ['One sentence here.', 'Another one there.'],
  );
  assert.equal(cues[0]?.end, cues[1]?.start);
});
