import type { Kysely } from 'kysely';
import type { Language, User } from '@episodic/contract';
import { toLanguage } from '../../http/language';
import type { DB, UserRow } from '../../db/schema';
import type { AuthUser, SessionResolver } from '../../http/auth';
import { AppError, TooManyRequests, conflict, fieldProblem, invalidInput, loginRequired } from '../../http/errors';
import type { EventBus } from '../../events';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter, RateLimitRule } from '../../cache/rate-limiter';
import { addressKey } from '../../http/client-address';
import * as repo from './accounts.repository';
import { hashSessionToken, newSessionToken } from './session-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { isValidEmail, normalizeEmail } from './email';
import { newPasswordErrors } from './password-rules';
import { passwordResetEmail } from './account-emails';
import { createEmailVerification } from './email-verification';

export interface AccountsServiceDeps {
  db: Kysely<DB>;
  sessionTtlDays: number;
  events?: EventBus;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** New guests one client address may create: a steady rate per minute plus a burst per hour. */
  guestBudget?: { perMinute: number; burstPerHour: number };
  publicUrl?: string;
  /** The coin balance and membership shown with the user, answered by billing. */
  money?: (userId: string) => Promise<{ coins: number; membership: User['membership'] }>;
}

export interface IssuedSession {
  user: User;
  /** Set when a new session token was issued and must reach the client. */
  token?: string;
}

export interface Caller {
  auth: AuthUser | null;
  ip: string;
  userAgent: string | null;
}

const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const RESET_MINUTES = 60;
const LIMITS = {
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
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
};

/**
 * After this many failures on one account (from anywhere) in an hour, each attempt on it waits a
 * little longer before its password is checked, up to a few seconds: a distributed guesser is slowed
 * down, and the owner still signs in with the right password after at most `maxMs`.
 */
const LOGIN_SLOWDOWN = { freeFailures: 5, stepMs: 250, maxMs: 3000 };

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    isGuest: row.is_guest,
    emailVerified: row.email !== null && row.email_verified_at !== null,
    language: toLanguage(row.language),
    coins: 0,
    autoUnlock: row.auto_unlock,
    membership: { active: false, planId: null, renewsAt: null, endsAt: null, autoRenew: false },
  };
}

function tooMany(seconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new TooManyRequests(
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    seconds,
    'too_many_attempts',
  );
}

