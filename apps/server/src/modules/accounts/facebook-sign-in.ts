import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import * as repo from './accounts.repository';
import { hashSessionToken } from './session-tokens';
import { normalizeEmail, isValidEmail } from './email';
import { sameOriginPath } from '../../http/redirect-target';
import type { AccountsService, Caller } from './accounts.service';

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  authUrl: string;
  graphUrl: string;
  redirectUri: string;
}

const STATE_MINUTES = 10;
/** How long a Facebook sign-in waits for the matching account's password. */
export const PENDING_LINK_MINUTES = 10;

/** Where to go after sign-in: a path of this site only (the redirect-target rule), `/my` otherwise. */
export function safeReturnTo(value: unknown): string {
  return sameOriginPath(value, { fallback: '/my' });
}

const base64url = (buf: Buffer) => buf.toString('base64url');

/** What Graph `/me` answers (only the fields asked for). */
export interface FacebookProfile {
  id: string;
  name?: string;
  email?: string;
  /** Not sent by Graph `/me` today; honoured if an answer ever says an address is unconfirmed. */
  email_verified?: boolean;
}

/**
 * Whether Facebook vouches for the profile's email. Graph answers `email` only with the person's
 * confirmed primary address (an unconfirmed one is left out), so an email present counts as verified,
 * unless the answer says otherwise (`email_verified: false`, as Facebook's OpenID Connect tokens name it).
 */
export function facebookEmailVerified(profile: FacebookProfile): boolean {
  return typeof profile.email === 'string' && profile.email !== '' && profile.email_verified !== false;
}

export class FacebookSignInError extends Error {
  constructor(
    readonly reason: 'denied' | 'expired' | 'email_required' | 'failed',
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** OAuth 2.0 authorization-code flow with `state` and PKCE (S256) against Facebook's endpoints. */
export function createFacebookSignIn(
  db: Kysely<DB>,
  config: FacebookConfig,
  accounts: Pick<AccountsService, 'signInAs' | 'registered'>,
) {
  type Found = { row: UserRow; pending?: undefined } | { pending: string; row?: undefined };

  /** The dialog address to send the browser to, and the state to bind to the browser (cookie). */
  async function start(returnTo: unknown): Promise<{ url: string; state: string }> {
    const state = base64url(randomBytes(32));
    const verifier = base64url(randomBytes(48));
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    await repo.insertOauthState(db, {
      stateHash: hashSessionToken(state),
      codeVerifier: verifier,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
    });
    const url = new URL(config.authUrl);
    url.search = new URLSearchParams({
      client_id: config.appId,
      redirect_uri: config.redirectUri,
      response_type: 'code',
      scope: 'email,public_profile',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), state };
  }

  async function graph<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${config.graphUrl}${path}`);
    url.search = new URLSearchParams(params).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!res.ok || body.error)
      throw new FacebookSignInError('failed', body.error?.message ?? `Facebook answered ${res.status}`);
    return body;
  }

  /**
   * Finds or creates the account for a Facebook profile: by linked identity, then by email. An existing
   * account is linked by email only when both sides proved the address (the account's email is verified
   * and Facebook vouches for its own); otherwise nothing is linked and the sign-in waits (a pending link,
   * returned as its token) for that account's password.
   */
  async function accountFor(profile: FacebookProfile, caller: Caller): Promise<Found> {
    const linked = await repo.findIdentity(db, 'facebook', profile.id);
    if (linked) {
      const row = await repo.findUserById(db, linked.user_id);
      if (row && !row.disabled_at) return { row };
      if (row?.disabled_at) throw new FacebookSignInError('failed', 'account disabled');
    }
    const email = profile.email ? normalizeEmail(profile.email) : null;
    if (!email || !isValidEmail(email)) throw new FacebookSignInError('email_required');
    const verified = facebookEmailVerified(profile);
    const found = await db.transaction().execute(async (trx) => {
      let row = await repo.findUserByEmail(trx, email);
      if (row?.disabled_at) throw new FacebookSignInError('failed', 'account disabled');
      if (row && !(row.email_verified_at && verified)) {
        const token = base64url(randomBytes(32));
        await repo.insertPendingLink(trx, {
          tokenHash: hashSessionToken(token),
          userId: row.id,
          providerUserId: profile.id,
          email,
          emailVerified: verified,
          expiresAt: new Date(Date.now() + PENDING_LINK_MINUTES * 60_000),
        });
        return { pending: token };
      }
      const created = !row;
      if (!row) {
        const fields = {
          email,
          is_guest: false,
          display_name: profile.name?.slice(0, 120) ?? null,
          email_verified_at: verified ? new Date() : null,
        };
        row = caller.auth?.isGuest
          ? await repo.updateUser(trx, caller.auth.userId, fields)
          : await repo.insertUser(trx, fields);
      }
      await repo.linkIdentity(trx, { provider: 'facebook', providerUserId: profile.id, userId: row.id, email });
      return { row, created };
    });
    if (found.pending !== undefined) return { pending: found.pending };
    if (found.created) await accounts.registered(found.row.id, caller);
    return { row: found.row };
  }

  /** Completes the flow: checks the state, exchanges the code with the verifier, signs in. */
  async function finish(
    query: { code?: string; state?: string; error?: string },
    boundState: string | undefined,
    caller: Caller,
  ) {
    if (!query.state || !boundState || query.state !== boundState) throw new FacebookSignInError('expired');
    const stored = await repo.takeOauthState(db, hashSessionToken(query.state));
    if (!stored) throw new FacebookSignInError('expired');
    if (query.error || !query.code) return { returnTo: stored.return_to, error: new FacebookSignInError('denied') };
    const token = await graph<{ access_token: string }>('/oauth/access_token', {
      client_id: config.appId,
      client_secret: config.appSecret,
      redirect_uri: config.redirectUri,
      code: query.code,
      code_verifier: stored.code_verifier,
    });
    const profile = await graph<FacebookProfile>('/me', { fields: 'id,name,email', access_token: token.access_token });
    if (!profile.id) throw new FacebookSignInError('failed', 'no profile id');
    const found = await accountFor(profile, caller);
    if (found.pending !== undefined) return { returnTo: stored.return_to, pendingLink: found.pending };
    return { returnTo: stored.return_to, session: await accounts.signInAs(found.row, caller) };
  }

  return { start, finish };
}

export type FacebookSignIn = ReturnType<typeof createFacebookSignIn>;
