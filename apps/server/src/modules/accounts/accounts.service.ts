import type { Kysely } from 'kysely';
import { NO_MEMBERSHIP, type Language, type User } from '@episodic/contract';
import { toLanguage } from '../../http/language';
import type { DB, UserRow } from '../../db/schema';
import type { AuthUser, SessionResolver } from '../../http/auth';
import { TooManyRequests, conflict, fieldProblem, invalidInput, loginRequired } from '../../http/errors';
import type { EventBus } from '../../events';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../cache/rate-limiter';
import { addressKey } from '../../http/client-address';
import * as repo from './accounts.repository';
import { findLiveSession, insertSession, touchSession } from './sessions.repository';
import { hashSessionToken, newSessionToken } from './session-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { isValidEmail, normalizeEmail } from './email';
import { newPasswordErrors } from './password-rules';
import { createEmailVerification } from './email-verification';
import { LIMITS, createAccountLimit } from './account-limits';
import { createCredentialCheck } from './credentials.service';
import { createPasswordRecovery } from './password-recovery.service';
import { createPurchaseClaims } from './purchase-claims';
import type { SessionCache } from './session-cache';

export interface AccountsServiceDeps {
  db: Kysely<DB>;
  sessionTtlDays: number;
  events?: EventBus;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** New guests one client address may create: a steady rate per minute plus a burst per hour. */
  guestBudget?: { perMinute: number; burstPerHour: number };
  publicUrl?: string;
  /** The coin balance and membership shown with the user (plan named in their language), answered by billing. */
  money?: (userId: string, lang: Language) => Promise<Pick<User, 'coins' | 'paidCoins' | 'bonusCoins' | 'membership'>>;
  /** Guests who paid giving an email, the latest first (billing's). */
  guestBuyers?: (email: string) => Promise<string[]>;
  /** Sessions and users read on every request, kept until a write touches them (session-cache.ts). */
  sessionCache?: SessionCache | null;
  /** Runs work off the answer's path (mails), waited for at shutdown: the app's `background.run`. */
  later?: Later;
}

/** Work started by a request that outlives its answer; its failure is the runner's to report. */
export type Later = (what: string, task: () => Promise<unknown>) => void;
const unwatched: Later = (_what, task) => void task().catch(() => undefined);

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

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    isGuest: row.is_guest,
    emailVerified: row.email !== null && row.email_verified_at !== null,
    language: toLanguage(row.language),
    coins: 0,
    paidCoins: 0,
    bonusCoins: 0,
    autoUnlock: row.auto_unlock,
    membership: NO_MEMBERSHIP,
  };
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
  guestBuyers,
  sessionCache,
  later = unwatched,
}: AccountsServiceDeps) {
  const ttlMs = sessionTtlDays * 24 * 60 * 60 * 1000;
  events?.emits('user.registered', 'user.merged', 'user.exporting', 'user.deleting');

  /** The user as the API shows it, with coins and membership. */
  async function present(row: UserRow): Promise<User> {
    const user = toUserDto(row);
    return money ? { ...user, ...(await money(row.id, user.language)) } : user;
  }

  const limit = createAccountLimit(limiter);
  const verification = createEmailVerification({ db, mailer, publicUrl, limit });
  const checkCredentials = createCredentialCheck({ db, limiter });

  async function startSession(
    executor: Parameters<typeof insertSession>[0],
    userId: string,
    userAgent: string | null,
  ): Promise<string> {
    const token = newSessionToken();
    await insertSession(executor, {
      userId,
      tokenHash: hashSessionToken(token),
      userAgent,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  const claims = createPurchaseClaims({ db, mailer, publicUrl, limit, guestBuyers, later });
  const recovery = createPasswordRecovery({ db, mailer, publicUrl, limit, startSession, present, claims, later });

  // Each principal resolved through the cache, with the cache's ticket from the start of its reads.
  const tickets = new WeakMap<AuthUser, number>();

  /** A token resolves while its session is unrevoked, unexpired and its user not disabled. */
  const resolveSession: SessionResolver = async (token, via) => {
    const load = () => findLiveSession(db, hashSessionToken(token), 'viewer');
    const ticket = sessionCache?.ticket();
    const found = await (sessionCache ? sessionCache.session(token, load) : load());
    if (!found) return null;
    if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // Best effort and off the answer's path: a missed touch only delays "last seen".
      touchSession(db, found.sessionId).catch(() => undefined);
    }
    const auth = { userId: found.userId, sessionId: found.sessionId, role: found.role, isGuest: found.isGuest, via };
    if (ticket !== undefined) tickets.set(auth, ticket);
    return auth;
  };

  /**
   * The caller's user; a visitor without a valid session gets a new guest account and token, within
   * the guest budget of their address (sized so that a carrier's shared address, with thousands of
   * phones behind it, stays within it, while a script minting guests is stopped).
   */
  async function currentOrGuest(auth: AuthUser | null, userAgent: string | null, ip: string): Promise<IssuedSession> {
    if (auth) {
      const load = async () => {
        const row = await repo.findUserById(db, auth.userId);
        return row ? present(row) : null;
      };
      const user = await (sessionCache ? sessionCache.user(auth.userId, load, tickets.get(auth)) : load());
      if (user) return { user };
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
   * account. The session is rotated either way. An address another guest paid with is not taken by
   * typing it: its owner gets that buyer's set-password link, and no account is made here.
   */
  async function register(
    input: { email: string; password: string; confirmPassword: string; agree: boolean },
    caller: Caller,
    lang: Language = 'en',
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
    if (await claims.offerPurchaseLink(email, lang, caller.auth?.isGuest ? caller.auth.userId : undefined))
      throw conflict(
        'email_has_purchases',
        'Purchases were made with this email. We sent it a link: open it to set your password and keep them.',
      );
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
    const linked = await findLiveSession(db, hashSessionToken(token), 'viewer');
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

  /** Sets an account's language (the one its viewer chose before signing in with Facebook). */
  async function saveLanguage(userId: string, language: Language): Promise<void> {
    await repo.updateUser(db, userId, { language });
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
    ...recovery,
    purchaseLink: claims.purchaseLink,
    updateProfile,
    saveLanguage,
    getUser,
    exportData,
    deleteAccount,
    createAdmin,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
