/**
 * What of Whisper's answer counts as speech. The pieces below are Whisper base's own answers,
 * with their scores, measured on pink noise, a chord, espeak-ng speech, a decoding loop and a
 * recorded voicemail menu.
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

test('a loop across stretches is dropped; a spoken menu whose sentences are alike is kept', () => {
  const alternating = ['We are here.', 'Yes.', 'We are here.', 'Yes.', 'We are here.', 'Yes.'];
  assert.deepEqual(speechParts(piece(alternating, 0.02, -0.2)), []);
  // Whisper base on a real Russian voicemail menu (asterisk-core-sounds-ru): the whole piece
  // compresses 2.6 times, each sentence is new, and Whisper is sure of every word.
  const menu = [
    'Нажмите один для записи вашего сообщения при статусе недоступен.',
    'Нажмите два для записи вашего сообщения при статусе занята.',
    'Нажмите три для записи вашего имени.',
    'Нажмите четыре для записи временного сообщения.',
    'Нажмите пять для смены пароля или звездочку для возврата в главное меню.',
  ];
  assert.deepEqual(
    speechParts(piece(menu, 0.009, -0.22)).map((part) => part.text),
    menu,
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
