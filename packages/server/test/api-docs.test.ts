/**
 * /api/docs: the OpenAPI description generated from the routes' own schemas, so an integrator can
 * call the API without reading the code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { API_PATHS, LIMITS, OUTPUT_FORMATS, TOOL_DESCRIPTORS, VOICES } from '@ai-tools/contracts';
import { makeApp } from './helpers/app.ts';
import { testProviders } from './helpers/audio-doubles.ts';

const schemaSchema = z.looseObject({
  properties: z.record(z.string(), z.looseObject({})).optional(),
  required: z.array(z.string()).optional(),
});
const operationSchema = z.looseObject({
  requestBody: z
    .object({ content: z.record(z.string(), z.object({ schema: schemaSchema })) })
    .optional(),
  responses: z.record(z.string(), z.looseObject({})),
});
const openApiSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});

test('every call of the API is described with its request and answer, from its schemas', async () => {
  const app = await makeApp({ providers: testProviders() });
  try {
    const response = await app.inject({ method: 'GET', url: API_PATHS.docs });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    const docs = openApiSchema.parse(response.json());
    assert.match(docs.openapi, /^3\./);

    const described = Object.keys(docs.paths).sort();
    // The named calls, and every tool's own from its descriptor.
    const calls = new Set<string>([
      ...Object.values(API_PATHS),
      ...TOOL_DESCRIPTORS.flatMap((tool) => Object.values(tool.apiPaths)),
    ]);
    const expected = [...calls]
      .filter((path) => path !== API_PATHS.docs)
      // OpenAPI writes path parameters in braces.
      .map((path) => path.replace(/:(\w+)/g, '{$1}'))
      .sort();
    assert.deepEqual(described, expected);

    const speech = docs.paths[API_PATHS.textToSpeech]?.post;
    const body = speech?.requestBody?.content['application/json']?.schema;
    assert.deepEqual(body?.required, ['text']);
    assert.deepEqual(body?.properties?.voice?.enum, [...VOICES]);
    assert.deepEqual(body?.properties?.outputFormat?.enum, [...OUTPUT_FORMATS]);
    assert.equal(body?.properties?.text?.maxLength, LIMITS.textToSpeechMaxCharacters);
    assert.equal(body?.properties?.captions?.type, 'boolean');
    assert.ok(speech?.responses['200'], 'the answer of a synthesis is described');

    const blog = docs.paths[API_PATHS.generateBlog]?.post;
    const blogBody = blog?.requestBody?.content['application/json']?.schema;
    assert.equal(blogBody?.properties?.topic?.maxLength, LIMITS.blogTopicMaxLength);
    for (const path of [API_PATHS.generateScript, API_PATHS.generateStory, API_PATHS.sendMessage]) {
      assert.ok(docs.paths[path]?.post?.requestBody, `${path} has its request body`);
    }
  } finally {
    await app.close();
  }
});

test('every call of the API lists its error answers: the { message } of any 4xx and 5xx status', async () => {
  const app = await makeApp({ providers: testProviders() });
  try {
    const docs = openApiSchema.parse((await app.inject({ url: API_PATHS.docs })).json());
    const operations = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    assert.ok(operations.length >= 10, 'every operation was read');
    for (const { path, method, operation } of operations) {
      for (const range of ['4XX', '5XX']) {
        // OpenAPI 3 writes a range of statuses in capitals; the route declares it as '4xx'.
        const answer = z
          .object({ content: z.record(z.string(), z.object({ schema: schemaSchema })) })
          .safeParse(operation.responses[range]);
        assert.ok(answer.success, `${method} ${path} declares its ${range} answer`);
        const schema = answer.data.content['application/json']?.schema;
        assert.deepEqual(
          schema?.required,
          ['message'],
          `${method} ${path}: ${range} is { message }`,
        );
        assert.equal(schema?.properties?.message?.type, 'string');
      }
    }
  } finally {
    await app.close();
  }
});
