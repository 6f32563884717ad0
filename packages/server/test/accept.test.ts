import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptWeight } from '../src/http/accept.ts';
import { wantsEventStream } from '../src/http/event-stream.ts';

test('the weight of a media range is its q, 1 without one, 0 when not named', () => {
  assert.equal(acceptWeight('text/html, audio/*;q=0.4', ['audio/*']), 0.4);
  assert.equal(acceptWeight('AUDIO/MPEG', ['audio/mpeg']), 1);
  assert.equal(acceptWeight('audio/wav;q=0.2, audio/*;q=0.7', ['audio/*', 'audio/wav']), 0.7);
  assert.equal(acceptWeight('application/json', ['audio/*']), 0);
  assert.equal(acceptWeight(undefined, ['audio/*']), 0);
});

test('a writer streams only when the client asks for Server-Sent Events with a weight above 0', () => {
  assert.equal(wantsEventStream('text/event-stream'), true);
  assert.equal(wantsEventStream('application/json, text/event-stream;q=0.5'), true);
  assert.equal(wantsEventStream('text/event-stream;q=0'), false);
  assert.equal(wantsEventStream('text/event-stream; q=0.000'), false);
  assert.equal(wantsEventStream('*/*'), false);
  assert.equal(wantsEventStream(undefined), false);
});
