/**
 * Caption cues from the sentences of a synthesis: common subtitle practice (two lines of at most
 * 42 characters, about a second on screen at least, no cue across sentences where avoidable).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CAPTION_LIMITS } from '@ai-tools/contracts';
import { captionCues, captionLines } from '../src/features/text-to-speech/captions.ts';
import { displayWidth } from '../src/text/display-width.ts';

test('a short sentence is one cue with the sentence’s own times', () => {
  assert.deepEqual(
    captionCues([
      { text: 'Welcome back to the channel.', startSeconds: 0, endSeconds: 1.9 },
      { text: 'Today we bake bread.', startSeconds: 1.9, endSeconds: 3.4 },
    ]),
    [
      { start: 0, end: 1.9, text: 'Welcome back to the channel.' },
      { start: 1.9, end: 3.4, text: 'Today we bake bread.' },
    ],
  );
});

test('a long sentence is split into cues of at most two lines of 42 characters, in order', () => {
  const sentence =
    'When the dough has doubled in size, press it down gently, fold it into a loaf, and leave it ' +
    'covered in a warm corner of the kitchen for another forty minutes before baking.';
  const cues = captionCues([{ text: sentence, startSeconds: 2, endSeconds: 12 }]);
  assert.ok(cues.length >= 2, `${cues.length} cues`);
  assert.equal(cues[0]?.start, 2);
  assert.equal(cues.at(-1)?.end, 12);
  for (const [index, cue] of cues.entries()) {
    const lines = cue.text.split('\n');
    assert.ok(lines.length <= CAPTION_LIMITS.maxLines, cue.text);
    for (const line of lines) assert.ok(line.length <= CAPTION_LIMITS.maxLineCharacters, line);
    if (index > 0) assert.equal(cue.start, cues[index - 1]?.end, 'cues follow each other');
    assert.ok(cue.end > cue.start);
  }
  assert.equal(cues.map((cue) => cue.text.replace('\n', ' ')).join(' '), sentence);
});

test('84 characters whose words make no two lines of 42 become two cues', () => {
  const [a, b, c] = ['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(22)];
  const cues = captionCues([{ text: `${a} ${b} ${c}`, startSeconds: 0, endSeconds: 8 }]);
  assert.deepEqual(
    cues.map((cue) => cue.text),
    [a, `${b}\n${c}`],
  );
});

test('a cue under a second joins its neighbour when both fit in two lines', () => {
  const cues = captionCues([
    { text: 'Yes.', startSeconds: 0, endSeconds: 0.5 },
    { text: 'We did it.', startSeconds: 0.5, endSeconds: 1.4 },
    {
      text: 'Now the long part of the story begins, with many more words.',
      startSeconds: 1.4,
      endSeconds: 5,
    },
  ]);
  assert.deepEqual(cues[0], { start: 0, end: 1.4, text: 'Yes. We did it.' });
  assert.equal(cues.length, 2);
});

test('lines are balanced at a space, and Japanese fits 21 characters to a line', () => {
  assert.equal(
    captionLines('The birch canoe slid on the smooth planks of the old river.'),
    'The birch canoe slid on the\nsmooth planks of the old river.',
  );
  const japanese =
    '今日はとても良い天気なので、公園で子供たちが遊んでいます。それから家に帰って晩ご飯を食べました。';
  const cues = captionCues([{ text: japanese, startSeconds: 0, endSeconds: 6 }]);
  assert.equal(cues.map((cue) => cue.text.replace('\n', '')).join(''), japanese);
  // A Japanese character is as wide as two Latin ones: 21 of them to a line.
  for (const line of cues.flatMap((cue) => cue.text.split('\n'))) {
    assert.ok(displayWidth(line) <= CAPTION_LIMITS.maxLineCharacters, line);
  }
});

test('Japanese lines break between words, never before 、。」！？ nor after 「（', () => {
  const japanese =
    '「今日はいい天気ですね」と彼女は言いました。東京の天気はとても良いので、公園では子供たちが元気に遊んでいます。' +
    'それから、私たちは家に帰って（少し遅くなりましたが）、みんなで晩ご飯を食べました！';
  const cues = captionCues([{ text: japanese, startSeconds: 0, endSeconds: 20 }], {
    language: 'ja',
  });
  const lines = cues.flatMap((cue) => cue.text.split('\n'));
  assert.equal(lines.join(''), japanese, 'every character, in order');
  assert.ok(lines.length >= 4, `${lines.length} lines`);
  const wordEnds = new Set(
    [...new Intl.Segmenter('ja', { granularity: 'word' }).segment(japanese)].map(
      ({ index, segment }) => index + segment.length,
    ),
  );
  let offset = 0;
  for (const line of lines) {
    assert.ok(displayWidth(line) <= CAPTION_LIMITS.maxLineCharacters, line);
    assert.doesNotMatch(
      line,
      /^[、。，．」』）！？：；]/u,
      `a line starts with punctuation: ${line}`,
    );
    assert.doesNotMatch(line, /[「『（]$/u, `a line ends with an opening bracket: ${line}`);
    offset += line.length;
    assert.ok(wordEnds.has(offset), `a line ends inside a word: ${line}`);
  }
});

test('a part of a long sentence is timed by its share of the spoken words, not the written ones', () => {
  const sentence =
    'The years 1999 2004 2019 and 2024 come first in this sentence, and a long tail of plain ' +
    'words follows them to the end.';
  // Each digit is said as a word of five letters or so.
  const spokenForm = (written: string) => written.replace(/\d/g, 'digit');
  const cues = captionCues([{ text: sentence, startSeconds: 0, endSeconds: 10 }], { spokenForm });
  assert.equal(cues.length, 2);
  const [first, second] = cues.map((cue) => displayWidth(spokenForm(cue.text.replace('\n', ' '))));
  const expected = (10 * first!) / (first! + second!);
  assert.ok(Math.abs(cues[0]!.end - expected) < 0.01, `${cues[0]!.end} s, ${expected} s expected`);
  assert.equal(cues[1]?.start, cues[0]?.end);
  assert.equal(cues[1]?.end, 10);
});
