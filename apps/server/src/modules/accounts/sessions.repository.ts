import type { Kysely, Transaction } from 'kysely';
import type { OperatorRole } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The viewer app's sessions and the operator console's live in one table, told apart by their kind. */
export type SessionKind = 'viewer' | 'operator';

export interface LiveSession {
  sessionId: string;
  userId: string;
  email: string | null;
  role: 'viewer' | 'admin';
  /** The console role of an operator (null for everyone else). */
  operatorRole: OperatorRole | null;
  isGuest: boolean;
  /** When the operator last entered the password (console sessions only). */
  passwordAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * A session of the given kind by its token's hash while it is unrevoked and unexpired and its user not
 * disabled, with the user's current role (read on every request). An operator's console session never
 * opens the viewer API, as a viewer's never opens the console's.
 */
export function findLiveSession(db: Executor, tokenHash: string, kind: SessionKind): Promise<LiveSession | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.user_id as userId',
      'u.email',
      'u.role',
      'u.operator_role as operatorRole',
      'u.is_guest as isGuest',
      's.password_at as passwordAt',
      's.expires_at as expiresAt',
      's.last_seen_at as lastSeenAt',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.kind', '=', kind)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
}

/** Starts a session; a console session starts with its password just entered. Answers the session's id. */
export async function insertSession(
  db: Executor,
  session: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date; kind?: SessionKind },
): Promise<string> {
  const operator = session.kind === 'operator';
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      user_agent: session.userAgent,
      expires_at: session.expiresAt,
      ...(operator ? { kind: 'operator' as const, password_at: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute();
}