export function createAccountsService({
  db,
  sessionTtlDays,
  events,
  mailer,
  limiter,
  guestBudget = { perMinute: 30, burstPerHour: 300 },
  publicUrl = '',
  money,
}: AccountsServiceDeps) {
  const ttlMs = sessionTtlDays * 24 * 60 * 60 * 1000;
  events?.emits('user.registered', 'user.merged', 'user.exporting', 'user.deleting');

  /** The user as the API shows it, with coins and membership. */
  async function present(row: UserRow): Promise<User> {
    const user = toUserDto(row);
    return money ? { ...user, ...(await money(row.id)) } : user;
  }

  async function limit(...checks: [string, RateLimitRule][]): Promise<void> {
    if (!limiter) return;
    for (const [key, rule] of checks) {
      const wait = await limiter.hit(key, rule);
      if (wait > 0) throw tooMany(wait);
    }
  }

  const verification = createEmailVerification({ db, mailer, publicUrl, limit });

  async function startSession(
    executor: Parameters<typeof repo.insertSession>[0],
    userId: string,
    userAgent: string | null,
  ): Promise<string> {
    const token = newSessionToken();
    await repo.insertSession(executor, {
      userId,
      tokenHash: hashSessionToken(token),
      userAgent,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  /** A token resolves while its session is unrevoked, unexpired and its user not disabled. */
  const resolveSession: SessionResolver = async (token) => {
    const found = await repo.findActiveSession(db, hashSessionToken(token));
    if (!found) return null;
    if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // Best effort and off the answer's path: a missed touch only delays "last seen".
      repo.touchSession(db, found.sessionId).catch(() => undefined);
    }
    return { userId: found.userId, sessionId: found.sessionId, role: found.role, isGuest: found.isGuest };
  };

  /**
   * The caller's user; a visitor without a valid session gets a new guest account and token, within
   * the guest budget of their address (sized so that a carrier's shared address, with thousands of
   * phones behind it, stays within it, while a script minting guests is stopped).
   */
  async function currentOrGuest(auth: AuthUser | null, userAgent: string | null, ip: string): Promise<IssuedSession> {
    if (auth) {
      const row = await repo.findUserById(db, auth.userId);
      if (row) return { user: await present(row) };
    }
    const wait = limiter
      ? await limiter.hit(`guest:ip:${addressKey(ip)}`, {
          limit: guestBudget.perMinute,
          windowSeconds: 60,
          burst: { limit: guestBudget.burstPerHour, windowSeconds: 3600 },
        })
      : 0;
    if (wait > 0)
      throw new TooManyRequests(
        `Too many new visitors from your network. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        wait,
      );
    return db.transaction().execute(async (trx) => {
      const row = await repo.insertUser(trx, { is_guest: true });
      return { user: toUserDto(row), token: await startSession(trx, row.id, userAgent) };
    });
  }

  /**
   * Creates an account. A guest registering keeps everything: the guest account itself becomes the
   * account. The session is rotated either way.
   */
  async function register(
    input: { email: string; password: string; confirmPassword: string; agree: boolean },
    caller: Caller,
  ): Promise<Required<IssuedSession>> {
    const email = normalizeEmail(input.email);
    const fields = { ...newPasswordErrors(input.password, input.confirmPassword) };
    if (!email) fields.email = fieldProblem('email_required', 'Please enter your email.');
    else if (!isValidEmail(email)) fields.email = fieldProblem('email_invalid', 'Enter a valid email address.');
    if (!input.password) fields.password = fieldProblem('password_required', 'Please enter your password.');
    if (!input.agree)
      fields.agree = fieldProblem(
        'terms_required',
        'Please agree to the terms of use, privacy policy and service agreement.',
      );
    if (Object.keys(fields).length > 0) throw invalidInput(fields);
    await limit([`register:ip:${addressKey(caller.ip)}`, LIMITS.registerPerIp]);

    const passwordHash = await hashPassword(input.password);
    const taken = () =>
      conflict(
        'email_taken',
        'This email cannot be used for a new account. If it is yours, sign in or reset your password.',
      );
    if (await repo.findUserByEmail(db, email)) throw taken();
    try {
      const created = await db.transaction().execute(async (trx) => {
        let row: UserRow;
        if (caller.auth?.isGuest) {
          row = await repo.updateUser(trx, caller.auth.userId, { email, password_hash: passwordHash, is_guest: false });
          await repo.revokeSession(trx, caller.auth.sessionId);
        } else {
          row = await repo.insertUser(trx, { email, password_hash: passwordHash, is_guest: false });
        }
        const token = await startSession(trx, row.id, caller.userAgent);
        return { row, token };
      });
      // Presented after commit: on the embedded database the transaction holds the only connection.
      await registered(created.row.id, caller);
      await verification.sendVerification(created.row);
      return { user: await present(created.row), token: created.token };
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw taken();
      throw err;
    }
  }

  /** Tells the other domains that an account was created (after its commit). */
  async function registered(userId: string, caller: Caller): Promise<void> {
    await events?.emit('user.registered', { userId, ip: caller.ip, userAgent: caller.userAgent });
  }

  /**
   * Signs in with email and password. A guest's data (list, history, unlocks…) moves to the account;
   * the old session is revoked and a fresh token issued.
   */
  async function login(input: { email: string; password: string }, caller: Caller): Promise<Required<IssuedSession>> {
    return signInAs(await checkCredentials(input, caller), caller);
  }

  /**
   * The account an email and password belong to (enabled), under the sign-in rate limits; the viewer
   * app and the operator console share them, so two doors give no extra guesses.
   */
  async function checkCredentials(
    input: { email: string; password: string },
    caller: Pick<Caller, 'ip'>,
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
  }

  /** Starts a session for an account, folding the caller's guest data into it. */
  async function signInAs(row: UserRow, caller: Caller): Promise<Required<IssuedSession>> {
    // A merge locks both users and then the guest's orders, which a payment being confirmed at that
    // instant may hold while it waits for the guest: PostgreSQL then breaks the deadlock by failing
    // one side, and the sign-in, being whole or nothing, simply runs again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await signInOnce(row, caller);
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt === 3) throw err;
      }
    }
  }

  async function signInOnce(row: UserRow, caller: Caller): Promise<Required<IssuedSession>> {
    const signedIn = await db.transaction().execute(async (trx) => {
      const from = caller.auth;
      if (from) await repo.revokeSession(trx, from.sessionId);
      if (from?.isGuest && from.userId !== row.id) {
        await repo.lockUsers(trx, [from.userId, row.id]);
        await events?.emit('user.merged', { fromUserId: from.userId, toUserId: row.id, trx });
        await repo.deleteUser(trx, from.userId);
      }
      const token = await startSession(trx, row.id, caller.userAgent);
      const fresh = (await repo.findUserById(trx, row.id)) ?? row;
      return { row: fresh, token };
    });
    return { user: await present(signedIn.row), token: signedIn.token };
  }

  /** Ends this device's session, or every session of the account. */
  async function logout(auth: AuthUser | null, everywhere = false): Promise<void> {
    if (!auth) return;
    if (everywhere) await repo.revokeAllSessions(db, auth.userId);
    else await repo.revokeSession(db, auth.sessionId);
  }

  /**
   * Sends a single-use reset link when the email belongs to an account. The answer is the same
   * whether or not it does, and takes about as long.
   */
  async function forgotPassword(emailInput: string, lang: Language, ip: string): Promise<void> {
    const email = normalizeEmail(emailInput);
    if (!email) throw invalidInput({ email: fieldProblem('email_required', 'Please enter your email.') });
    if (!isValidEmail(email))
      throw invalidInput({ email: fieldProblem('email_invalid', 'Enter a valid email address.') });
    await limit([`reset:ip:${addressKey(ip)}`, LIMITS.resetPerIp], [`reset:account:${email}`, LIMITS.resetPerAccount]);
    const row = await repo.findUserByEmail(db, email);
    if (!row || row.is_guest || row.disabled_at) return;
    const token = newSessionToken();
    // Only the newest link works: the ones before it are revoked as it is made.
    await db.transaction().execute(async (trx) => {
      await repo.revokePasswordResets(trx, row.id);
      await repo.insertPasswordReset(trx, {
        userId: row.id,
        tokenHash: hashSessionToken(token),
        expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
      });
    });
    const link = `${publicUrl}/retrievePassword?token=${encodeURIComponent(token)}`;
    const message = passwordResetEmail(email, link, RESET_MINUTES, toLanguage(row.language || lang));
    // Sent off the answer's path so its timing does not tell that the account exists.
    void mailer?.send(message).catch(() => undefined);
  }

  /**
   * Sets a new password from an emailed link (once), revokes the account's other reset links, signs out
   * everywhere else and signs in here. Opening the emailed link proves the address: the email is verified.
   */
  async function resetPassword(
    input: { token: string; password: string; confirmPassword: string },
    caller: Caller,
  ): Promise<Required<IssuedSession>> {
    const fields = newPasswordErrors(input.password, input.confirmPassword);
    if (Object.keys(fields).length > 0) throw invalidInput(fields);
    const passwordHash = await hashPassword(input.password);
    const reset = await db.transaction().execute(async (trx) => {
      const userId = await repo.consumePasswordReset(trx, hashSessionToken(input.token));
      if (!userId)
        throw new AppError(410, 'This link has expired or was already used. Ask for a new one.', 'link_expired');
      await repo.revokePasswordResets(trx, userId);
      await repo.markEmailVerified(trx, userId);
      const row = await repo.updateUser(trx, userId, { password_hash: passwordHash });
      await repo.revokeAllSessions(trx, userId);
      const token = await startSession(trx, userId, caller.userAgent);
      return { row, token };
    });
    return { user: await present(reset.row), token: reset.token };
  }

  /** Changes the password after checking the current one; other devices are signed out and reset links revoked. */
  async function changePassword(
    auth: AuthUser,
    input: { currentPassword: string; password: string; confirmPassword: string },
  ): Promise<void> {
    const row = await repo.findUserById(db, auth.userId);
    if (!row || row.is_guest) throw loginRequired();
    if (!(await verifyPassword(row.password_hash, input.currentPassword)))
      throw invalidInput({
        currentPassword: fieldProblem('current_password_wrong', 'This is not your current password.'),
      });
    const fields = newPasswordErrors(input.password, input.confirmPassword);
    if (Object.keys(fields).length > 0) throw invalidInput(fields);
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, auth.userId, { password_hash: passwordHash });
      await repo.revokeAllSessions(trx, auth.userId, auth.sessionId);
      await repo.revokePasswordResets(trx, auth.userId);
    });
  }

  /**
   * Trades a session token that arrived in a link for a session of the visitor's own; the link's token is
   * revoked whatever happens (an address travels: history, referrers, pixels). A guest's token hands the
   * guest's contents over once: every session of that guest is revoked, so the link's author loses it. A
   * registered account's token hands nothing over: its author knows the password and would see all
   * the visitor did next. A visitor who already has a session keeps it.
   */
  async function exchangeLinkToken(
    token: string,
    own: AuthUser | null,
    userAgent: string | null,
    ip: string,
  ): Promise<IssuedSession> {
    const linked = await repo.findActiveSession(db, hashSessionToken(token));
    if (own && linked?.sessionId === own.sessionId) {
      // The visitor's own session (its cookie proves it) whose token was put in a link: a new token for it.
      const fresh = await db.transaction().execute(async (trx) => {
        await repo.revokeSession(trx, own.sessionId);
        return startSession(trx, own.userId, userAgent);
      });
      return { user: await getUser(own.userId), token: fresh };
    }
    if (linked?.isGuest && !own) {
      const taken = await db.transaction().execute(async (trx) => {
        // Only the first exchange of a token takes the guest over.
        if (!(await repo.revokeSession(trx, linked.sessionId))) return null;
        await repo.revokeAllSessions(trx, linked.userId);
        return startSession(trx, linked.userId, userAgent);
      });
      if (taken) return { user: await getUser(linked.userId), token: taken };
    } else if (linked) {
      await repo.revokeSession(db, linked.sessionId);
    }
    return currentOrGuest(own, userAgent, ip);
  }

  /** Updates the viewer's preferences. */
  async function updateProfile(auth: AuthUser, changes: { language?: Language; autoUnlock?: boolean }): Promise<User> {
    const row = await repo.updateUser(db, auth.userId, {
      ...(changes.language ? { language: changes.language } : {}),
      ...(changes.autoUnlock !== undefined ? { auto_unlock: changes.autoUnlock } : {}),
    });
    return present(row);
  }

  async function getUser(userId: string): Promise<User> {
    const row = await repo.findUserById(db, userId);
    if (!row) throw loginRequired();
    return present(row);
  }

  /** Everything the product keeps about the viewer, as one JSON document. */
  async function exportData(auth: AuthUser): Promise<Record<string, unknown>> {
    const row = await repo.findUserById(db, auth.userId);
    if (!row) throw loginRequired();
    const sessions = await repo.sessionsOf(db, auth.userId);
    const identities = await repo.identitiesOf(db, auth.userId);
    const document: Record<string, unknown> = {
      exportedAt: new Date().toISOString(),
      account: {
        id: row.id,
        email: row.email,
        guest: row.is_guest,
        language: row.language,
        autoUnlock: row.auto_unlock,
        name: row.display_name,
        createdAt: row.created_at,
      },
      signInProviders: identities,
      sessions,
    };
    await events?.emit('user.exporting', { userId: auth.userId, add: (section, data) => (document[section] = data) });
    return document;
  }

  /** Deletes an account and everything it owns, after checking its password. */
  async function deleteAccount(auth: AuthUser, password: string): Promise<void> {
    const row = await repo.findUserById(db, auth.userId);
    if (!row || row.is_guest) throw loginRequired();
    if (!(await verifyPassword(row.password_hash, password)))
      throw invalidInput({ password: fieldProblem('password_wrong', 'This is not your password.') });
    await db.transaction().execute(async (trx) => {
      await events?.emit('user.deleting', { userId: auth.userId, trx });
      await repo.deleteUser(trx, auth.userId);
    });
  }

  /** Creates an operator account, or promotes an existing account (setting its password when given). */
  async function createAdmin(emailInput: string, password: string | null): Promise<UserRow> {
    const email = normalizeEmail(emailInput);
    if (!isValidEmail(email)) throw new Error(`"${emailInput}" is not a valid email address`);
    if (password !== null && password.length < 8) throw new Error('the password must be at least 8 characters');
    return repo.upsertAdmin(db, email, password === null ? null : await hashPassword(password));
  }

  return {
    resolveSession,
    currentOrGuest,
    register,
    registered,
    ...verification,
    exchangeLinkToken,
    login,
    checkCredentials,
    signInAs,
    logout,
    forgotPassword,
    resetPassword,
    changePassword,
    updateProfile,
    getUser,
    exportData,
    deleteAccount,
    createAdmin,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
