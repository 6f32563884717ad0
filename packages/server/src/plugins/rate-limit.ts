/**
 * Rate limits per IP address with a budget per tool (its descriptor's rateLimit, changed by its
 * RATE_LIMIT_* setting), as the privacy text says. Counters live in memory, or in Redis when REDIS_URL is set so several servers share them;
 * while Redis is away, each server counts in its own memory (rate-limit-store.ts).
 * The budgets attach to the routes by path, so route files stay a schema and a service call.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { RATE_LIMITS, TOOL_DESCRIPTORS, type RateLimitSetting } from '@ai-tools/contracts';
import type { Config } from '../config.ts';
import { redisStoreWithLocalFallback } from './rate-limit-store.ts';
import { RateLimitedError } from '../errors.ts';
import { visitorOf } from '../visitor.ts';

const SETTING_BY_PATH: Record<string, RateLimitSetting> = Object.fromEntries(
  TOOL_DESCRIPTORS.flatMap((tool) =>
    tool.rateLimit.paths.map((path) => [path, tool.rateLimit.setting]),
  ),
);

/**
 * The visitor's address. A request whose connection broke while it was read (a body the HTTP
 * parser refused, such as `Transfer-Encoding: xchunked`) has none left: it shares one key
 * rather than make the limiter throw; its answer is the parser's 400.
 */
const visitorKey = (request: FastifyRequest) => visitorOf(request.ip);

const REDIS_KEY_PREFIX = 'ai-tools-rate-limit:';

/** How long to wait for Redis, at start-up and per connection attempt. */
const REDIS_CONNECT_TIMEOUT_MS = 2000;

/** Must run before any route is added, so the budgets are in place when routes register. */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL' | RateLimitSetting>,
) {
  app.addHook('onRoute', (route) => {
    const setting = SETTING_BY_PATH[route.url];
    if (!setting || route.config?.rateLimit !== undefined) return;
    route.config = {
      ...route.config,
      rateLimit: { max: config[setting], timeWindow: RATE_LIMITS.windowMs },
    };
  });

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        // Fail fast instead of queueing: with Redis away, requests are counted in memory
        // rather than wait.
        maxRetriesPerRequest: 1,
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error) =>
      app.log.warn({ code: (error as { code?: string }).code }, 'Redis error'),
    );
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Without the offline queue, commands sent before the connection is up fail and are counted
    // only here: wait for it at start-up, no longer than the connect timeout.
    await connectedOrFailed(redis, REDIS_CONNECT_TIMEOUT_MS);
  }

  await app.register(rateLimit, {
    global: false,
    keyGenerator: visitorKey,
    store: redis
      ? redisStoreWithLocalFallback(redis, REDIS_KEY_PREFIX, (error) =>
          app.log.warn({ code: (error as { code?: string }).code }, 'Rate limit counted in memory'),
        )
      : undefined,
    errorResponseBuilder: () => new RateLimitedError(),
  });
}

function connectedOrFailed(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, timeoutMs);
    redis.once('ready', settle);
    redis.once('error', settle);
  });
}
