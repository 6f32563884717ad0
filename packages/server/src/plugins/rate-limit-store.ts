/**
 * A rate-limit store that counts in Redis, so several servers share one budget, and in this
 * server's memory while Redis cannot answer. The limits then hold per server instead of switching
 * off, and no request waits for Redis. It reuses @fastify/rate-limit's own two stores.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Store = FastifyRateLimitStore;
type Callback = Parameters<Store['incr']>[1];
type RouteOptions = Parameters<Store['child']>[0];
/** The plugin hands every store its merged settings, flags included, whatever the types say. */
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };

// The plugin's stores are not in its type declarations, only in its package.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
) => Store;

export function redisStoreWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
) {
  return class SharedStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(options: FastifyRateLimitOptions | RouteOptions, shared?: Store, local?: Store) {
      const { continueExceeding, exponentialBackoff } = options as StoreOptions;
      this.shared =
        shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      // Without the offline queue, a command fails at once while Redis is away.
      if (redis.status !== 'ready') {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) {
            callback(null, result);
            return;
          }
          onFallback(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new SharedStore(
        routeOptions,
        this.shared.child(routeOptions),
        this.local.child(routeOptions),
      );
    }
  };
}
