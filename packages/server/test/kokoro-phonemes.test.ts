/**
 * Kokoro's phonemes from espeak-ng (kokoro-phonemes.ts): all the texts of a request go through one
 * espeak-ng run, since each run forks the whole server, and come out as each text alone would.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phonemize } from '../src/providers/local/speech/kokoro-phonemes.ts';
import { countProgramRuns } from './helpers/program-runs.ts';

const SENTENCES = [
  'Our small bakery opens at six every morning.',
  'We bake fresh bread, soft rolls and a few sweet pastries; then we unlock the door.',
  'Why do they sell so well?',
  '...',
  'Nobody knows, not even the baker!',
  'At noon the school children come for cheese rolls.',
];

test('the texts of a request are phonemized in one espeak-ng run, each as it would be alone', async () => {
  const signal = new AbortController().signal;
  const alone = [];
  for (const sentence of SENTENCES) alone.push(...(await phonemize([sentence], 'en-us', signal)));
  const programs = countProgramRuns(['espeak-ng']);
  try {
    const together = await phonemize(SENTENCES, 'en-us', signal);
    assert.equal(programs.runs('espeak-ng'), 1);
    assert.deepEqual(together, alone);
  } finally {
    programs.remove();
  }
  // Punctuation stays for Kokoro's pauses; the text without words is left as it was.
  assert.match(alone[1] ?? '', /, .*; /);
  assert.equal(alone[3], '...');
});

test('Spanish keeps its own voice and marks in one run', async () => {
  const signal = new AbortController().signal;
  const texts = ['¿Dónde está la biblioteca?', 'Está cerca del parque, a la derecha.'];
  const programs = countProgramRuns(['espeak-ng']);
  try {
    const phonemes = await phonemize(texts, 'es', signal);
    assert.equal(programs.runs('espeak-ng'), 1);
    assert.equal(phonemes.length, 2);
    assert.match(phonemes[0] ?? '', /^¿.+\?$/);
  } finally {
    programs.remove();
  }
});
