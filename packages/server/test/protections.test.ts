/** Security headers, no CORS, and a deadline on every request. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_PATHS, SERVER_MESSAGES } from '@ai-tools/contracts';
import { sineSynthesizer, testProviders, waitingUntilAborted } from './helpers/audio-doubles.ts';
import { makeApp, makeWebDist } from './helpers/app.ts';

test('pages and API answers carry a Content-Security-Policy for exactly what the site needs', async () => {
  const web = makeWebDist();
  const app = await makeApp({ env: { WEB_DIST_DIR: web.dir } });
  for (const url of ['/', API_PATHS.health]) {
    const response = await app.inject({ method: 'GET', url });
    const policy = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split(';').map((directive): [string, string] => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    assert.equal(directives['default-src'], "'self'", url);
    assert.equal(directives['script-src'], "'self'", url);
    assert.equal(directives['script-src-attr'], "'none'", url);
    assert.equal(directives['media-src'], "'self' blob:", url);
    assert.equal(directives['img-src'], "'self' data:", url);
    assert.equal(directives['frame-src'], "'none'", `${url}: no demo video, so no frame`);
    assert.equal(directives['object-src'], "'none'", url);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|\*/, url);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['x-frame-options'], 'DENY');
    assert.equal(directives['frame-ancestors'], "'none'", url);
    assert.ok(response.headers['strict-transport-security']);
  }
  await app.close();
  web.remove();
});

test('the Vimeo player may be framed only when a demo video is configured', async () => {
  const app = await makeApp({ env: { VITE_DEMO_VIDEO_ID: '76979871' } });
  try {
    const response = await app.inject({ method: 'GET', url: API_PATHS.health });
    assert.match(
      String(response.headers['content-security-policy']),
      /(^|;)\s*frame-src https:\/\/player\.vimeo\.com\s*(;|$)/,
    );
  } finally {
    await app.close();
  }
});

test('no CORS: another origin gets no permission, and preflights are not answered', async () => {
  const app = await makeApp();
  try {
    const simple = await app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { origin: 'https://elsewhere.example' },
    });
    assert.equal(simple.headers['access-control-allow-origin'], undefined);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: API_PATHS.textToSpeech,
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
      },
    });
    assert.equal(preflight.headers['access-control-allow-origin'], undefined);
    assert.equal(preflight.headers['access-control-allow-methods'], undefined);
    // The path answers POST only: the preflight is refused like any other wrong method.
    assert.equal(preflight.statusCode, 405);
  } finally {
    await app.close();
  }
});

test('a request that runs out of time gets a 503 with Retry-After, and its work is stopped', async () => {
  let aborted = false;
  const app = await makeApp({
    env: { REQUEST_TIMEOUT_MS: '300' },
    providers: testProviders({
      speech: {
        ...sineSynthesizer(),
        synthesize: waitingUntilAborted(undefined, () => (aborted = true)),
      },
    }),
  });
  // The engine never ends by itself: any answer at all is the deadline's.
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: 'This will take forever.' },
  });
  assert.equal(response.statusCode, 503);
  assert.ok(response.headers['retry-after']);
  assert.deepEqual(response.json(), { message: SERVER_MESSAGES.timedOut });
  assert.equal(aborted, true);
  await app.close();
});

test('a fast request is not cut by the deadline', async () => {
  // A minute: far beyond the request on any machine, so only a deadline that fires too soon
  // (a unit mistaken, a timer started twice) cuts it.
  const app = await makeApp({
    env: { REQUEST_TIMEOUT_MS: '60000' },
    providers: testProviders(),
  });
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: 'Quick one.', outputFormat: 'wav' },
  });
  assert.equal(response.statusCode, 200);
  await app.close();
});
