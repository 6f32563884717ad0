/**
 * What of Whisper's answer counts as speech. The pieces below are Whisper base's own answers,
 * with their scores, measured on pink noise, a chord, espeak-ng speech and a decoding loop.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { speechParts } from '../src/providers/local/transcription/hallucination-guard.ts';
import type { DecodedPiece } from '../src/providers/local/transcription/whisper-protocol.ts';

function piece(texts: string[], noSpeechProbability: number, averageLogProbability: number) {
  return {
    parts: texts.map((text, index) => ({ start: index * 2, end: index * 2 + 2, text })),
    language: 'en',
    noSpeechProbability,
    averageLogProbability,
    reachedTokenLimit: false,
    stopped: false,
  } satisfies DecodedPiece;
}

test('what Whisper invents on noise and tones is dropped', () => {
  assert.deepEqual(speechParts(piece(['ご視聴ありがとうございました'], 0.88, -1.54)), []);
  assert.deepEqual(speechParts(piece(['you'], 0.89, -2.12)), []);
  assert.deepEqual(speechParts(piece([' Thank you.'], 0.3, -0.6)), []);
  assert.deepEqual(speechParts(piece(['Subtitles by the Amara.org community'], 0.15, -0.3)), []);
  assert.deepEqual(speechParts(piece(['[Music]', '♪ ♪'], 0.05, -0.2)), []);
});

test('a loop of one sentence is said once, a loop inside one stretch is dropped', () => {
  const looped = speechParts(piece(['I see.', 'I see.', 'I see.', 'Then we go.'], 0.01, -0.3));
  assert.deepEqual(looped, [
    { start: 0, end: 6, text: 'I see.' },
    { start: 6, end: 8, text: 'Then we go.' },
  ]);
  assert.deepEqual(
    speechParts(piece(['la la la la la la la la la la la la la la la'], 0, -0.2)),
    [],
  );
});

test('speech is kept, even a sure "thank you" and unsure but spoken words', () => {
  assert.equal(speechParts(piece(['Thank you.'], 0.02, -0.15)).length, 1);
  // espeak-ng German: Whisper hears speech (no-speech 0.61) and is fairly sure of the words.
  const german = piece(['Guten Morgen, ich heiße Haar, und ich wohne in Berlin.'], 0.61, -0.72);
  assert.equal(speechParts(german).length, 1);
  // espeak-ng French: unsure words (-1.18), but Whisper hears speech (no-speech 0.19).
  assert.equal(speechParts(piece(["Je m'appelais ma vie à Paris."], 0.19, -1.18)).length, 1);
});
