import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/connection';
import { decodeKeys, encodeKeys, type WrittenKeys } from '../../db/write-watch';
import { appendLedgerEntry, revokeUnlocks } from '../billing/index';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import * as accounts from './accounts.repository';
import { insertSession, touchSession } from './sessions.repository';

/**
 * The session cache is only as safe as these announcements: every write that changes what a session
 * resolves to, or what GET /api/user shows, must name its account or session, or clear everything.
 */
describe('announced writes', () => {
  let database: Database;
  let heard: WrittenKeys[] = [];
  const newUser = async () => (await accounts.insertUser(database.db, { is_guest: true })).id;
  const newSession = (userId: string) =>
    insertSession(database.db, {
      userId,
      tokenHash: `h-${Math.random()}`,
      userAgent: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
  const touched = () => {
    const all = heard.some((k) => k.all);
    const users = new Set(heard.flatMap((k) => k.users));
    const sessions = new Set(heard.flatMap((k) => k.sessions));
    heard = [];
    return { all, users: [...users].sort(), sessions: [...sessions].sort() };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    database.writes!.listen((keys) => {
      heard.push(keys);
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('stays quiet for reads, new accounts, new sessions and other tables', async () => {
    const user = await newUser();
    await newSession(user);
    await accounts.findUserById(database.db, user);
    await database.db.insertInto('search_history').values({ user_id: user, query: 'x' }).execute();
    expect(touched()).toEqual({ all: false, users: [], sessions: [] });
  });

  it('names the session revoked, the account of every session revoked, disabled, promoted or edited', async () => {
    const user = await newUser();
    const session = await newSession(user);
    await accounts.revokeSession(database.db, session);
    expect(touched()).toEqual({ all: false, users: [], sessions: [session] });
    await touchSession(database.db, session);
    expect(touched().sessions).toEqual([session]);
    await accounts.revokeAllSessions(database.db, user);
    expect(touched().users).toEqual([user]);
    // The console's disable and role change (admin/users.repository.ts) write these statements.
    await database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', user).execute();
    expect(touched().users).toEqual([user]);
    await database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user).execute();
    expect(touched().users).toEqual([user]);
    await accounts.updateUser(database.db, user, { password_hash: 'x', language: 'es' });
    expect(touched().users).toEqual([user]);
    await accounts.deleteUser(database.db, user);
    expect(touched()).toEqual({ all: false, users: [user], sessions: [] });
  });

  it('announces coins once the transaction commits, and nothing when it rolls back', async () => {
    const user = await newUser();
    await database.db.transaction().execute(async (trx) => {
      await appendLedgerEntry(trx, { userId: user, delta: 50, kind: 'grant', key: `w:${user}` });
      await appendLedgerEntry(trx, { userId: user, delta: -20, kind: 'spend', key: `w3:${user}` });
      // Not yet: a reader filling the cache now would still see the old balance.
      expect(touched()).toEqual({ all: false, users: [], sessions: [] });
    });
    expect(touched()).toEqual({ all: false, users: [user], sessions: [] });
    await database.db
      .transaction()
      .execute(async (trx) => {
        await appendLedgerEntry(trx, { userId: user, delta: 50, kind: 'grant', key: `w2:${user}` });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(touched()).toEqual({ all: false, users: [], sessions: [] });
  });

  it('names both accounts when a guest’s coins move to an account', async () => {
    const [guest, account] = [await newUser(), await newUser()];
    await database.db
      .transaction()
      .execute((trx) => appendLedgerEntry(trx, { userId: guest, delta: 5, kind: 'grant', key: `m:${guest}` }));
    touched();
    // What billing's merge writes when a guest signs in (billing-merge.repository.ts).
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('coin_ledger').set({ user_id: account }).where('user_id', '=', guest).execute();
      await sql`INSERT INTO coin_balances (user_id, balance, bonus) VALUES (${account}::uuid, 5, 0)
        ON CONFLICT (user_id) DO UPDATE SET balance = coin_balances.balance + excluded.balance`.execute(trx);
    });
    const keys = touched();
    expect(keys.all || (keys.users.includes(guest) && keys.users.includes(account))).toBe(true);
  });

  it('names the viewer whose list or unlocks changed (the lists’ hearts and lock states are cached by viewer)', async () => {
    const f = await seedCatalogFixture(database.db);
    touched();
    const user = await newUser();
    // library.repository.ts's add and remove, billing.repository.ts's recordUnlocks.
    await database.db
      .insertInto('favorites')
      .values({ user_id: user, series_id: f.series.ceo })
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect(touched()).toEqual({ all: false, users: [user], sessions: [] });
    await database.db
      .deleteFrom('favorites')
      .where('user_id', '=', user)
      .where('series_id', '=', f.series.ceo)
      .execute();
    expect(touched()).toEqual({ all: false, users: [user], sessions: [] });
    const episode = f.episodes.ceo[4]!;
    await database.db.transaction().execute((trx) =>
      trx
        .insertInto('unlocks')
        .values([{ user_id: user, episode_id: episode, source: 'coins' }])
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    expect(touched()).toEqual({ all: false, users: [user], sessions: [] });
    // A refund's take-back and an operator's revoke.
    await database.db
      .transaction()
      .execute((trx) => revokeUnlocks(trx, { userId: user, episodeIds: [episode], actorId: user, reason: 'test' }));
    expect(touched().users).toContain(user);
  });

  it('clears everything for writes it cannot narrow: raw SQL, plans, a where clause without the owner', async () => {
    await sql`UPDATE users SET updated_at = now() WHERE false`.execute(database.db);
    expect(touched().all).toBe(true);
    await database.db.updateTable('plans').set({ updated_at: new Date() }).where('id', '=', 'none').execute();
    expect(touched().all).toBe(true);
    await database.db.updateTable('users').set({ updated_at: new Date() }).where('email', '=', 'nobody').execute();
    expect(touched().all).toBe(true);
    await database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where((eb) => eb.or([eb('id', '=', '00000000-0000-0000-0000-000000000000'), eb('kind', '=', 'operator')]))
      .execute();
    expect(touched().all).toBe(true);
  });

  it('round-trips the keys over the bus, and reads anything garbled as "everything"', () => {
    const keys = { users: ['a'], sessions: ['b'], all: false };
    expect(decodeKeys(encodeKeys(keys))).toEqual(keys);
    expect(decodeKeys('not json').all).toBe(true);
    expect(decodeKeys('').all).toBe(true);
  });
});
