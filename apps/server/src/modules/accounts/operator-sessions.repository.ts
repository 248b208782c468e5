import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

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
