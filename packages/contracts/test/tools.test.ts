import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_PATHS, ROUTES, TOOLS, toolPath } from '../src/index.ts';

test('five tool cards with unique ids, in the documented order', () => {
  assert.deepEqual(
    TOOLS.map((tool) => tool.link),
    ['text-to-speech', 'speech-to-text', 'video-script', 'blog-text', 'stroy-speech'],
  );
  assert.equal(new Set(TOOLS.map((tool) => tool.id)).size, TOOLS.length);
});

test('each card links to its tool route', () => {
  const toolRoutes = [
    ROUTES.textToSpeech,
    ROUTES.speechToText,
    ROUTES.videoScript,
    ROUTES.blog,
    ROUTES.story,
  ];
  assert.deepEqual(
    TOOLS.map((tool) => toolPath(tool.link)),
    toolRoutes,
  );
});

test('routes and API paths are those of docs/product.md sections 2 and 7', () => {
  assert.equal(ROUTES.story, '/AI-tools/stroy-speech');
  assert.equal(ROUTES.privacyPolicy, '/privacy__policy');
  assert.deepEqual(Object.values(API_PATHS).slice(0, 6), [
    '/api/contact/send_message',
    '/api/audio/text-to-speech',
    '/api/audio/speech_to_text',
    '/api/audio/generate-script',
    '/api/audio/generate-blog',
    '/api/audio/generate-story',
  ]);
});
