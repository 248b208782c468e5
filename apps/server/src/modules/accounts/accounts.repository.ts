import type { Kysely, Transaction } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface SessionWithUser {
  sessionId: string;
  userId: string;
  role: 'viewer' | 'admin';
  isGuest: boolean;
  lastSeenAt: Date;
}

export function findActiveSession(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 's.user_id as userId', 'u.role', 'u.is_guest as isGuest', 's.last_seen_at as lastSeenAt'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute();
}

export function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function insertSession(
  db: Executor,
  session: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: session.userId, token_hash: session.tokenHash, user_agent: session.userAgent, expires_at: session.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function upsertAdmin(db: Executor, email: string, passwordHash: string | null): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    return db
      .updateTable('users')
      .set({ role: 'admin', is_guest: false, updated_at: new Date(), ...(passwordHash ? { password_hash: passwordHash } : {}) })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return insertUser(db, { email, password_hash: passwordHash, is_guest: false, role: 'admin' });
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<{ email: string; password_hash: string; is_guest: boolean; language: string; auto_unlock: boolean; display_name: string | null; disabled_at: Date | null }>,
): Promise<UserRow> {
  return db.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Revokes every session of a user, except one when given. */
export async function revokeAllSessions(db: Executor, userId: string, exceptSessionId?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/**
 * Locks users' rows (in id order, so two merges never wait on each other crosswise). Every coin
 * movement holds its user's row in share mode (coin-ledger.ts), so a merge waits for the movements
 * running on either account, and movements started meanwhile wait for the merge.
 */
export async function lockUsers(db: Executor, ids: string[]): Promise<void> {
  await db.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function insertPasswordReset(db: Executor, reset: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('password_resets').values({ user_id: reset.userId, token_hash: reset.tokenHash, expires_at: reset.expiresAt }).execute();
}

/** Marks a reset token used if it is unused and unexpired; returns its user (once only, also under races). */
export async function consumePasswordReset(db: Executor, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export function findIdentity(db: Executor, provider: 'facebook', providerUserId: string) {
  return db.selectFrom('user_identities').selectAll().where('provider', '=', provider).where('provider_user_id', '=', providerUserId).executeTakeFirst();
}

export async function linkIdentity(db: Executor, identity: { provider: 'facebook'; providerUserId: string; userId: string; email: string | null }): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({ provider: identity.provider, provider_user_id: identity.providerUserId, user_id: identity.userId, email: identity.email })
    .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doUpdateSet({ user_id: identity.userId, email: identity.email }))
    .execute();
}

export async function insertOauthState(db: Executor, state: { stateHash: string; codeVerifier: string; returnTo: string; expiresAt: Date }): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute();
  await db.insertInto('oauth_states').values({ state_hash: state.stateHash, code_verifier: state.codeVerifier, return_to: state.returnTo, expires_at: state.expiresAt }).execute();
}

/** Takes a state once: it is deleted as it is read, so a replayed callback finds nothing. */
export function takeOauthState(db: Executor, stateHash: string) {
  return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).where('expires_at', '>', new Date()).returning(['code_verifier', 'return_to']).executeTakeFirst();
}
