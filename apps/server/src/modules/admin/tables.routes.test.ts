import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminOrder, AdminPage, AdminUserSummary } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers, sessionOf, type Callers } from '../../../test/admin-fixture';
import { csvCell, csvLine } from './csv';

// The console's tables: sorting on the contract's columns only, stable pages, order search by part of
// an id, and CSV downloads that keep the list's filters and can't be turned against a spreadsheet.

let t: TestApp;
let who: Callers;
let admin: ReturnType<typeof caller>;

/** A buyer whose email is built to break a CSV file and to run as a spreadsheet formula. */
const HOSTILE = '=cmd|\' /c calc\'!a0,"quoted",\nnext-line@evil.test';
const orders: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };

async function user(email: string, createdAt: string): Promise<string> {
  const row = await t.database.db
    .insertInto('users')
    .values({ email, is_guest: false, created_at: new Date(createdAt) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function order(
  userId: string,
  planId: string,
  amount: number,
  status: 'paid' | 'failed' | 'pending',
  createdAt: string,
  providerRef: string | null = null,
): Promise<string> {
  const row = await t.database.db
    .insertInto('orders')
    .values({
      user_id: userId,
      plan_id: planId,
      amount,
      currency: 'USD',
      status,
      provider: 'sandbox',
      provider_ref: providerRef,
      created_at: new Date(createdAt),
      paid_at: status === 'paid' ? new Date(createdAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const page = async <T>(url: string) => {
  const res = await admin.get<AdminPage<T>>(url);
  expect(res.code, res.message).toBe(200);
  return res.data;
};

const download = (url: string, token = who.admin) => t.app.inject({ method: 'GET', url, ...sessionOf(token) });

/** Splits an RFC 4180 file into rows of fields (quotes doubled, line breaks allowed inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  who = await createCallers(t);
  admin = caller(t, who.admin);
  const ana = await user('ana@tables.test', '2026-01-01T00:00:00Z');
  const bo = await user('bo@tables.test', '2026-01-02T00:00:00Z');
  const evil = await user(HOSTILE, '2026-01-03T00:00:00Z');
  orders.a = await order(ana, 'monthly', 1499, 'paid', '2026-02-01T10:00:00Z', 'pi_ref_alpha');
  orders.b = await order(bo, 'coins-300', 299, 'paid', '2026-02-01T10:00:00Z');
  orders.c = await order(evil, 'yearly', 9999, 'failed', '2026-02-03T10:00:00Z');
  orders.d = await order(ana, 'weekly', 499, 'pending', '2026-02-04T10:00:00Z');
});
afterAll(() => t.close());

describe('series: sort', () => {
  it('sorts series by title, plays and episodes both ways, ties broken by id, and refuses other columns', async () => {
    const ids: number[] = [];
    for (const [title, plays] of [
      ['Zz sort ember', 5],
      ['Aa sort amber', 50],
      ['Mm sort marble', 50],
    ] as const) {
      const created = await admin.post<{ id: number }>('/api/admin/series', { texts: { en: { title, synopsis: '' } } });
      expect(created.code, created.message).toBe(200);
      ids.push(created.data.id);
      await t.database.db.updateTable('series').set({ play_count: plays }).where('id', '=', created.data.id).execute();
    }
    const mine = <T extends { id: number }>(items: T[]) => items.filter((s) => ids.includes(s.id));
    const byTitle = await page<{ id: number; title: string }>(
      '/api/admin/series?q=sort&sort=title&dir=asc&pageSize=50',
    );
    expect(mine(byTitle.items).map((s) => s.title)).toEqual(['Aa sort amber', 'Mm sort marble', 'Zz sort ember']);
    const byTitleDesc = await page<{ id: number; title: string }>(
      '/api/admin/series?q=sort&sort=title&dir=desc&pageSize=50',
    );
    expect(mine(byTitleDesc.items).map((s) => s.title)).toEqual(['Zz sort ember', 'Mm sort marble', 'Aa sort amber']);
    // Two with 50 plays: the id breaks the tie, the same way as the plays.
    const byPlays = await page<{ id: number }>('/api/admin/series?q=sort&sort=plays&dir=desc&pageSize=50');
    expect(mine(byPlays.items).map((s) => s.id)).toEqual([ids[2], ids[1], ids[0]]);
    for (const bad of ['sort=s.id;drop%20table%20series', 'sort=play_count', 'dir=up']) {
      const res = await admin.get(`/api/admin/series?${bad}`);
      expect(res.status).toBe(200);
      expect(res.code).toBe(422);
    }
  });
});

describe('orders: sort, search, export', () => {
  it('sorts on a named column both ways, ties broken by id, and refuses a column it does not name', async () => {
    const byAmount = await page<AdminOrder>('/api/admin/orders?sort=amount&dir=asc&pageSize=100');
    const amounts = byAmount.items.filter((o) => Object.values(orders).includes(o.id)).map((o) => o.amount);
    expect(amounts).toEqual([299, 499, 1499, 9999]);
    const desc = await page<AdminOrder>('/api/admin/orders?sort=amount&dir=desc&pageSize=100');
    expect(desc.items.map((o) => o.id)).toEqual(byAmount.items.map((o) => o.id).reverse());

    // a and b opened in the same second: one page of one row each, in id order, never the same row twice.
    const first = await page<AdminOrder>('/api/admin/orders?sort=createdAt&dir=asc&pageSize=1&page=1');
    const second = await page<AdminOrder>('/api/admin/orders?sort=createdAt&dir=asc&pageSize=1&page=2');
    expect(new Set([first.items[0]!.id, second.items[0]!.id])).toEqual(new Set([orders.a, orders.b]));
    expect(first.items[0]!.id < second.items[0]!.id).toBe(true);

    for (const bad of ['sort=o.id;drop%20table%20orders', 'sort=user_id', 'dir=sideways']) {
      const res = await admin.get(`/api/admin/orders?${bad}`);
      expect(res.status).toBe(200);
      expect(res.code).toBe(422);
    }
  });

  it('finds an order by part of its id, its provider reference or part of the buyer’s email', async () => {
    const ids = async (q: string) =>
      (await page<AdminOrder>(`/api/admin/orders?q=${encodeURIComponent(q)}&pageSize=100`)).items.map((o) => o.id);
    expect(await ids(orders.c.slice(0, 8))).toContain(orders.c);
    expect(await ids(orders.c.slice(9, 18).toUpperCase())).toContain(orders.c);
    expect(await ids(orders.c)).toEqual([orders.c]);
    expect(await ids('pi_ref_alpha')).toEqual([orders.a]);
    expect((await ids('ANA@tables')).sort()).toEqual([orders.a, orders.d].sort());
    // LIKE's wildcards are searched as text, not patterns.
    expect(await ids('%')).toEqual([]);
    // The index the part-of-an-id branch needs is there, on the very expression the query uses. (The
    // planner prefers it to reading every order from about 100,000 orders on: docs/PERFORMANCE.md.)
    const { rows } = await sql<{ def: string }>`
      SELECT pg_get_indexdef('orders_id_trgm_idx'::regclass) AS def`.execute(t.database.db);
    expect(rows[0]!.def).toContain('gin (((id)::text) gin_trgm_ops)');
  });

  it('downloads the filtered, sorted list as CSV: escaped, formula-guarded, decimals and UTC times', async () => {
    const res = await download('/api/admin/orders/export?status=paid&sort=amount&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="episodic-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header!.slice(0, 4)).toEqual(['Order id', 'Opened (UTC)', 'Paid (UTC)', 'Buyer email']);
    const col = (name: string) => header!.indexOf(name);
    const mine = rows.filter((r) => Object.values(orders).includes(r[0]!));
    expect(mine.map((r) => r[0])).toEqual([orders.a, orders.b]);
    expect(mine.map((r) => [r[col('Amount')], r[col('Currency')], r[col('Status')]])).toEqual([
      ['14.99', 'USD', 'paid'],
      ['2.99', 'USD', 'paid'],
    ]);
    expect(mine[0]![col('Opened (UTC)')]).toBe('2026-02-01T10:00:00.000Z');

    const failed = await download(`/api/admin/orders/export?q=${orders.c.slice(0, 8)}`);
    const [, evilRow] = parseCsv(failed.body.replace(/^\uFEFF/, ''));
    // The hostile email comes back whole, in one field, as text a spreadsheet won't run.
    expect(evilRow![col('Buyer email')]).toBe(`'${HOSTILE}`);
    expect(evilRow).toHaveLength(header!.length);
  });

  it('refuses an inverted period before anything is sent', async () => {
    const res = await download('/api/admin/orders/export?from=2026-03-01&to=2026-02-01');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body)).toMatchObject({ code: 422, fields: { to: expect.any(String) as string } });
  });

  it('gives the downloads to operators only', async () => {
    for (const url of ['/api/admin/orders/export', '/api/admin/users/export', '/api/admin/audit/export']) {
      for (const token of [who.viewer, who.guest, who.adminViewer]) {
        const res = await download(url, token);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(res.body).not.toContain('tables.test');
        expect([401, 403]).toContain((JSON.parse(res.body) as { code: number }).code);
      }
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('users: sort and export', () => {
  it('sorts by email both ways and exports the same rows in the same order', async () => {
    const asc = await page<AdminUserSummary>('/api/admin/users?q=tables.test&sort=email&dir=asc');
    expect(asc.items.map((u) => u.email)).toEqual(['ana@tables.test', 'bo@tables.test']);
    const desc = await page<AdminUserSummary>('/api/admin/users?q=tables.test&sort=email&dir=desc');
    expect(desc.items.map((u) => u.email)).toEqual(['bo@tables.test', 'ana@tables.test']);
    expect((await admin.get('/api/admin/users?sort=password_hash')).code).toBe(422);

    const res = await download('/api/admin/users/export?q=tables.test&sort=email&dir=desc');
    expect(res.headers['content-disposition']).toMatch(/filename="episodic-users-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows.map((r) => r[header!.indexOf('Email')])).toEqual(['bo@tables.test', 'ana@tables.test']);
    expect(rows[0]![header!.indexOf('Joined (UTC)')]).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('audit log: address, sort and export', () => {
  it('shows the address each change came from, sorts by action, and exports the filtered entries', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/config/support_chat_url',
      payload: { value: 'https://chat.example.com/x' },
      remoteAddress: '198.51.100.23',
      ...sessionOf(who.admin),
    });
    expect(JSON.parse(set.body)).toMatchObject({ code: 200 });
    const log = await page<AdminAuditEntry>('/api/admin/audit?action=setting&sort=action&dir=asc');
    const entry = log.items.find((e) => e.targetId === 'support_chat_url')!;
    expect(entry.ip).toBe('198.51.100.23');
    expect((await admin.get('/api/admin/audit?sort=ip')).code).toBe(422);

    const res = await download('/api/admin/audit/export?action=setting');
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(res.headers['content-disposition']).toMatch(/filename="episodic-audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const row = rows.find((r) => r[header!.indexOf('Target id')] === 'support_chat_url')!;
    expect(row[header!.indexOf('Operator address')]).toBe('198.51.100.23');
    expect(row[header!.indexOf('When (UTC)')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows.every((r) => r[header!.indexOf('Action')]!.startsWith('setting.'))).toBe(true);
  });
});

describe('CSV cells', () => {
  it('quotes what must be quoted and disarms formulas, numbers left as numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['=x', 'a"b', 3])).toBe(`'=x,"a""b",3\r\n`);
  });
});
