import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  detectLanguage,
  integerToWords,
  numbersToWords,
  prepareSpeechText,
  splitIntoChunks,
  stripMarkdown,
} from '../src/features/text-to-speech/speech-text/index.ts';
import { TrackedText } from '../src/features/text-to-speech/speech-text/tracked-text.ts';

test('markdown syntax is removed and its words are kept', () => {
  const markdown = [
    '## Why it *matters*',
    '',
    '- **Fast**: done in `seconds`',
    '- Read [the guide](https://example.com/guide) or ![a chart](chart.png)',
    '1. First step',
    '> A quote',
    '---',
    '| Plan | Price |',
    '|------|-------|',
    '| Free | None |',
    '```js',
    'const answer = 42;',
    '```',
    'A snake_case_name and __strong__ words ~~gone~~.',
  ].join('\n');
  assert.equal(
    stripMarkdown(markdown),
    'Why it matters. Fast: done in seconds. Read the guide or a chart. First step. A quote ' +
      'Plan, Price Free, None const answer = 42; A snake_case_name and strong words gone.',
  );
});

test('English numbers become words', () => {
  assert.equal(integerToWords('0'), 'zero');
  assert.equal(integerToWords('15'), 'fifteen');
  assert.equal(integerToWords('42'), 'forty-two');
  assert.equal(
    integerToWords('1,234,567'),
    'one million two hundred thirty-four thousand five hundred sixty-seven',
  );
  assert.equal(
    numbersToWords('It costs $5.50 today.'),
    'It costs five dollars and fifty cents today.',
  );
  assert.equal(
    numbersToWords('Up 12.5% since 1999.'),
    'Up twelve point five percent since nineteen ninety-nine.',
  );
  assert.equal(
    numbersToWords('The 21st of May, 2024'),
    'The twenty-first of May, twenty twenty-four',
  );
  assert.equal(numbersToWords('Meet at 10:05 or 9:00'), "Meet at ten oh five or nine o'clock");
  assert.equal(numbersToWords('It was -3 outside'), 'It was minus three outside');
  assert.equal(numbersToWords('Code 007'), 'Code zero zero seven');
  assert.equal(
    numbersToWords('In 2005 we had 3rd place'),
    'In two thousand five we had third place',
  );
});

test('abbreviations are spelled out, keeping the full stop that ends a sentence', () => {
  const { text } = prepareSpeechText(
    'Dr. Smith met Mr. Jones, e.g. at lunch, vs. the usual dinner. Bring pens, paper, etc. Then go.',
  );
  assert.equal(
    text,
    'Doctor Smith met Mister Jones, for example at lunch, versus the usual dinner. Bring pens, paper, et cetera. Then go.',
  );
});

test('the language is detected and given as a BCP 47 code', () => {
  assert.equal(
    detectLanguage('The weather is lovely today, so we are going for a long walk in the park.'),
    'en',
  );
  assert.equal(
    detectLanguage('Hoy hace muy buen tiempo, así que vamos a dar un largo paseo por el parque.'),
    'es',
  );
  assert.equal(
    detectLanguage("Il fait très beau aujourd'hui, alors nous allons faire une longue promenade."),
    'fr',
  );
  assert.equal(
    detectLanguage('Heute ist das Wetter sehr schön, deshalb machen wir einen langen Spaziergang.'),
    'de',
  );
  assert.equal(detectLanguage('Hi'), undefined);
});

test("franc's individual languages come back as the macrolanguage tag the engines know", () => {
  // franc says cmn, pes and swh; the speech engines know zh, fa and sw.
  assert.equal(detectLanguage('今天天气很好，所以我们要去公园散步很长时间，然后回家吃饭。'), 'zh');
  assert.equal(
    detectLanguage('امروز هوا خیلی خوب است، بنابراین ما برای یک پیاده روی طولانی به پارک می رویم.'),
    'fa',
  );
  assert.equal(
    detectLanguage(
      'Leo hali ya hewa ni nzuri sana, kwa hivyo tunakwenda kutembea kwa muda mrefu katika bustani.',
    ),
    'sw',
  );
});

test('text too short for the statistics is known by its script', () => {
  assert.equal(detectLanguage('你好，世界。'), 'zh');
  assert.equal(detectLanguage('こんにちは、世界。'), 'ja');
  assert.equal(detectLanguage('नमस्ते दुनिया'), 'hi');
  assert.equal(detectLanguage('Привет, мир.'), 'ru');
  assert.equal(detectLanguage('Hello, 世界.'), undefined, 'mixed with Latin: not guessed');
});

