import { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** How many attempts a window allows. */
  limit: number;
  windowSeconds: number;
  /** Once over the limit, the key stays refused this long (default: to the end of the window). */
  blockSeconds?: number;
  /**
   * A second allowance used only when the first one is spent, refilling over its own (longer)
   * window: a burst on top of a steady rate, as a token bucket gives.
   */
  burst?: { limit: number; windowSeconds: number };
}

export interface RateLimiter {
  /** Counts one attempt against `key`; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimitRule): Promise<number>;
  /**
   * Counts one attempt against `key` before the work it guards, so parallel attempts cannot all
   * pass a check made before any of them is counted: `wait` is the seconds to wait when over the
   * limit (else 0), `used` the attempts counted in the window, this one included.
   */
  take(key: string, rule: RateLimitRule): Promise<{ wait: number; used: number }>;
  /** Gives back one attempt counted by `take` (the attempt turned out not to count, e.g. a right password). */
  giveBack(key: string, rule: RateLimitRule): Promise<void>;
  /** How many attempts `key` has used in the current window, without counting one. */
  used(key: string, rule: RateLimitRule): Promise<number>;
  /** Forgets `key` (for example a sign-in's failures once the right password is given). */
  reset(key: string, rule: RateLimitRule): Promise<void>;
  close(): Promise<void>;
}

type Limiter = RateLimiterAbstract | BurstyRateLimiter;

/**
 * The limits, counted by rate-limiter-flexible: in this process without Redis; in Redis (shared by
 * every instance) with it, falling back to this process's counts while Redis does not answer, so an
 * outage neither stops sign-ins nor lifts the limits.
 */
export function createRateLimiter(redisUrl: string | null): RateLimiter {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : null;
  redis?.on('error', () => undefined);
  const limiters = new Map<string, { main: RateLimiterAbstract; limiter: Limiter }>();

  function make(name: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract {
    const opts = { keyPrefix: `episodic:rl:${name}`, points, duration, blockDuration };
    const memory = new RateLimiterMemory(opts);
    return redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
  }

  function limiterFor(rule: RateLimitRule) {
    const name = `${rule.limit}/${rule.windowSeconds}/${rule.blockSeconds ?? 0}${rule.burst ? `+${rule.burst.limit}/${rule.burst.windowSeconds}` : ''}`;
    let found = limiters.get(name);
    if (!found) {
      const main = make(name, rule.limit, rule.windowSeconds, rule.blockSeconds);
      const limiter = rule.burst
        ? new BurstyRateLimiter(main, make(`${name}:burst`, rule.burst.limit, rule.burst.windowSeconds))
        : main;
      found = { main, limiter };
      limiters.set(name, found);
    }
    return found;
  }

  async function take(key: string, rule: RateLimitRule): Promise<{ wait: number; used: number }> {
    try {
      const res = await limiterFor(rule).limiter.consume(key);
      return { wait: 0, used: res.consumedPoints };
    } catch (refused) {
      if (refused instanceof RateLimiterRes)
        return { wait: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)), used: refused.consumedPoints };
      throw refused;
    }
  }

  return {
    async hit(key, rule) {
      return (await take(key, rule)).wait;
    },
    take,
    async giveBack(key, rule) {
      await limiterFor(rule).main.reward(key, 1);
    },
    async used(key, rule) {
      const res = await limiterFor(rule).main.get(key);
      return res?.consumedPoints ?? 0;
    },
    async reset(key, rule) {
      await limiterFor(rule).main.delete(key);
    },
    close: async () => {
      limiters.clear();
      await redis?.quit().catch(() => undefined);
    },
  };
}
