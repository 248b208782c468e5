import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface OperatorSessionRow {
  sessionId: string;
  userId: string;
  email: string | null;
  role: 'viewer' | 'admin';
  isGuest: boolean;
  passwordAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** A live console session and its account's current role (read on every request). */
export function findActiveOperatorSession(db: Executor, tokenHash: string): Promise<OperatorSessionRow | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.user_id as userId',
      'u.email',
      'u.role',
      'u.is_guest as isGuest',
      's.password_at as passwordAt',
      's.expires_at as expiresAt',
      's.last_seen_at as lastSeenAt',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.kind', '=', 'operator')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
}

export async function insertOperatorSession(
  db: Executor,
  session: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      user_agent: session.userAgent,
      expires_at: session.expiresAt,
      kind: 'operator',
      password_at: new Date(),
    })
    .execute();
}

/** Records that the operator entered the password again just now. */
export async function confirmOperatorPassword(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ password_at: at })
    .where('id', '=', sessionId)
    .where('kind', '=', 'operator')
    .execute();
}

export async function revokeOperatorSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('kind', '=', 'operator')
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every console session of an account (its operator role was removed). */
export async function revokeOperatorSessionsOf(db: Executor, userId: string): Promise<number> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', 'operator')
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length;
}
