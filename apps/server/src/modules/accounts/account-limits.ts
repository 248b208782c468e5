import { type AppError, TooManyRequests } from '../../http/errors';
import type { RateLimiter, RateLimitRule } from '../../cache/rate-limiter';

export const LIMITS = {
  // Sign-in follows the "login endpoint protection" pattern: an address that keeps failing (on any
  // accounts) is stopped for an hour, and one address failing on one account is stopped for an hour;
  // a right password clears the latter. Nothing is ever counted against the account alone, so
  // strangers guessing cannot lock its owner out; they only slow it down (LOGIN_SLOWDOWN). The
  // per-address budget is an hour's, not a day's: behind a carrier's shared address, thousands of
  // people mistype their passwords too.
  loginFailsPerIp: { limit: 200, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  loginFailsPerAccountAndIp: { limit: 10, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  loginFailsPerAccount: { limit: 1_000_000, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  // Opening a reset link asks whether it still works: a person opens a few, a guesser many.
  resetCheckPerIp: { limit: 60, windowSeconds: 60 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
};

/**
 * After this many failures on one account (from anywhere) in an hour, each attempt on it waits a
 * little longer before its password is checked, up to a few seconds: a distributed guesser is slowed
 * down, and the owner still signs in with the right password after at most `maxMs`.
 */
export const LOGIN_SLOWDOWN = { freeFailures: 5, stepMs: 250, maxMs: 3000 };

export function tooMany(seconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new TooManyRequests(
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    seconds,
    'too_many_attempts',
  );
}

export type AccountLimit = (...checks: [string, RateLimitRule][]) => Promise<void>;

/** The accounts' rate limit: throws a 429 once a key is over its rule (nothing is limited without a limiter). */
export function createAccountLimit(limiter: RateLimiter | undefined): AccountLimit {
  return async (...checks) => {
    if (!limiter) return;
    for (const [key, rule] of checks) {
      const wait = await limiter.hit(key, rule);
      if (wait > 0) throw tooMany(wait);
    }
  };
}
