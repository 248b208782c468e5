import { sql } from 'kysely';
import type { AdminGrantInput, AdminMembership, AdminPage, AdminUser, AdminUserSummary } from '@episodic/contract';
import { conflict, notFound } from '../../http/errors';
import { revokeOperatorSessionsOf, revokePasswordResets } from '../accounts/index';
import { appendLedgerEntry, grantMembershipTime } from '../billing/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import { attributionOf, findOrders } from './orders.repository';

export type UserFilter = 'registered' | 'all' | 'guests' | 'admins' | 'disabled' | 'members';

interface SummaryRow {
  id: string;
  email: string | null;
  role: string;
  is_guest: boolean;
  language: string;
  created_at: Date;
  disabled_at: Date | null;
  last_seen_at: Date | null;
  coins: number | null;
  member: boolean;
  paid_orders: number;
  total: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const like = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaryColumns = sql`
  u.id, u.email, u.role, u.is_guest, u.language, u.created_at, u.disabled_at,
  (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id) AS last_seen_at,
  (SELECT b.balance FROM coin_balances b WHERE b.user_id = u.id) AS coins,
  EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.status = 'active' AND m.current_period_end > now()) AS member,
  (SELECT count(*) FROM orders o WHERE o.user_id = u.id AND o.status = 'paid') AS paid_orders`;

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

  async function searchUsers(q: { page: number; pageSize: number; q?: string; filter?: UserFilter }): Promise<AdminPage<AdminUserSummary>> {
    const text = q.q?.trim();
    const filter = q.filter ?? 'registered';
    const conditions = [sql`true`];
    if (text) conditions.push(UUID.test(text) ? sql`u.id = ${text}::uuid` : sql`lower(u.email) LIKE ${like(text)}`);
    if (filter === 'registered') conditions.push(sql`NOT u.is_guest`);
    if (filter === 'guests') conditions.push(sql`u.is_guest`);
    if (filter === 'admins') conditions.push(sql`u.role = 'admin'`);
    if (filter === 'disabled') conditions.push(sql`u.disabled_at IS NOT NULL`);
    if (filter === 'members') conditions.push(sql`EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.status = 'active' AND m.current_period_end > now())`);
    const { rows } = await sql<SummaryRow>`
      SELECT ${summaryColumns}, count(*) OVER () AS total
      FROM users u WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY u.created_at DESC, u.id
      OFFSET ${(q.page - 1) * q.pageSize} LIMIT ${q.pageSize + 1}`.execute(db);
    return { items: rows.slice(0, q.pageSize).map(summaryDto), page: q.page, pageSize: q.pageSize, hasMore: rows.length > q.pageSize, total: rows[0] ? Number(rows[0].total) : 0 };
  }

