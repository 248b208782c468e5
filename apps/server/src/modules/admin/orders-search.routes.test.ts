import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminPage } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers } from '../../../test/admin-fixture';

// More orders than the planner must expect (2,000) before the search reads the newest first, and more
// than it reads then (500), so that each way of answering is taken: the walk for a common fragment,
// the indexes for a rare one, an address or another order than the newest.
let t: TestApp;
let admin: ReturnType<typeof caller>;
let rareRefs: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, (await createCallers(t)).admin);
  const db = t.database.db;
  await sql`INSERT INTO users (email, is_guest, language)
    SELECT 'buyer' || g || '@shared.test', false, 'en' FROM generate_series(1, 200) g`.execute(db);
  await sql`INSERT INTO users (email, is_guest, language) VALUES
    ('rare-buyer@elsewhere.test', false, 'en'), ('odd@name@two.test', false, 'en'), ('x-rare-buyer@elsewhere.test', false, 'en')`.execute(
    db,
  );
  // 3,000 orders of 200 buyers of the shared domain over the last 1,500 hours (two in the same second: the id breaks
  // the tie), then the rare buyers' orders, older than all of them.
  await sql`INSERT INTO orders (user_id, plan_id, amount, currency, status, provider, provider_ref, created_at, updated_at)
    SELECT u.id, p.id, p.price, p.currency, CASE WHEN g % 40 = 0 THEN 'failed' ELSE 'paid' END, 'sandbox', 'ref-shared-' || g,
      date_trunc('second', now()) - (g / 2) * interval '1 hour', now()
    FROM generate_series(1, 3000) g
    JOIN users u ON u.email = 'buyer' || (1 + g % 200) || '@shared.test'
    JOIN plans p ON p.id = (ARRAY['coins-300', 'coins-1000', 'weekly'])[1 + g % 3]`.execute(db);
  await sql`INSERT INTO orders (user_id, plan_id, amount, currency, status, provider, provider_ref, created_at, updated_at)
    SELECT u.id, 'coins-300', 499, 'USD', 'paid', 'sandbox', 'ref-rare-' || g || '-' || u.email, now() - interval '60 days' - g * interval '1 day', now()
    FROM generate_series(1, 3) g
    CROSS JOIN users u WHERE u.email IN ('rare-buyer@elsewhere.test', 'odd@name@two.test', 'x-rare-buyer@elsewhere.test')`.execute(
    db,
  );
  // The planner's estimates decide the way: statistics as autovacuum would gather them.
  await sql`ANALYZE users`.execute(db);
  await sql`ANALYZE orders`.execute(db);
  rareRefs = (
    await sql<{
      provider_ref: string;
    }>`SELECT provider_ref FROM orders WHERE provider_ref LIKE 'ref-rare-%' ORDER BY provider_ref`.execute(db)
  ).rows.map((r) => r.provider_ref);
});
afterAll(() => t.close());

/** What the search must answer, by the plainest query: every match of any kind, in the list's order. */
async function expected(q: string, opts: { status?: string; dir?: 'asc' | 'desc'; sort?: 'amount' } = {}) {
  const dir = sql.raw(opts.dir === 'asc' ? 'ASC' : 'DESC');
  const pattern = `%${q.toLowerCase()}%`;
  const { rows } = await sql<{ id: string }>`
    SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id
    WHERE (u.email ILIKE ${pattern} OR o.id::text LIKE ${pattern} OR o.provider_ref = ${q})
      ${opts.status ? sql`AND o.status = ${opts.status}` : sql``}
    ORDER BY ${opts.sort === 'amount' ? sql`o.amount ${dir}` : sql`o.created_at ${dir}`}, o.id ${dir}`.execute(
    t.database.db,
  );
  return rows.map((r) => r.id);
}

