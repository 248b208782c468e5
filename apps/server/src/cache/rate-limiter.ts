import { Redis } from 'ioredis';

export interface RateLimitRule {
  /** How many attempts a window allows. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt against `key`; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimitRule): Promise<number>;
  close(): Promise<void>;
}

/** Fixed windows counted in this process. */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, rule) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size > 100_000) windows.clear();
        w = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count++;
      return w.count > rule.limit ? Math.ceil((w.resetAt - now) / 1000) : 0;
    },
    close: async () => windows.clear(),
  };
}

/** Fixed windows counted in Redis, so every instance shares them. */
export function createRedisRateLimiter(redisUrl: string): RateLimiter {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  return {
    async hit(key, rule) {
      const redisKey = `episodic:rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).ttl(redisKey).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.expire(redisKey, rule.windowSeconds);
      return count > rule.limit ? Math.max(1, ttl < 0 ? rule.windowSeconds : ttl) : 0;
    },
    close: async () => {
      await redis.quit().catch(() => undefined);
    },
  };
}
