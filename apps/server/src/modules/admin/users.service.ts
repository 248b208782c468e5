import type { AdminGrantInput, AdminMembership, AdminPage, AdminUser, AdminUserSummary } from '@episodic/contract';
import { OPERATOR_ROLE_NAMES, type OperatorRole } from '@episodic/contract/constants';
import { conflict, forbidden, notFound } from '../../http/errors';
import { lockActiveOwners, setOperatorRole } from './team.repository';
import { assertOwnerRemains } from './team-rules';
import { revokeOperatorSessionsOf, revokePasswordResets } from '../accounts/index';
import { appendLedgerEntry, grantMembershipTime } from '../billing/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import { attributionOf, findOrders } from './orders.repository';
import {
  countSessionsAndFavorites,
  findGrant,
  findMembership,
  findUserEmail,
  findUserSummary,
  insertGrant,
  latestHistory,
  latestLedgerEntries,
  latestUnlocks,
  lockUser,
  membershipPlans,
  orderTouches,
  revokeSessionsOf,
  searchUserRows,
  setUserDisabledAt,
  type SummaryRow,
  type UserFilter,
  type UserOrder,
} from './users.repository';
import { batches } from './csv';

export type { UserFilter };

function summaryDto(r: SummaryRow): AdminUserSummary {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    isGuest: r.is_guest,
    language: r.language,
    createdAt: r.created_at.toISOString(),
    lastSeenAt: r.last_seen_at?.toISOString() ?? null,
    disabledAt: r.disabled_at?.toISOString() ?? null,
    coins: r.coins ?? 0,
    member: r.member,
    paidOrders: Number(r.paid_orders),
  };
}

