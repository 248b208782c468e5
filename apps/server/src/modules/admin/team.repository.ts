import { sql, type Kysely, type Transaction } from 'kysely';
import type { OperatorRole } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface MemberRow {
  id: string;
  email: string;
  operator_role: OperatorRole;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
}

/** Every operator, owners first, with the start of their latest console session. */
export async function listMembers(db: Executor): Promise<MemberRow[]> {
  const { rows } = await sql<MemberRow>`
    SELECT u.id, u.email, u.operator_role, u.disabled_at,
      (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id AND s.kind = 'operator') AS last_sign_in_at
    FROM users u
    WHERE u.role = 'admin' AND u.email IS NOT NULL
    ORDER BY (u.operator_role = 'owner') DESC, lower(u.email)`.execute(db);
  return rows;
}

export interface InvitationRow {
  id: string;
  email: string;
  operator_role: OperatorRole;
  invited_by_email: string | null;
  created_at: Date;
  expires_at: Date;
}

/** Invitations still usable: not accepted, withdrawn or expired. */
export async function listOpenInvitations(db: Executor, now: Date): Promise<InvitationRow[]> {
  const { rows } = await sql<InvitationRow>`
    SELECT i.id, i.email, i.operator_role, u.email AS invited_by_email, i.created_at, i.expires_at
    FROM operator_invitations i LEFT JOIN users u ON u.id = i.invited_by
    WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ${now}
    ORDER BY i.created_at DESC`.execute(db);
  return rows;
}

/** An operator's row, locked for a change of role or status. */
export function lockMember(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'operator_role', 'disabled_at', 'is_guest'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Locks every enabled owner's row (in id order, so two changes lock them in the same order and the
 * second waits for the first) and answers their ids: the last-owner rule reads this under the locks.
 */
export async function lockActiveOwners(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('operator_role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function setOperatorRole(db: Executor, id: string, role: OperatorRole | null, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: role ? 'admin' : 'viewer', operator_role: role, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setDisabled(db: Executor, id: string, disabledAt: Date | null, now: Date): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt, updated_at: now }).where('id', '=', id).execute();
}

/** Withdraws the open invitation of an address, if any; answers whether one was open. */
export async function revokeOpenInvitation(db: Executor, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .updateTable('operator_invitations')
    .set({ revoked_at: now })
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function revokeInvitationById(db: Executor, id: string, now: Date) {
  return db
    .updateTable('operator_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['id', 'email', 'operator_role'])
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Executor,
  i: { email: string; role: OperatorRole; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('operator_invitations')
    .values({
      email: i.email,
      operator_role: i.role,
      token_hash: i.tokenHash,
      invited_by: i.invitedBy,
      expires_at: i.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An invitation by its token's hash, whatever its state (locked when accepting). */
export function findInvitation(db: Executor, tokenHash: string, lock = false) {
  const q = db
    .selectFrom('operator_invitations')
    .select(['id', 'email', 'operator_role', 'expires_at', 'accepted_at', 'revoked_at', 'invited_by'])
    .where('token_hash', '=', tokenHash);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export async function markAccepted(db: Executor, id: string, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', id)
    .execute();
}

/** The account of an address (registered or not), locked. */
export function lockAccountByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'operator_role', 'is_guest', 'password_hash', 'disabled_at', 'email_verified_at'])
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
}

export function findAccountByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'is_guest', 'password_hash', 'disabled_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function makeOperator(
  db: Executor,
  id: string,
  changes: { role: OperatorRole; passwordHash?: string; verifiedAt: Date | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      role: 'admin',
      operator_role: changes.role,
      is_guest: false,
      email_verified_at: changes.verifiedAt,
      updated_at: now,
      ...(changes.passwordHash ? { password_hash: changes.passwordHash } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function insertOperator(
  db: Executor,
  u: { email: string; role: OperatorRole; passwordHash: string; now: Date },
): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: u.email,
      password_hash: u.passwordHash,
      is_guest: false,
      role: 'admin',
      operator_role: u.role,
      email_verified_at: u.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function emailOf(db: Executor, id: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
  return row?.email ?? null;
}
