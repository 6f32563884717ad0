/**
 * Text to speech's JSON answer is written a piece at a time, its audio's base64 made slice by
 * slice (http/json-pieces.ts, ADR 046): the plain answer and the stream's `result` are still
 * exactly the JSON of docs/product.md section 7, with a Content-Length known in advance.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, LIMITS, textToSpeechResponseSchema } from '@ai-tools/contracts';
import { JsonPieces } from '../src/http/json-pieces.ts';
import { sineSynthesizer, testProviders } from './helpers/audio-doubles.ts';
import { makeApp } from './helpers/app.ts';
import { parseEvents } from './helpers/event-stream.ts';

let app: FastifyInstance;
let nextAddress = 1;

before(async () => {
  app = await makeApp({ providers: testProviders({ speech: sineSynthesizer() }) });
});
after(() => app.close());

function speak(headers: Record<string, string> = {}, outputFormat = 'wav') {
  // The longest text the call takes: with the double's tone, 50 s of WAV, 3.2 MB of base64.
  const sentence = 'Every word of this sentence is read aloud. ';
  const text = sentence
    .repeat(Math.floor(LIMITS.textToSpeechMaxCharacters / sentence.length))
    .trim();
  return app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text, outputFormat, speed: 1 },
    headers,
    remoteAddress: `10.9.0.${nextAddress++}`,
  });
}

test('pieces join into the JSON of the answer, whatever the size of the file', () => {
  for (const size of [0, 1, 2, 3, 4, 196_607, 196_608, 196_609, 1_000_000]) {
    const file = Buffer.alloc(size, 7);
    const json = JsonPieces.withBase64(file, (slot) => ({
      success: true,
      data: { audioBase64: slot, note: 'a "quoted" word' },
    }));
    const text = [...json.pieces()].join('');
    assert.deepEqual(JSON.parse(text), {
      success: true,
      data: { audioBase64: file.toString('base64'), note: 'a "quoted" word' },
    });
    assert.equal(json.byteLength, Buffer.byteLength(text), `a file of ${size} bytes`);
  }
});

test('the plain answer is the JSON of the contract, with its length, and the same audio as the file', async () => {
  const answer = await speak();
  assert.equal(answer.statusCode, 200, answer.body);
  assert.match(String(answer.headers['content-type']), /^application\/json/);
  assert.equal(Number(answer.headers['content-length']), answer.rawPayload.length);
  const { data } = textToSpeechResponseSchema.parse(answer.json());
  const audio = Buffer.from(data.audioBase64, 'base64');
  assert.ok(audio.length > 1_000_000, `only ${audio.length} bytes of audio`);

  const file = await speak({ accept: 'audio/wav' });
  assert.equal(file.statusCode, 200);
  assert.ok(file.rawPayload.equals(audio), 'the base64 is the file itself');
});

test("the stream's result is the same JSON as the plain answer, less a WAV's file", async () => {
  for (const format of ['flac', 'wav']) {
    const [plain, streamed] = await Promise.all([
      speak({}, format),
      speak({ accept: 'text/event-stream' }, format),
    ]);
    assert.equal(streamed.statusCode, 200, streamed.body);
    const events = parseEvents(streamed.body);
    assert.equal(events.at(-1)?.event, 'result');
    assert.equal(events.filter(({ event }) => event === 'result').length, 1);
    const { success, data } = textToSpeechResponseSchema.parse(plain.json());
    // A WAV's samples came as the pieces: the page writes the header before them.
    const { audioBase64, ...about } = data;
    const expected = format === 'wav' ? { success, data: about } : { success, data };
    assert.ok(audioBase64.length > 0);
    assert.deepEqual(events.at(-1)?.data, expected, format);
  }
});
