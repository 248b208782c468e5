import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { AppError, fieldProblem, invalidInput } from '../../http/errors';
import type { RateLimiter } from '../../cache/rate-limiter';
import { addressKey } from '../../http/client-address';
import * as repo from './accounts.repository';
import { verifyPassword } from './passwords';
import { isValidEmail, normalizeEmail } from './email';
import { LIMITS, LOGIN_SLOWDOWN, tooMany } from './account-limits';

/**
 * The account an email and password belong to (enabled), under the sign-in rate limits; the viewer
 * app and the operator console share them, so two doors give no extra guesses.
 */
export function createCredentialCheck({ db, limiter }: { db: Kysely<DB>; limiter?: RateLimiter | undefined }) {
  return async function checkCredentials(
    input: { email: string; password: string },
    caller: { ip: string },
  ): Promise<UserRow> {
    const email = normalizeEmail(input.email);
    if (!isValidEmail(email))
      throw invalidInput({ email: fieldProblem('email_invalid', 'Enter a valid email address.') });
    const address = addressKey(caller.ip);
    const ipKey = `login:ip:${address}`;
    const pair = `login:account-ip:${email}:${address}`;
    const accountKey = `login:account:${email}`;
    // Every attempt is counted before its password is checked, so guesses sent all at once cannot
    // all pass a check made before any of them was counted; a right password then gives its
    // attempt back. Only failures stay counted, so the owner's right password is never refused
    // for what strangers elsewhere did.
    if (limiter) {
      const ip = await limiter.take(ipKey, LIMITS.loginFailsPerIp);
      if (ip.wait > 0) throw tooMany(LIMITS.loginFailsPerIp.blockSeconds);
      const onAccount = await limiter.take(pair, LIMITS.loginFailsPerAccountAndIp);
      if (onAccount.wait > 0) {
        // Refused unchecked: not a guess this address spent.
        await limiter.giveBack(ipKey, LIMITS.loginFailsPerIp);
        throw tooMany(LIMITS.loginFailsPerAccountAndIp.blockSeconds);
      }
      // Attempts under way count too, so a distributed guesser is slowed down as it goes.
      const over = (await limiter.take(accountKey, LIMITS.loginFailsPerAccount)).used - 1 - LOGIN_SLOWDOWN.freeFailures;
      if (over > 0)
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(LOGIN_SLOWDOWN.maxMs, over * LOGIN_SLOWDOWN.stepMs)),
        );
    }
    const row = await repo.findUserByEmail(db, email);
    const valid = await verifyPassword(row?.password_hash ?? null, input.password);
    if (!row || !valid || row.disabled_at)
      throw new AppError(401, 'The email or password is not correct.', 'bad_credentials');
    // The right password: this attempt was no failure, and the failures on the account (from this
    // address and from anywhere) are forgiven; the address keeps its other failures.
    if (limiter)
      await Promise.all([
        limiter.giveBack(ipKey, LIMITS.loginFailsPerIp),
        limiter.reset(pair, LIMITS.loginFailsPerAccountAndIp),
        limiter.reset(accountKey, LIMITS.loginFailsPerAccount),
      ]);
    return row;
  };
}