async function search(query: string) {
  const res = await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?${query}`);
  expect(res.code).toBe(200);
  return res.data;
}

describe('orders search', () => {
  it('pages a common fragment newest first from the newest orders, saying there are at least 100', async () => {
    const all = await expected('shared.test');
    expect(all).toHaveLength(3000);
    const first = await search('q=shared.test&pageSize=20');
    expect(first.items.map((o) => o.id)).toEqual(all.slice(0, 20));
    expect(first).toMatchObject({ total: 100, totalIsLowerBound: true, hasMore: true });
    const fifth = await search('q=SHARED.TEST&page=5&pageSize=20');
    expect(fifth.items.map((o) => o.id)).toEqual(all.slice(80, 100));
    // Past the first 100: the lower bound follows the page (and the one after it, for hasMore).
    expect(fifth).toMatchObject({ total: 101, totalIsLowerBound: true, hasMore: true });
    const deep = await search('q=shared.test&page=20&pageSize=20');
    expect(deep.items.map((o) => o.id)).toEqual(all.slice(380, 400));
    expect(deep).toMatchObject({ total: 401, totalIsLowerBound: true, hasMore: true });
    const oldest = await search('q=shared.test&dir=asc&pageSize=20');
    expect(oldest.items.map((o) => o.id)).toEqual((await expected('shared.test', { dir: 'asc' })).slice(0, 20));
  });

  it('counts exactly what the newest orders hold when they are all there is, or asks the indexes', async () => {
    // Failed orders: 75, fewer than the window, so the walk saw them all.
    const failed = await expected('shared.test', { status: 'failed' });
    const page = await search('q=shared.test&status=failed&pageSize=50');
    expect(page.items.map((o) => o.id)).toEqual(failed.slice(0, 50));
    expect(page).toMatchObject({ total: 75, hasMore: true });
    expect(page.totalIsLowerBound).toBeUndefined();
    // Another order than the newest: every match sorted and counted.
    const byAmount = await search('q=shared.test&sort=amount&dir=asc&pageSize=20');
    expect(byAmount.items.map((o) => o.id)).toEqual(
      (await expected('shared.test', { sort: 'amount', dir: 'asc' })).slice(0, 20),
    );
    expect(byAmount).toMatchObject({ total: 3000 });
  });

  it('finds a rare fragment older than the newest orders through the email index, counted exactly', async () => {
    const rare = await expected('rare-buyer');
    expect(rare).toHaveLength(6);
    const page = await search('q=rare-buyer');
    expect(page.items.map((o) => o.id)).toEqual(rare);
    expect(page).toMatchObject({ total: 6, hasMore: false });
    expect(page.totalIsLowerBound).toBeUndefined();
  });

  it('finds a whole address, or the end of a local part with the start of a domain, by the local-part index', async () => {
    for (const q of [
      'rare-buyer@elsewhere.test',
      'buyer@elsewhere',
      'Rare-Buyer@Else',
      'x-rare-buyer@e',
      'odd@name@two',
      'name@two.test',
    ]) {
      const page = await search(`q=${encodeURIComponent(q)}`);
      const want = await expected(q);
      expect(want.length).toBeGreaterThan(0);
      expect(
        page.items.map((o) => o.id),
        q,
      ).toEqual(want);
      expect(page.total, q).toBe(want.length);
    }
    // Only addresses whose local part ends with the text before the @: not a prefix of another.
    expect((await search('q=rare-buye@elsewhere')).items).toEqual([]);
    // Escaped: LIKE's wildcards in the fragment are plain characters.
    expect((await search(`q=${encodeURIComponent('r_re-buyer@elsewhere')}`)).items).toEqual([]);
    expect((await search(`q=${encodeURIComponent('%@elsewhere')}`)).items).toEqual([]);
  });

  it("finds an order by the provider's reference, inside or outside the newest orders", async () => {
    for (const ref of ['ref-shared-7', rareRefs[0]!]) {
      const page = await search(`q=${encodeURIComponent(ref)}`);
      expect(page.items.map((o) => o.providerRef)).toEqual([ref]);
      expect(page).toMatchObject({ total: 1, hasMore: false });
    }
  });

  it('finds a guest’s order by the email given for the receipt, whatever its case, old or new', async () => {
    const db = t.database.db;
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (is_guest, language) VALUES (true, 'en') RETURNING id`.execute(db);
    const guest = rows[0]!.id;
    const made = await sql<{ id: string }>`
      INSERT INTO orders (user_id, plan_id, amount, currency, status, buyer_email, created_at)
      VALUES (${guest}::uuid, 'coins-300', 299, 'USD', 'paid', 'receipt.only@guest.test', now()),
        (${guest}::uuid, 'coins-300', 299, 'USD', 'paid', 'receipt.only@guest.test', now() - interval '90 days')
      RETURNING id`.execute(db);
    const page = await search(`q=${encodeURIComponent('Receipt.Only@guest.test')}`);
    expect(page.items.map((o) => o.id).sort()).toEqual(made.rows.map((r) => r.id).sort());
    expect(page).toMatchObject({ total: 2, hasMore: false });
  });
});
