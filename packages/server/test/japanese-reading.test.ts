/**
 * Japanese text to its pronunciation in katakana, on kuromoji's real dictionary: kanji get their
 * reading, long vowels their mark, and the particle は is said ワ.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { japaneseReading } from '../src/providers/local/speech/japanese-reading.ts';

test('kanji become the katakana of their pronunciation', async () => {
  assert.equal(await japaneseReading('私の名前は田中です。'), 'ワタシノナマエワタナカデス。');
  assert.equal(await japaneseReading('東京に住んでいます'), 'トーキョーニスンデイマス');
});

test('kana is read as said, and what the dictionary does not know stays as written', async () => {
  assert.equal(await japaneseReading('こんにちは'), 'コンニチワ');
  assert.equal(await japaneseReading('Kokoro 82M'), 'Kokoro 82M');
});