/** Viewers and operators: search, everything about one account, grants, and disabling an account. */
export function createUsersService(deps: AdminDeps) {
  const { db } = deps;

  async function searchUsers(
    q: UserOrder & { page: number; pageSize: number; q?: string; filter?: UserFilter },
  ): Promise<AdminPage<AdminUserSummary>> {
    const text = q.q?.trim();
    const filter = q.filter ?? 'registered';
    const rows = await searchUserRows(db, text, filter, (q.page - 1) * q.pageSize, q.pageSize + 1, q);
    return {
      items: rows.slice(0, q.pageSize).map(summaryDto),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
      total: rows[0] ? Number(rows[0].total) : 0,
    };
  }

  /** Every account the search finds, in the list's order, a batch at a time (for the CSV download). */
  function exportUsers(q: UserOrder & { q?: string; filter?: UserFilter }): AsyncIterable<AdminUserSummary> {
    const text = q.q?.trim();
    return batches(async (offset, limit) =>
      (await searchUserRows(db, text, q.filter ?? 'registered', offset, limit, q)).map(summaryDto),
    );
  }

  async function membershipOf(userId: string): Promise<AdminMembership> {
    const m = await findMembership(db, userId);
    if (!m) return { active: false, planId: null, status: null, endsAt: null, autoRenew: false, cancelledAt: null };
    return {
      active: m.status === 'active' && m.current_period_end > new Date(),
      planId: m.plan_id,
      status: m.status,
      endsAt: m.current_period_end.toISOString(),
      autoRenew: m.auto_renew,
      cancelledAt: m.cancelled_at?.toISOString() ?? null,
    };
  }

  /** One account with its money, orders, unlocks, watch history and where it came from. */
  async function getUser(id: string): Promise<AdminUser> {
    const row = await findUserSummary(db, id);
    if (!row) throw notFound('not_found', 'There is no such user.');
    const [membership, orders, ledger, unlocks, history, counts] = await Promise.all([
      membershipOf(id),
      findOrders(db, { userId: id }, 0, 50),
      latestLedgerEntries(db, id),
      latestUnlocks(db, id),
      latestHistory(db, id),
      countSessionsAndFavorites(db, id),
    ]);
    const touchRows = await orderTouches(db, id);
    const touches = touchRows
      .map((o) => ({ ...attributionOf(o.attribution), orderId: o.id, at: o.created_at.toISOString() }))
      .filter((t) => t.source !== 'organic');
    return {
      ...summaryDto(row),
      membership,
      activeSessions: Number(counts?.sessions ?? 0),
      favorites: Number(counts?.favorites ?? 0),
      orders: orders.items,
      ledger: ledger.map((l) => ({
        id: Number(l.id),
        delta: l.delta,
        kind: l.kind,
        reason: l.reason,
        orderId: l.order_id,
        episodeId: l.episode_id,
        at: l.created_at.toISOString(),
      })),
      unlocks: unlocks.map((u) => ({
        episodeId: u.episode_id,
        seriesId: u.series_id,
        seriesTitle: u.title,
        episodeNumber: u.number,
        source: u.source,
        at: u.created_at.toISOString(),
      })),
      history: history.map((h) => ({
        seriesId: h.series_id,
        seriesTitle: h.title,
        episodeId: h.episode_id,
        episodeNumber: h.number,
        position: Math.round(h.position_ms / 100) / 10,
        finished: h.finished,
        at: h.updated_at.toISOString(),
      })),
      attribution: { firstSource: touchRows.length === 0 ? null : (touches[0]?.source ?? 'organic'), touches },
    };
  }

  /** Disables an account and ends every one of its sessions and reset links at once; it can no longer sign in. */
  async function disableUser(operator: Operator, id: string, reasonInput: string): Promise<AdminUser> {
    const reason = reasonInput.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', 'Say why the account is disabled.');
    check.check();
    if (id === operator.userId) throw conflict('not_allowed_now', 'You cannot disable your own account.');
    await db.transaction().execute(async (trx) => {
      // Owners first, then the account: the order every team change locks in (team.service.ts).
      await lockActiveOwners(trx);
      const user = await lockUser(trx, id);
      if (!user) throw notFound('not_found', 'There is no such user.');
      if (user.disabled_at) return;
      if (user.role === 'admin') {
        if (operator.role !== 'owner')
          throw forbidden('no_operator_access', 'Only an owner can disable an operator. Ask an owner (Team page).');
        await assertOwnerRemains(trx, id);
      }
      const now = new Date();
      await setUserDisabledAt(trx, id, now, now);
      const ended = await revokeSessionsOf(trx, id, now);
      // A reset link would otherwise outlive the disable: enabled again, the account's old link still worked.
      await revokePasswordResets(trx, id);
      await writeAudit(trx, operator, {
        action: 'user.disable',
        targetType: 'user',
        targetId: id,
        summary: `Disabled ${user.email ?? `guest ${id}`} and ended ${ended} session${ended === 1 ? '' : 's'}`,
        before: { disabledAt: null },
        after: { disabledAt: now.toISOString(), sessionsEnded: ended },
        reason,
      });
    });
    return getUser(id);
  }

  /** Lets a disabled account sign in again (its old sessions stay ended). */
  async function enableUser(operator: Operator, id: string, reasonInput: string): Promise<AdminUser> {
    const reason = reasonInput.trim();
    await db.transaction().execute(async (trx) => {
      const user = await lockUser(trx, id);
      if (!user) throw notFound('not_found', 'There is no such user.');
      if (!user.disabled_at) return;
      await setUserDisabledAt(trx, id, null, new Date());
      await writeAudit(trx, operator, {
        action: 'user.enable',
        targetType: 'user',
        targetId: id,
        summary: `Enabled ${user.email ?? `guest ${id}`} again`,
        before: { disabledAt: user.disabled_at.toISOString() },
        after: { disabledAt: null },
        reason: reason || null,
      });
    });
    return getUser(id);
  }

  /**
   * Gives or removes operator access. Removing it ends the account's console sessions in the same
   * transaction (the viewer app's stay); an operator cannot change their own role, nor make a guest one.
   */
  async function setRole(
    operator: Operator,
    id: string,
    role: 'admin' | 'viewer',
    reasonInput: string,
    operatorRole: OperatorRole = 'content',
  ): Promise<AdminUser> {
    const reason = reasonInput.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', 'Say why the access changes.');
    check.check();
    if (id === operator.userId) throw conflict('not_allowed_now', 'You cannot change your own operator access.');
    await db.transaction().execute(async (trx) => {
      await lockActiveOwners(trx);
      const user = await lockUser(trx, id);
      if (!user) throw notFound('not_found', 'There is no such user.');
      if (user.role === role) return;
      if (role === 'admin' && (user.is_guest || !user.email))
        throw conflict('not_allowed_now', 'A guest cannot be given operator access; the account must be registered.');
      if (role === 'viewer') await assertOwnerRemains(trx, id);
      const now = new Date();
      // Given here, access starts with the narrowest role unless one is chosen; the Team page changes it.
      await setOperatorRole(trx, id, role === 'admin' ? operatorRole : null, now);
      const ended = role === 'viewer' ? await revokeOperatorSessionsOf(trx, id) : 0;
      await writeAudit(trx, operator, {
        action: role === 'admin' ? 'user.grant-operator' : 'user.revoke-operator',
        targetType: 'user',
        targetId: id,
        summary:
          role === 'admin'
            ? `Gave ${user.email ?? id} operator access as ${OPERATOR_ROLE_NAMES[operatorRole]}`
            : `Removed operator access from ${user.email ?? id} and ended ${ended} console session${ended === 1 ? '' : 's'}`,
        before: { role: user.role },
        after: { role, ...(role === 'viewer' ? { consoleSessionsEnded: ended } : { operatorRole }) },
        reason,
      });
    });
    return getUser(id);
  }

  /**
   * Gives coins (a `grant` entry in the coin ledger) or membership days, with a reason. The
   * console's request id makes it idempotent: the same form sent twice, or at once, grants once.
   */
  async function grant(operator: Operator, userId: string, input: AdminGrantInput): Promise<AdminUser> {
    // Nobody gives themselves what viewers pay for, as nobody changes their own role: another operator does.
    if (userId === operator.userId)
      throw conflict(
        'not_allowed_now',
        'You cannot give coins or membership to your own account. Ask another operator.',
      );
    const reason = input.reason.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', 'Say why (the user and other operators will see it).');
    if (input.kind === 'coins' && !input.coins) check.add('coins', 'required', 'Enter how many coins.');
    if (input.kind === 'membership' && !input.days) check.add('days', 'required', 'Enter how many days.');
    let planId = input.planId;
    if (input.kind === 'membership') {
      const plans = await membershipPlans(db);
      planId ??= (plans.find((p) => p.active) ?? plans[0])?.id;
      if (!planId || !plans.some((p) => p.id === planId)) check.add('planId', 'required', 'Choose a membership plan.');
    }
    check.check();
    await db.transaction().execute(async (trx) => {
      const user = await findUserEmail(trx, userId);
      if (!user) throw notFound('not_found', 'There is no such user.');
      const inserted = await insertGrant(trx, {
        id: input.requestId,
        userId,
        kind: input.kind,
        coins: input.kind === 'coins' ? input.coins! : null,
        days: input.kind === 'membership' ? input.days! : null,
        planId: input.kind === 'membership' ? planId! : null,
        reason,
        actorId: operator.userId,
      });
      if (!inserted) {
        // The same form sent again is answered as done; the id reused for another user or other
        // terms (an edited amount) is refused, never applied as if it were the first.
        const earlier = await findGrant(trx, input.requestId);
        const same =
          earlier.user_id === userId &&
          earlier.kind === input.kind &&
          (input.kind === 'coins'
            ? earlier.coins === input.coins
            : earlier.days === input.days && (input.planId === undefined || earlier.plan_id === input.planId));
        if (!same)
          throw conflict('already_used', 'This grant was already used for something else: reload and try again.');
        return;
      }
      const who = user.email ?? `guest ${userId}`;
      if (input.kind === 'coins') {
        const { balance } = await appendLedgerEntry(trx, {
          userId,
          delta: input.coins!,
          kind: 'grant',
          key: `grant:${input.requestId}`,
          reason,
        });
        await writeAudit(trx, operator, {
          action: 'user.grant-coins',
          targetType: 'user',
          targetId: userId,
          summary: `Gave ${input.coins} coins to ${who}`,
          before: { coins: balance - input.coins! },
          after: { coins: balance },
          reason,
        });
      } else {
        const { endsAt, before } = await grantMembershipTime(trx, { userId, planId: planId!, days: input.days! });
        await writeAudit(trx, operator, {
          action: 'user.grant-membership',
          targetType: 'user',
          targetId: userId,
          summary: `Gave ${input.days} days of membership to ${who}`,
          before: before ? { status: before.status, endsAt: before.endsAt.toISOString() } : null,
          after: { status: 'active', endsAt: endsAt.toISOString(), planId },
          reason,
        });
      }
    });
    return getUser(userId);
  }

  return { searchUsers, exportUsers, getUser, disableUser, enableUser, setRole, grant };
}

export type UsersService = ReturnType<typeof createUsersService>;
