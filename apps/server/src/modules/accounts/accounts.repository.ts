import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function revokeSession(db: Executor, sessionId: string): Promise<boolean> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Marks an account's email verified (kept at its first proof). */
export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())) }))
    .where('id', '=', userId)
    .where('email', 'is not', null)
    .execute();
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
      .set({
        role: 'admin',
        // The command line is how a locked-out business gets an owner back: it always makes one.
        operator_role: 'owner',
        is_guest: false,
        updated_at: new Date(),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return insertUser(db, { email, password_hash: passwordHash, is_guest: false, role: 'admin', operator_role: 'owner' });
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<{
    email: string;
    password_hash: string;
    is_guest: boolean;
    language: string;
    auto_unlock: boolean;
    display_name: string | null;
    disabled_at: Date | null;
    email_verified_at: Date | null;
  }>,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes every session of a user, except one when given. */
export async function revokeAllSessions(db: Executor, userId: string, exceptSessionId?: string): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
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

export async function insertPasswordReset(
  db: Executor,
  reset: { userId: string; tokenHash: string; expiresAt: Date; email?: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: reset.userId,
      token_hash: reset.tokenHash,
      expires_at: reset.expiresAt,
      email: reset.email ?? null,
    })
    .execute();
}

/**
 * Marks a reset token used if it is unused, unexpired and its account not disabled; returns its user
 * (once only, also under races).
 */
export async function consumePasswordReset(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; email: string | null } | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('user_id', 'in', (q) => q.selectFrom('users').select('id').where('disabled_at', 'is', null))
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email };
}

/**
 * A reset link that would still work, read without using it: unused, unexpired, of an enabled account;
 * with the account's guest state and address, which a purchase's link is checked against.
 */
export async function findUsablePasswordReset(
  db: Executor,
  tokenHash: string,
): Promise<{ email: string | null; userEmail: string | null; isGuest: boolean } | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.email', 'users.email as user_email', 'users.is_guest'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', new Date())
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row && { email: row.email, userEmail: row.user_email, isGuest: row.is_guest };
}

/** Ends every outstanding reset link of an account (a newer link, a reset, a password change, a disable). */
export async function revokePasswordResets(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function insertEmailVerification(
  db: Executor,
  link: { userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  // Only the newest link of an account works: an older email left in an inbox proves nothing more.
  await db.deleteFrom('email_verifications').where('user_id', '=', link.userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('email_verifications')
    .values({ user_id: link.userId, email: link.email, token_hash: link.tokenHash, expires_at: link.expiresAt })
    .execute();
}

/**
 * Uses a verification link once and marks the email verified, if the account still has the address the
 * link was sent to. Returns the account's id, or nothing for an unknown, used or expired link.
 */
export async function consumeEmailVerification(db: Executor, tokenHash: string): Promise<string | undefined> {
  const link = await db
    .updateTable('email_verifications')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  if (!link) return undefined;
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())),
      updated_at: new Date(),
    }))
    .where('id', '=', link.user_id)
    .where('email', '=', link.email)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertPendingLink(
  db: Executor,
  link: {
    tokenHash: string;
    userId: string;
    providerUserId: string;
    email: string;
    emailVerified: boolean;
    expiresAt: Date;
  },
): Promise<void> {
  await db.deleteFrom('pending_links').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('pending_links')
    .values({
      token_hash: link.tokenHash,
      user_id: link.userId,
      provider: 'facebook',
      provider_user_id: link.providerUserId,
      email: link.email,
      email_verified: link.emailVerified,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** Takes a pending link once (deleted as it is read); expired ones are never returned. */
export function takePendingLink(db: Executor, tokenHash: string) {
  return db
    .deleteFrom('pending_links')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'provider', 'provider_user_id', 'email', 'email_verified'])
    .executeTakeFirst();
}

export function findIdentity(db: Executor, provider: 'facebook', providerUserId: string) {
  return db
    .selectFrom('user_identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function linkIdentity(
  db: Executor,
  identity: { provider: 'facebook'; providerUserId: string; userId: string; email: string | null },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      provider: identity.provider,
      provider_user_id: identity.providerUserId,
      user_id: identity.userId,
      email: identity.email,
    })
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_user_id']).doUpdateSet({ user_id: identity.userId, email: identity.email }),
    )
    .execute();
}

export async function insertOauthState(
  db: Executor,
  state: { stateHash: string; codeVerifier: string; returnTo: string; expiresAt: Date },
): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: state.stateHash,
      code_verifier: state.codeVerifier,
      return_to: state.returnTo,
      expires_at: state.expiresAt,
    })
    .execute();
}

/** Takes a state once: it is deleted as it is read, so a replayed callback finds nothing. */
export function takeOauthState(db: Executor, stateHash: string) {
  return db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', stateHash)
    .where('expires_at', '>', new Date())
    .returning(['code_verifier', 'return_to'])
    .executeTakeFirst();
}

/**
 * Deletes up to `batch` unused guests (see account-retention.ts), skipping rows locked elsewhere, and
 * counts them as the visitors they were by the day they arrived; returns how many went.
 */
export async function purgeGuestBatch(db: Kysely<DB>, guestDays: number, batch: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH deleted AS (DELETE FROM users WHERE id IN (
      SELECT u.id FROM users u
      WHERE u.is_guest AND u.created_at < now() - make_interval(days => ${guestDays})
        AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.last_seen_at >= now() - make_interval(days => ${guestDays}))
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM coin_ledger l WHERE l.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM payment_methods p WHERE p.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM unlocks x WHERE x.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = u.id)
      ORDER BY u.created_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING created_at)
    INSERT INTO purged_guests (day, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM deleted GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET n = purged_guests.n + excluded.n
    RETURNING (SELECT count(*) FROM deleted)::int AS n`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Deletes up to `batch` expired sessions and sessions revoked `revokedKeptDays` ago; returns how many went. */
export async function purgeSessionBatch(db: Kysely<DB>, revokedKeptDays: number, batch: number): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    DELETE FROM sessions WHERE id IN (
      SELECT id FROM sessions
      WHERE expires_at < now() OR revoked_at < now() - make_interval(days => ${revokedKeptDays})
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`.execute(db);
  return rows.length;
}

/** A viewer's sessions, newest first, for their data download. */
export function sessionsOf(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function identitiesOf(db: Executor, userId: string) {
  return db
    .selectFrom('user_identities')
    .select(['provider', 'email', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}
