/**
 * Rate limits per IP address with a budget per tool (contracts RATE_LIMITS), as the privacy text
 * says. Counters live in memory, or in Redis when REDIS_URL is set so several servers share them;
 * while Redis is away, each server counts in its own memory (rate-limit-store.ts).
 * The budgets attach to the routes by path, so route files stay a schema and a service call.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { API_PATHS, RATE_LIMITS, SERVER_MESSAGES } from '@ai-tools/contracts';
import type { Config } from '../config.ts';
import { redisStoreWithLocalFallback } from './rate-limit-store.ts';

type Tool = keyof typeof RATE_LIMITS.perTool;

const TOOL_BY_PATH: Record<string, Tool> = {
  [API_PATHS.sendMessage]: 'contact',
  [API_PATHS.textToSpeech]: 'textToSpeech',
  [API_PATHS.speechToText]: 'speechToText',
  [API_PATHS.generateScript]: 'videoScript',
  [API_PATHS.generateBlog]: 'blog',
  [API_PATHS.generateStory]: 'story',
};

const REDIS_KEY_PREFIX = 'ai-tools-rate-limit:';

/** How long to wait for Redis, at start-up and per connection attempt. */
const REDIS_CONNECT_TIMEOUT_MS = 2000;

/** Must run before any route is added, so the budgets are in place when routes register. */
export async function registerRateLimit(app: FastifyInstance, config: Pick<Config, 'REDIS_URL'>) {
  app.addHook('onRoute', (route) => {
    const tool = TOOL_BY_PATH[route.url];
    if (!tool || route.config?.rateLimit !== undefined) return;
    route.config = {
      ...route.config,
      rateLimit: { max: RATE_LIMITS.perTool[tool], timeWindow: RATE_LIMITS.windowMs },
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
    store: redis
      ? redisStoreWithLocalFallback(redis, REDIS_KEY_PREFIX, (error) =>
          app.log.warn({ code: (error as { code?: string }).code }, 'Rate limit counted in memory'),
        )
      : undefined,
    errorResponseBuilder: () =>
      Object.assign(new Error(SERVER_MESSAGES.rateLimited), { statusCode: 429 }),
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
