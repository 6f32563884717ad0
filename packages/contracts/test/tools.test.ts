import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import {
  API_PATHS,
  PRODUCT_DESCRIPTION_TOOL,
  ROUTES,
  TOOL_DESCRIPTORS,
  TOOLS,
  toolPath,
} from '../src/index.ts';

test('six tool cards with unique ids, in the documented order', () => {
  assert.deepEqual(
    TOOLS.map((tool) => tool.link),
    [
      'text-to-speech',
      'speech-to-text',
      'video-script',
      'blog-text',
      'stroy-speech',
      'product-description',
    ],
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
    PRODUCT_DESCRIPTION_TOOL.page.path,
  ];
  assert.deepEqual(
    TOOLS.map((tool) => toolPath(tool.link)),
    toolRoutes,
  );
});

test('routes and API paths are those of docs/product.md sections 2 and 7', () => {
  assert.equal(ROUTES.story, '/AI-tools/stroy-speech');
  assert.equal(ROUTES.privacyPolicy, '/privacy__policy');
  assert.deepEqual(
    [
      API_PATHS.sendMessage,
      API_PATHS.textToSpeech,
      API_PATHS.speechToText,
      API_PATHS.generateScript,
      API_PATHS.generateBlog,
      API_PATHS.generateStory,
    ],
    [
      '/api/contact/send_message',
      '/api/audio/text-to-speech',
      '/api/audio/speech_to_text',
      '/api/audio/generate-script',
      '/api/audio/generate-blog',
      '/api/audio/generate-story',
    ],
  );
});

test('each tool has its own folder, page, API paths and rate limit setting', () => {
  const unique = (values: readonly unknown[]) => new Set(values).size === values.length;
  assert.ok(unique(TOOL_DESCRIPTORS.map((tool) => tool.folder)));
  assert.ok(unique(TOOL_DESCRIPTORS.map((tool) => tool.page.path)));
  assert.ok(unique(TOOL_DESCRIPTORS.map((tool) => tool.rateLimit.setting)));
  assert.ok(unique(TOOL_DESCRIPTORS.flatMap((tool) => Object.values(tool.apiPaths))));
  for (const tool of TOOL_DESCRIPTORS) {
    const own: readonly string[] = Object.values(tool.apiPaths);
    for (const path of tool.rateLimit.paths)
      assert.ok(own.includes(path), `${tool.folder}: ${path}`);
    if ('card' in tool) assert.equal(tool.page.path, toolPath(tool.card.link));
  }
});

test("the contracts' tool folders are the descriptors' (the lint boundaries read the folders)", () => {
  const folders = readdirSync(new URL('../src/features/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual(folders.sort(), TOOL_DESCRIPTORS.map((tool) => tool.folder).sort());
});
