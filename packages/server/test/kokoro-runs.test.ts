/**
 * How Kokoro's phonemes are cut into model runs (kokoro-phonemes.ts): within the model's limit, or
 * a shorter one the synthesizer asks for so a run's memory stays bounded (ADR 046), and at a pause
 * where there is one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KOKORO_MAX_TOKENS, tokenize } from '../src/providers/local/speech/kokoro-phonemes.ts';
import { KOKORO_VOCABULARY } from '../src/providers/local/speech/kokoro-vocabulary.ts';

const idsOf = (phonemes: string) =>
  [...phonemes].map((character) => KOKORO_VOCABULARY.get(character));
const COMMA = KOKORO_VOCABULARY.get(',');
const SPACE = KOKORO_VOCABULARY.get(' ');

test('phonemes within the limit are one run, whole', () => {
  const phonemes = 'tak bat, kat tab.';
  assert.deepEqual(tokenize(phonemes), [idsOf(phonemes)]);
  assert.deepEqual(tokenize(phonemes, phonemes.length), [idsOf(phonemes)]);
});

test('a shorter limit cuts after a pause in the second half of the run', () => {
  // 20 tokens to the comma, then 19 more: a limit of 24 ends the first run at the comma.
  const phonemes = 'taka baka tak bataka, kata baka tab kat.';
  const runs = tokenize(phonemes, 24);
  assert.equal(runs.length, 2);
  assert.equal(runs[0]?.at(-1), COMMA);
  assert.deepEqual(runs.flat(), idsOf(phonemes));
});

test('without a pause in reach a run ends at its last space, and none is longer than asked', () => {
  const phonemes = Array.from({ length: 60 }, () => 'taka').join(' ');
  const runs = tokenize(phonemes, 32);
  assert.ok(runs.length > 1);
  for (const run of runs) assert.ok(run.length <= 32, `a run of ${run.length} tokens`);
  for (const run of runs.slice(0, -1)) assert.equal(run.at(-1), SPACE);
  assert.deepEqual(runs.flat(), idsOf(phonemes));
});

test('a pause early in the run does not make a run of a few tokens', () => {
  const phonemes = `ta, ${Array.from({ length: 20 }, () => 'kat').join(' ')}`;
  const runs = tokenize(phonemes, 30);
  assert.ok(
    (runs[0]?.length ?? 0) > 15,
    `the first run has ${runs[0]?.length} tokens: it was cut at the early comma`,
  );
});

test("no limit asked for is longer than the model's own", () => {
  const phonemes = Array.from({ length: 300 }, () => 'taka').join(' ');
  for (const run of tokenize(phonemes, 10_000)) assert.ok(run.length <= KOKORO_MAX_TOKENS);
});
