import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTE_PATHS, API_PATHS, healthResponseSchema } from '@ai-tools/contracts';
import type { FastifyInstance } from 'fastify';
import type { Engine, Providers } from '../src/providers/types.ts';
import { testProviders } from './helpers/audio-doubles.ts';
import { makeApp, makeWebDist } from './helpers/app.ts';

let app: FastifyInstance;
const web = makeWebDist();

before(async () => {
  app = await makeApp({ env: { WEB_DIST_DIR: web.dir } });
});
after(async () => {
  await app.close();
  web.remove();
});

test('every documented route and any unknown path gets the website', async () => {
  for (const url of [...ROUTE_PATHS, '/no/such/page', '/AI-tools/stroy-speech?x=1']) {
    const response = await app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 200, url);
    assert.match(String(response.headers['content-type']), /text\/html/, url);
    assert.match(response.body, /id="root"/, url);
  }
});

test('built assets are served as files', async () => {
  const response = await app.inject({ method: 'GET', url: '/app.js' });
  assert.equal(response.statusCode, 200);
  assert.match(response.body, /console\.log/);
});

test('/api paths never get the website', async () => {
  for (const url of ['/api', '/api/nothing', '/api/audio/unknown']) {
    const response = await app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 404, url);
    assert.match(String(response.headers['content-type']), /application\/json/);
    assert.equal(typeof response.json<{ message?: unknown }>().message, 'string');
  }
});

test('a known API path asked with the wrong method answers 405 with the method to use', async () => {
  const asGet = await app.inject({ method: 'GET', url: API_PATHS.textToSpeech });
  assert.equal(asGet.statusCode, 405);
  assert.equal(asGet.headers.allow, 'POST');
  assert.deepEqual(asGet.json(), { message: 'This API path answers POST requests only.' });

  const asDelete = await app.inject({ method: 'DELETE', url: `${API_PATHS.health}?x=1` });
  assert.equal(asDelete.statusCode, 405);
  assert.match(String(asDelete.headers.allow), /^GET/);
});

test('GET /api/health answers JSON with every capability', async () => {
  const response = await app.inject({ method: 'GET', url: API_PATHS.health });
  assert.equal(response.statusCode, 200);
  const body = healthResponseSchema.parse(response.json());
  assert.equal(body.status, 'ok');
  for (const capability of ['speech', 'transcription', 'text'] as const) {
    assert.equal(typeof body.engines[capability].engine, 'string', capability);
    assert.equal(typeof body.engines[capability].ready, 'boolean', capability);
  }
});

test('without a built website, pages say how to build it', async () => {
  const bare = await makeApp({ env: { WEB_DIST_DIR: '/nonexistent-web-dist' } });
  const response = await bare.inject({ method: 'GET', url: '/' });
  assert.equal(response.statusCode, 503);
  assert.match(response.body, /npm start/);
  await bare.close();
});

test('closing the app (as SIGTERM does, after the drain) closes every engine and the database', async () => {
  const closed: string[] = [];
  const providers = testProviders();
  // Object.entries types an interface's values as any; as a record of engines, each has close().
  const engines: Record<keyof Providers, Engine> = providers;
  for (const [capability, provider] of Object.entries(engines)) {
    provider.close = async () => {
      closed.push(capability);
    };
  }
  const closing = await makeApp({ providers });
  const { db } = closing.database;
  await db.selectFrom('contact_messages').selectAll().execute();
  await closing.close();
  assert.deepEqual(closed.sort(), ['speech', 'text', 'transcription']);
  await assert.rejects(db.selectFrom('contact_messages').selectAll().execute());
});