  async function membershipOf(userId: string): Promise<AdminMembership> {
    const m = await db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
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
    const { rows } = await sql<SummaryRow>`SELECT ${summaryColumns}, 1 AS total FROM users u WHERE u.id = ${id}::uuid`.execute(db);
    const row = rows[0];
    if (!row) throw notFound('not_found', 'There is no such user.');
    const [membership, orders, ledger, unlocks, history, counts] = await Promise.all([
      membershipOf(id),
      findOrders(db, { userId: id }, 0, 50),
      db.selectFrom('coin_ledger').selectAll().where('user_id', '=', id).orderBy('id', 'desc').limit(50).execute(),
      sql<{ episode_id: number; series_id: number; title: string; number: number; source: string; created_at: Date }>`
        SELECT un.episode_id, e.series_id, e.number, un.source, un.created_at, COALESCE(t.title, '(untitled)') AS title
        FROM unlocks un JOIN episodes e ON e.id = un.episode_id
        LEFT JOIN series_translations t ON t.series_id = e.series_id AND t.language = 'en'
        WHERE un.user_id = ${id}::uuid ORDER BY un.created_at DESC, un.episode_id LIMIT 100`.execute(db),
      sql<{ series_id: number; title: string; episode_id: number; number: number; position_ms: number; finished: boolean; updated_at: Date }>`
        SELECT h.series_id, h.episode_id, e.number, h.position_ms, h.finished, h.updated_at, COALESCE(t.title, '(untitled)') AS title
        FROM watch_history h JOIN episodes e ON e.id = h.episode_id
        LEFT JOIN series_translations t ON t.series_id = h.series_id AND t.language = 'en'
        WHERE h.user_id = ${id}::uuid ORDER BY h.updated_at DESC LIMIT 50`.execute(db),
      sql<{ sessions: number; favorites: number }>`
        SELECT (SELECT count(*) FROM sessions s WHERE s.user_id = ${id}::uuid AND s.revoked_at IS NULL AND s.expires_at > now()) AS sessions,
          (SELECT count(*) FROM favorites f WHERE f.user_id = ${id}::uuid) AS favorites`.execute(db),
    ]);
    const touchRows = await db.selectFrom('orders').select(['id', 'attribution', 'created_at']).where('user_id', '=', id).where('attribution', 'is not', null).orderBy('created_at').limit(50).execute();
    const touches = touchRows
      .map((o) => ({ ...attributionOf(o.attribution), orderId: o.id, at: o.created_at.toISOString() }))
      .filter((t) => t.source !== 'organic');
    return {
      ...summaryDto(row),
      membership,
      activeSessions: Number(counts.rows[0]?.sessions ?? 0),
      favorites: Number(counts.rows[0]?.favorites ?? 0),
      orders: orders.items,
      ledger: ledger.map((l) => ({ id: Number(l.id), delta: l.delta, kind: l.kind, reason: l.reason, orderId: l.order_id, episodeId: l.episode_id, at: l.created_at.toISOString() })),
      unlocks: unlocks.rows.map((u) => ({ episodeId: u.episode_id, seriesId: u.series_id, seriesTitle: u.title, episodeNumber: u.number, source: u.source, at: u.created_at.toISOString() })),
      history: history.rows.map((h) => ({
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
      const user = await trx.selectFrom('users').select(['id', 'email', 'disabled_at']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!user) throw notFound('not_found', 'There is no such user.');
      if (user.disabled_at) return;
      const now = new Date();
      await trx.updateTable('users').set({ disabled_at: now, updated_at: now }).where('id', '=', id).execute();
      const ended = await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).returning('id').execute();
      // A reset link would otherwise outlive the disable: enabled again, the account's old link still worked.
      await revokePasswordResets(trx, id);
      await writeAudit(trx, operator, {
        action: 'user.disable',
        targetType: 'user',
        targetId: id,
        summary: `Disabled ${user.email ?? `guest ${id}`} and ended ${ended.length} session${ended.length === 1 ? '' : 's'}`,
        before: { disabledAt: null },
        after: { disabledAt: now.toISOString(), sessionsEnded: ended.length },
        reason,
      });
    });
    return getUser(id);
  }

  /** Lets a disabled account sign in again (its old sessions stay ended). */
  async function enableUser(operator: Operator, id: string, reasonInput: string): Promise<AdminUser> {
    const reason = reasonInput.trim();
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'email', 'disabled_at']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!user) throw notFound('not_found', 'There is no such user.');
      if (!user.disabled_at) return;
      await trx.updateTable('users').set({ disabled_at: null, updated_at: new Date() }).where('id', '=', id).execute();
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
  async function setRole(operator: Operator, id: string, role: 'admin' | 'viewer', reasonInput: string): Promise<AdminUser> {
    const reason = reasonInput.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', 'Say why the access changes.');
    check.check();
    if (id === operator.userId) throw conflict('not_allowed_now', 'You cannot change your own operator access.');
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'email', 'role', 'is_guest']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!user) throw notFound('not_found', 'There is no such user.');
      if (user.role === role) return;
      if (role === 'admin' && (user.is_guest || !user.email)) throw conflict('not_allowed_now', 'A guest cannot be given operator access; the account must be registered.');
      const now = new Date();
      await trx.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
      const ended = role === 'viewer' ? await revokeOperatorSessionsOf(trx, id) : 0;
      await writeAudit(trx, operator, {
        action: role === 'admin' ? 'user.grant-operator' : 'user.revoke-operator',
        targetType: 'user',
        targetId: id,
        summary:
          role === 'admin'
            ? `Gave ${user.email ?? id} operator access`
            : `Removed operator access from ${user.email ?? id} and ended ${ended} console session${ended === 1 ? '' : 's'}`,
        before: { role: user.role },
        after: { role, ...(role === 'viewer' ? { consoleSessionsEnded: ended } : {}) },
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
    const reason = input.reason.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', 'Say why (the user and other operators will see it).');
    if (input.kind === 'coins' && !input.coins) check.add('coins', 'required', 'Enter how many coins.');
    if (input.kind === 'membership' && !input.days) check.add('days', 'required', 'Enter how many days.');
    let planId = input.planId;
    if (input.kind === 'membership') {
      const plans = await db.selectFrom('plans').select(['id', 'active']).where('kind', '=', 'membership').orderBy('position').execute();
      planId ??= (plans.find((p) => p.active) ?? plans[0])?.id;
      if (!planId || !plans.some((p) => p.id === planId)) check.add('planId', 'required', 'Choose a membership plan.');
    }
    check.check();
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound('not_found', 'There is no such user.');
      const inserted = await trx
        .insertInto('grants')
        .values({
          id: input.requestId,
          user_id: userId,
          kind: input.kind,
          coins: input.kind === 'coins' ? input.coins! : null,
          days: input.kind === 'membership' ? input.days! : null,
          plan_id: input.kind === 'membership' ? planId! : null,
          reason,
          actor_id: operator.userId,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const earlier = await trx.selectFrom('grants').select(['user_id', 'kind']).where('id', '=', input.requestId).executeTakeFirstOrThrow();
        if (earlier.user_id !== userId || earlier.kind !== input.kind) throw conflict('already_used', 'This grant was already used for something else: reload and try again.');
        return;
      }
      const who = user.email ?? `guest ${userId}`;
      if (input.kind === 'coins') {
        const { balance } = await appendLedgerEntry(trx, { userId, delta: input.coins!, kind: 'grant', key: `grant:${input.requestId}`, reason });
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
        const before = await trx.selectFrom('memberships').select(['status', 'current_period_end']).where('user_id', '=', userId).executeTakeFirst();
        const { endsAt } = await grantMembershipTime(trx, { userId, planId: planId!, days: input.days! });
        await writeAudit(trx, operator, {
          action: 'user.grant-membership',
          targetType: 'user',
          targetId: userId,
          summary: `Gave ${input.days} days of membership to ${who}`,
          before: before ? { status: before.status, endsAt: before.current_period_end.toISOString() } : null,
          after: { status: 'active', endsAt: endsAt.toISOString(), planId },
          reason,
        });
      }
    });
    return getUser(userId);
  }

  return { searchUsers, getUser, disableUser, enableUser, setRole, grant };
}

export type UsersService = ReturnType<typeof createUsersService>;
