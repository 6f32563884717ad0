/**
 * Rate limits per IP address with a budget per tool: 429 with Retry-After and a JSON message, in
 * memory by default, and shared through Redis between server instances when REDIS_URL is set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  CONTACT_TOOL,
  RATE_LIMITS,
  SERVER_MESSAGES,
  TOOL_DESCRIPTORS,
} from '@ai-tools/contracts';
import { testProviders } from './helpers/audio-doubles.ts';
import { makeApp } from './helpers/app.ts';
import { testRedisUrl } from './helpers/test-services.ts';

const contactBudget = CONTACT_TOOL.rateLimit.perMinute;

/** An invalid contact message: cheap to answer (400) and still counted against the budget. */
function sendContact(app: FastifyInstance, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: API_PATHS.sendMessage,
    payload: {},
    remoteAddress,
  });
}

test('past its budget an address gets 429 with Retry-After; other addresses and tools go on', async () => {
  const app = await makeApp({ providers: testProviders() });
  for (let index = 0; index < contactBudget; index += 1) {
    assert.equal((await sendContact(app, '192.0.2.1')).statusCode, 400);
  }
  const limited = await sendContact(app, '192.0.2.1');
  assert.equal(limited.statusCode, 429);
  assert.deepEqual(limited.json(), { message: SERVER_MESSAGES.rateLimited });
  const retryAfter = Number(limited.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= RATE_LIMITS.windowMs / 1000, `${retryAfter}`);

  assert.equal((await sendContact(app, '192.0.2.2')).statusCode, 400);
  const otherTool = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: {},
    remoteAddress: '192.0.2.1',
  });
  assert.equal(otherTool.statusCode, 400);
  // The health report has no budget.
  for (let index = 0; index < contactBudget + 2; index += 1) {
    const health = await app.inject({
      method: 'GET',
      url: API_PATHS.health,
      remoteAddress: '192.0.2.1',
    });
    assert.equal(health.statusCode, 200);
  }
  await app.close();
});

test('IPv6 addresses of one /64 network share one budget; the next network has its own', async () => {
  const app = await makeApp({ providers: testProviders() });
  for (let index = 0; index < contactBudget; index += 1) {
    // A visitor who takes a new address of their /64 for every request.
    assert.equal((await sendContact(app, `2001:db8:1:2::${index + 1}`)).statusCode, 400);
  }
  assert.equal((await sendContact(app, '2001:db8:1:2:ffff::abcd')).statusCode, 429);
  assert.equal((await sendContact(app, '2001:db8:1:3::1')).statusCode, 400);
  await app.close();
});

test('every tool has its own budget from its descriptor', async () => {
  const app = await makeApp({ providers: testProviders() });
  const budgets = TOOL_DESCRIPTORS.flatMap((tool) =>
    tool.rateLimit.paths.map((path): [string, number] => [path, tool.rateLimit.perMinute]),
  );
  for (const [url, budget] of budgets) {
    const first = await app.inject({
      method: 'POST',
      url,
      payload: {},
      remoteAddress: '198.51.100.9',
    });
    assert.equal(first.headers['x-ratelimit-limit'], String(budget), url);
  }
  await app.close();
});

test('with REDIS_URL, two server instances share one budget', async () => {
  const REDIS_URL = await testRedisUrl();
  // A fresh address per run, so counters left in Redis by an earlier run never matter.
  const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const redis = new Redis(REDIS_URL);
  const stale = await redis.keys(`ai-tools-rate-limit:*${address}*`);
  if (stale.length > 0) await redis.del(...stale);

  const first = await makeApp({ env: { REDIS_URL }, providers: testProviders() });
  const second = await makeApp({ env: { REDIS_URL }, providers: testProviders() });
  try {
    for (let index = 0; index < contactBudget; index += 1) {
      const app = index % 2 === 0 ? first : second;
      assert.equal((await sendContact(app, address)).statusCode, 400, `request ${index + 1}`);
    }
    const limitedOnFirst = await sendContact(first, address);
    const limitedOnSecond = await sendContact(second, address);
    assert.equal(limitedOnFirst.statusCode, 429);
    assert.equal(limitedOnSecond.statusCode, 429);
    assert.ok(Number(limitedOnSecond.headers['retry-after']) > 0);
    const keys = await redis.keys(`ai-tools-rate-limit:*${address}*`);
    assert.equal(keys.length, 1, 'one shared counter in Redis');
  } finally {
    const keys = await redis.keys(`ai-tools-rate-limit:*${address}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await first.close();
    await second.close();
  }
});

test('with Redis unreachable, each server still counts its budget in memory', async () => {
  const app = await makeApp({
    env: { REDIS_URL: 'redis://127.0.0.1:1' },
    providers: testProviders(),
  });
  try {
    for (let index = 0; index < contactBudget; index += 1) {
      assert.equal((await sendContact(app, '192.0.2.50')).statusCode, 400, `request ${index + 1}`);
    }
    const limited = await sendContact(app, '192.0.2.50');
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  } finally {
    await app.close();
  }
});

test('when Redis fails a count, that server counts in memory and the budget holds', async () => {
  const REDIS_URL = await testRedisUrl();
  const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const redis = new Redis(REDIS_URL);
  // A counter that is not a number makes Redis answer the count with an error.
  const counterKey = `ai-tools-rate-limit:POST${API_PATHS.sendMessage}-${address}`;
  await redis.set(counterKey, 'not a number');
  const app = await makeApp({ env: { REDIS_URL }, providers: testProviders() });
  try {
    for (let index = 0; index < contactBudget; index += 1) {
      assert.equal((await sendContact(app, address)).statusCode, 400, `request ${index + 1}`);
    }
    assert.equal((await sendContact(app, address)).statusCode, 429);
    assert.equal(await redis.get(counterKey), 'not a number', 'Redis refused every count');
  } finally {
    await redis.del(counterKey);
    await redis.quit();
    await app.close();
  }
});
