import type { AdminUser } from '@episodic/contract';
import { notFound } from '../../http/errors';
import { revokeUnlocks, stopRenewal } from '../billing/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import { findUserEmail } from './users.repository';
import { episodeName } from './user-access.repository';

/**
 * What an operator takes away from a viewer's access on the user page: one unlock, or the
 * membership's auto-renewal. Both are idempotent (done already: nothing changes, nothing is
 * logged again) and audited in the same transaction as the change.
 */
export function createUserAccessService(deps: AdminDeps, getUser: (id: string) => Promise<AdminUser>) {
  const { db } = deps;

  function reasonOf(input: string, why: string): string {
    const reason = input.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', why);
    check.check();
    return reason;
  }

  /** Takes one unlock away: the viewer loses the episode (keys and playlists refuse it); no coins come back. */
  async function revokeUnlock(operator: Operator, userId: string, episodeId: number, input: string) {
    const reason = reasonOf(input, 'Say why the unlock is taken away.');
    await db.transaction().execute(async (trx) => {
      const user = await findUserEmail(trx, userId);
      if (!user) throw notFound('not_found', 'There is no such user.');
      const revoked = await revokeUnlocks(trx, { userId, episodeIds: [episodeId], actorId: operator.userId, reason });
      if (revoked.length === 0) return;
      const episode = await episodeName(trx, episodeId);
      await writeAudit(trx, operator, {
        action: 'user.revoke-unlock',
        targetType: 'user',
        targetId: userId,
        summary: `Took away ${episode} from ${user.email ?? `guest ${userId}`}`,
        before: { unlocked: true, episodeId },
        after: { unlocked: false, episodeId },
        reason,
      });
    });
    return getUser(userId);
  }

  /** Stops auto-renewal as the viewer's own cancel does: the paid period stays until its end. */
  async function stopAutoRenewal(operator: Operator, userId: string, input: string) {
    const reason = reasonOf(input, 'Say why the renewal is stopped.');
    await db.transaction().execute(async (trx) => {
      const user = await findUserEmail(trx, userId);
      if (!user) throw notFound('not_found', 'There is no such user.');
      const stopped = await stopRenewal(trx, userId);
      if (!stopped) return;
      await writeAudit(trx, operator, {
        action: 'user.stop-renewal',
        targetType: 'user',
        targetId: userId,
        summary: `Stopped the auto-renewal of ${user.email ?? `guest ${userId}`}; membership stays until ${stopped.endsAt.toISOString()}`,
        before: { autoRenew: true },
        after: { autoRenew: false, endsAt: stopped.endsAt.toISOString() },
        reason,
      });
    });
    return getUser(userId);
  }

  return { revokeUnlock, stopAutoRenewal };
}

export type UserAccessService = ReturnType<typeof createUserAccessService>;