test('numbers stay digits for other languages, whose engines read them in that language', () => {
  const prepared = prepareSpeechText(
    'Hoy compramos 3 manzanas y 12 naranjas en el mercado del pueblo.',
  );
  assert.equal(prepared.language, 'es');
  assert.match(prepared.text, /3 manzanas y 12 naranjas/);
});

test('text of only symbols has nothing to speak', () => {
  assert.equal(prepareSpeechText('*** --- ###').text, '');
  assert.equal(prepareSpeechText('…!?').text, '');
});

test('chunks end at sentence boundaries and respect the limit', () => {
  const text =
    'One short sentence. Another one here! A question? ' + 'Word '.repeat(60).trim() + '.';
  const chunks = splitIntoChunks(text, 60);
  for (const chunk of chunks) assert.ok(chunk.length <= 60, chunk);
  assert.equal(chunks[0], 'One short sentence. Another one here! A question?');
  assert.equal(chunks.join(' ').replace(/\s+/g, ' '), text);
});

test('a sentence longer than the limit splits at a clause, then at a space', () => {
  const text = 'alpha beta gamma delta, epsilon zeta eta theta iota kappa lambda mu';
  const chunks = splitIntoChunks(text, 30);
  assert.equal(chunks[0], 'alpha beta gamma delta,');
  for (const chunk of chunks) assert.ok(chunk.length <= 30, chunk);
  assert.equal(chunks.join(' '), text);
});

test('the prepared text maps each spoken stretch back to the words as written', () => {
  const written =
    '## In 2019\n\nDr. Smith paid €5.50 for the bread, i.e. 3rd place, at 10:05 & left.  It rose 12%.';
  const prepared = prepareSpeechText(written);
  assert.equal(
    prepared.text,
    'In twenty nineteen. Doctor Smith paid five euros and fifty cents for the bread, that is third place, at ten oh five and left. It rose twelve percent.',
  );
  assert.equal(
    prepared.writtenBetween(0, prepared.text.length),
    'In 2019. Dr. Smith paid €5.50 for the bread, i.e. 3rd place, at 10:05 & left. It rose 12%.',
  );
  const second = prepared.text.indexOf('Doctor');
  const third = prepared.text.indexOf('It rose');
  assert.equal(
    prepared.writtenBetween(second, third).trim(),
    'Dr. Smith paid €5.50 for the bread, i.e. 3rd place, at 10:05 & left.',
  );
  // A stretch that starts inside a spelled-out number leaves it to the stretch before.
  const inside = prepared.text.indexOf('nineteen');
  assert.equal(prepared.writtenBetween(0, inside), 'In 2019');
  assert.equal(prepared.writtenBetween(inside, second), '.');
});

test('rewrites that meet inside an earlier one keep the written text whole', () => {
  const tracked = TrackedText.of('ab12cd')
    .replace(/\d+/g, () => 'NUMBER')
    .replace(/bN|Rc/g, ({ 0: match }) => match.toLowerCase());
  assert.equal(tracked.text, 'abnUMBErcd');
  assert.equal(tracked.writtenBetween(0, tracked.text.length), 'ab12cd');
  assert.equal(tracked.writtenBetween(0, 1), 'a');
  // "bnUMBErc" is one rewrite of "b12c": it goes with the stretch where it starts.
  assert.equal(tracked.writtenBetween(0, 3), 'ab12c');
  assert.equal(tracked.writtenBetween(2, tracked.text.length), 'd');
});

test('a near tie between a language the engine speaks and one it does not goes to the spoken one', () => {
  const spoken = ['en', 'es', 'fr', 'hi', 'it', 'ja', 'pt'];
  // franc puts Swedish first for both, French and English close behind.
  const list = 'Ingredients: flour, water, salt, yeast. Mix well.';
  assert.equal(detectLanguage(list), 'sv');
  assert.equal(detectLanguage(list, spoken), 'en', 'English first among the close ones');
  assert.equal(
    detectLanguage('Tips: drink water, walk daily, sleep well, eat greens.', spoken),
    'en',
  );
  // Real German is no tie: it stays German, which the engine then refuses.
  const german = 'Heute ist das Wetter sehr schön, deshalb machen wir einen langen Spaziergang.';
  assert.equal(detectLanguage(german, spoken), 'de');
  assert.equal(prepareSpeechText(list, spoken).language, 'en');
});
