import type { Kysely } from 'kysely';
import type { AdminSession } from '@episodic/contract';
import type { OperatorRole } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';
import type { OperatorAuth, OperatorResolver } from '../../http/auth';
import { AppError, fieldProblem, forbidden, invalidInput } from '../../http/errors';
import type { EventBus } from '../../events';
import type { AccountsService } from './accounts.service';
import { normalizeEmail } from './email';
import * as repo from './operator-sessions.repository';
import { findLiveSession, insertSession, touchSession } from './sessions.repository';
import { hashSessionToken, newSessionToken } from './session-tokens';

/** A console session lasts one working day at most; the viewer app's TTL does not apply. */
export const OPERATOR_SESSION_HOURS = 12;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const NO_ACCESS = 'This account has no operator access.';

export interface OperatorSessionsDeps {
  db: Kysely<DB>;
  /** Email and password checks under the sign-in rate limits shared with the viewer app. */
  accounts: Pick<AccountsService, 'checkCredentials'>;
  /** Sign-ins, failed sign-ins and sign-outs are announced for the audit log. */
  events?: EventBus;
}

export interface OperatorCaller {
  ip: string;
  userAgent: string | null;
  /** The console session this browser already holds, if any (replaced on sign-in). */
  current: OperatorAuth | null;
}

function present(op: OperatorAuth & { operatorRole: OperatorRole }): AdminSession {
  return {
    id: op.userId,
    email: op.email,
    role: op.operatorRole,
    passwordConfirmedAt: op.passwordAt.toISOString(),
    expiresAt: op.expiresAt.toISOString(),
  };
}

/** The operator console's sessions: apart from the viewer app's, checked against the account's role on every request. */
export function createOperatorSessions({ db, accounts, events }: OperatorSessionsDeps) {
  events?.emits('operator.session');
  /** A token resolves while its console session is unrevoked and unexpired and its account enabled; the role is read fresh. */
  const resolve: OperatorResolver = async (token) => {
    const found = await findLiveSession(db, hashSessionToken(token), 'operator');
    if (!found?.passwordAt || !found.email || found.isGuest) return null;
    if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // Best effort and off the answer's path: a missed touch only delays "last seen".
      touchSession(db, found.sessionId).catch(() => undefined);
    }
    return {
      userId: found.userId,
      sessionId: found.sessionId,
      email: found.email,
      role: found.role,
      operatorRole: found.operatorRole,
      passwordAt: found.passwordAt,
      expiresAt: found.expiresAt,
    };
  };

  /** Signs an operator in to the console: a new console session (the browser's previous one ends); viewers are refused. */
  async function signIn(
    input: { email: string; password: string },
    caller: OperatorCaller,
  ): Promise<{ session: AdminSession; token: string }> {
    const announce = (outcome: 'signed-in' | 'failed', userId: string | null, reason?: string) =>
      events?.emit('operator.session', {
        outcome,
        userId,
        email: normalizeEmail(input.email).slice(0, 254),
        ip: caller.ip,
        userAgent: caller.userAgent,
        ...(reason ? { reason } : {}),
      });
    let row: Awaited<ReturnType<typeof accounts.checkCredentials>>;
    try {
      row = await accounts.checkCredentials(input, caller);
    } catch (err) {
      // Malformed addresses are field errors of the form, not attempts on an account.
      if (err instanceof AppError && err.code !== 422) await announce('failed', null, err.reason ?? 'refused');
      throw err;
    }
    const operatorRole = row.role === 'admin' && !row.is_guest && row.email ? row.operator_role : null;
    if (!operatorRole || !row.email) {
      await announce('failed', row.id, 'no_operator_access');
      throw forbidden('no_operator_access', NO_ACCESS);
    }
    if (caller.current) await repo.revokeOperatorSession(db, caller.current.sessionId);
    const token = newSessionToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_HOURS * 60 * 60 * 1000);
    await insertSession(db, {
      userId: row.id,
      tokenHash: hashSessionToken(token),
      userAgent: caller.userAgent,
      expiresAt,
      kind: 'operator',
    });
    await announce('signed-in', row.id);
    const email = row.email;
    return {
      session: present({
        userId: row.id,
        sessionId: '',
        email,
        role: 'admin',
        operatorRole,
        passwordAt: now,
        expiresAt,
      }),
      token,
    };
  }

  /** Who is signed in to the console. */
  function current(op: OperatorAuth & { operatorRole: OperatorRole }): AdminSession {
    return present(op);
  }

  /** Checks the operator's password again (same limits as sign-in) and restarts the 15 minutes. */
  async function confirmPassword(
    op: OperatorAuth & { operatorRole: OperatorRole },
    password: string,
    caller: Pick<OperatorCaller, 'ip'>,
  ): Promise<AdminSession> {
    try {
      await accounts.checkCredentials({ email: op.email, password }, caller);
    } catch (err) {
      if (err instanceof AppError && err.code === 401)
        throw invalidInput({ password: fieldProblem('password_wrong', 'This is not your password.') });
      throw err;
    }
    const at = new Date();
    await repo.confirmOperatorPassword(db, op.sessionId, at);
    return present({ ...op, passwordAt: at });
  }

  /** Ends this console session only: the viewer app's session in the same browser stays. */
  async function signOut(op: OperatorAuth | null, caller: Pick<OperatorCaller, 'ip' | 'userAgent'>): Promise<void> {
    if (!op) return;
    await repo.revokeOperatorSession(db, op.sessionId);
    await events?.emit('operator.session', {
      outcome: 'signed-out',
      userId: op.userId,
      email: op.email,
      ip: caller.ip,
      userAgent: caller.userAgent,
    });
  }

  return { resolve, signIn, current, confirmPassword, signOut };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
