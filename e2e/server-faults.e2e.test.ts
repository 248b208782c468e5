import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server-process';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { ensureTestPostgres, startPrivatePostgres } from '../scripts/lib/postgres.mjs';

/**
 * Faults on the real server process with PostgreSQL: killed in the middle of payments and renewals,
 * stopped under load, and its database restarted under load.
 */

interface PostgresServer {
  url: string;
  stop(): void;
  pause?: () => Promise<void>;
  resume?: () => Promise<void>;
}

/** A fresh database on `server`, dropped afterwards. */
async function freshDatabase(server: PostgresServer): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `episodic_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  body: { code?: number; message?: string; data?: unknown } | null;
  headers: Headers;
  startedAt: number;
  endedAt: number;
}
class ConnectionFailure extends Error {
  constructor(
    readonly startedAt: number,
    readonly endedAt: number,
    cause: unknown,
  ) {
    super(`connection failed: ${(cause as Error).message}`);
  }
}

/**
 * An answer as a failed assertion shows it. The load makes thousands of answers: they are checked
 * with one assertion each, never one per answer (each assertion is a step of the report, and the
 * report's bookkeeping grows with the steps before it, so a per-answer loop took minutes).
 */
const summary = (a: Answer) => ({
  status: a.status,
  code: a.body?.code,
  message: a.body?.message,
  ms: a.endedAt - a.startedAt,
});

/** The answers among these that are not a success, as a failed assertion shows them. */
const failed = (answers: Answer[]) => answers.filter((a) => a.status !== 200).map(summary);

/** One API call; a connection that fails before an answer throws `ConnectionFailure`. */
async function call(
  base: string,
  path: string,
  opts: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const startedAt = Date.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${path}`, {
      method: opts.method ?? 'GET',
      headers: {
        ...(opts.token ? { 'x-user-token': opts.token } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch (err) {
    throw new ConnectionFailure(startedAt, Date.now(), err);
  }
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    /* checked by the callers: every answer must be an envelope */
  }
  return { status: res.status, body, headers: res.headers, startedAt, endedAt: Date.now() };
}

// The load below stands for many visitors, all arriving from 127.0.0.1: as for a carrier's shared
// address, the guest budget per address (GUEST_SESSIONS_PER_MINUTE) is raised to fit them.
const MANY_VISITORS = { GUEST_SESSIONS_PER_MINUTE: '10000' };

const CARD = {
  number: '4242424242424242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};
const PLANS = ['coins-300', 'coins-1000', 'monthly'];

async function guest(base: string): Promise<{ token: string; id: string }> {
  const res = await call(base, '/api/user');
  if (res.status !== 200) throw new Error(`GET /api/user answered ${res.status}`);
  return { token: String(res.headers.get('x-user-token')), id: (res.body?.data as { id: string }).id };
}

async function openOrder(base: string, token: string, planId: string): Promise<string> {
  const res = await call(base, '/api/payment/order', { method: 'POST', token, body: { planId } });
  if (res.status !== 200) throw new Error(`order answered ${res.status}: ${res.body?.message}`);
  return (res.body?.data as { id: string }).id;
}

function pay(base: string, token: string, orderId: string): Promise<Answer> {
  return call(base, '/api/payment/pay', {
    method: 'POST',
    token,
    body: { orderId, method: 'card', agree: true, card: CARD },
  });
}

/** Runs `task` on `concurrency` loops until `stop()` is true or a loop's server is gone. */
async function load(concurrency: number, stop: () => boolean, task: (loop: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (!stop()) {
        try {
          await task(loop);
        } catch (err) {
          if (err instanceof ConnectionFailure) return;
          throw err;
        }
      }
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(250);
  }
}

/** The money invariants over the whole database: no double charge, no lost paid charge, coins as bought. */
async function expectMoneyConsistent(url: string): Promise<void> {
  const doubles = await query(
    url,
    `SELECT split_part(idempotency_key, ':', 1) AS order_id, count(*) FROM sandbox_charges WHERE status = 'succeeded' GROUP BY 1 HAVING count(*) > 1`,
  );
  expect(doubles, 'orders charged twice').toEqual([]);
  const lost = await query(
    url,
    `SELECT o.id, o.status FROM sandbox_charges c JOIN orders o ON o.id::text = split_part(c.idempotency_key, ':', 1) WHERE c.status = 'succeeded' AND o.status <> 'paid'`,
  );
  expect(lost, 'charges taken for orders not paid').toEqual([]);
  const unbacked = await query(
    url,
    `SELECT o.id FROM orders o WHERE o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM sandbox_charges c WHERE split_part(c.idempotency_key, ':', 1) = o.id::text AND c.status = 'succeeded')`,
  );
  expect(unbacked, 'paid orders without a charge').toEqual([]);
  const stuck = await query(url, `SELECT id FROM orders WHERE status = 'processing'`);
  expect(stuck, 'orders left processing').toEqual([]);
  const coins = await query(
    url,
    `SELECT u.user_id,
            coalesce((SELECT sum(p.coins + p.bonus_coins) FROM orders o JOIN plans p ON p.id = o.plan_id WHERE o.user_id = u.user_id AND o.status = 'paid' AND p.kind = 'coins'), 0)::int AS bought,
            coalesce((SELECT sum(delta) FROM coin_ledger l WHERE l.user_id = u.user_id), 0)::int AS ledger,
            coalesce((SELECT balance FROM coin_balances b WHERE b.user_id = u.user_id), 0)::int AS balance
       FROM (SELECT DISTINCT user_id FROM orders) u`,
  );
  for (const row of coins)
    expect(row, 'coins of a buyer').toEqual({
      user_id: row.user_id,
      bought: row.bought,
      ledger: row.bought,
      balance: row.bought,
    });
}

// The PostgreSQL of the tests (started privately when none answers), and one of the file's own that
// the last journey stops and starts.
const test = base.extend<Record<never, never>, { postgres: PostgresServer; privatePg: PostgresServer }>({
  postgres: [
    async ({}, use) => {
      const postgres = (await ensureTestPostgres()) as PostgresServer;
      await use(postgres);
      postgres.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  privatePg: [
    async ({}, use) => {
      const privatePg = (await startPrivatePostgres()) as PostgresServer;
      await use(privatePg);
      privatePg.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.describe('a server killed with SIGKILL in the middle of payments and renewals', () => {
  test('charges no order twice and loses no paid order once restarted', async ({ postgres }) => {
    test.setTimeout(240_000);
    const database = await freshDatabase(postgres);
    const env = { ...MANY_VISITORS, DATABASE_URL: database.url, DEMO_CATALOG: 'false', RENEWAL_INTERVAL_SECONDS: '1' };
    let server: RunningServer | undefined;
    try {
      server = await startServer(env);
      // Members whose period is about to end: their renewals run while the server is killed.
      const members: { token: string; id: string }[] = [];
      for (let i = 0; i < 24; i++) {
        const m = await guest(server.url);
        expect(
          (await pay(server.url, m.token, await openOrder(server.url, m.token, 'weekly'))).body?.data,
        ).toMatchObject({ status: 'paid' });
        members.push(m);
      }
      const seenPaid = new Set<string>();
      let interrupted = 0;
      for (let round = 0; round < 4 && interrupted === 0; round++) {
        if (round > 0) server = await startServer(env);
        const current = server;
        await query(
          database.url,
          `UPDATE memberships SET current_period_end = now() WHERE user_id = ANY($1::uuid[]) AND current_period_end > now()`,
          [members.map((m) => m.id)],
        );
        let killed = false;
        const traffic = load(
          6,
          () => killed,
          async () => {
            const buyer = await guest(current.url);
            const orderId = await openOrder(current.url, buyer.token, PLANS[Math.floor(Math.random() * PLANS.length)]!);
            const paid = await pay(current.url, buyer.token, orderId);
            expect(paid.status, paid.body?.message).toBe(200);
            if ((paid.body?.data as { status: string }).status === 'paid') seenPaid.add(orderId);
          },
        );
        await sleep(300 + Math.random() * 900);
        current.process.kill('SIGKILL');
        killed = true;
        await current.stop();
        await traffic;
        interrupted = Number(
          (await query<{ n: string }>(database.url, `SELECT count(*) AS n FROM orders WHERE status = 'processing'`))[0]!
            .n,
        );
      }
      expect(interrupted, 'a kill landed between a charge and its outcome').toBeGreaterThan(0);

      // The killed instance's renewal leases would run out after 10 minutes; the next pass comes now.
      await query(database.url, `UPDATE memberships SET next_attempt_at = now() WHERE next_attempt_at > now()`);
      server = await startServer({ ...env, PAYMENT_RECONCILE_AFTER_SECONDS: '1' });
      await until('every interrupted payment and due renewal is finished', async () => {
        const [row] = await query<{ processing: string; due: string }>(
          database.url,
          `SELECT (SELECT count(*) FROM orders WHERE status = 'processing') AS processing,
                  (SELECT count(*) FROM memberships WHERE status = 'active' AND auto_renew AND current_period_end <= now()) AS due`,
        );
        return row!.processing === '0' && row!.due === '0';
      });
      await expectMoneyConsistent(database.url);
      const paidNow = await query<{ id: string }>(database.url, `SELECT id FROM orders WHERE status = 'paid'`);
      const paidIds = new Set(paidNow.map((r) => r.id));
      for (const id of seenPaid) expect(paidIds.has(id), `order ${id} answered paid`).toBe(true);
      // Every due period of every member was renewed (each renewal order paid, none left failed or
      // waiting), and each member now has a paid period ahead.
      const renewals = await query<{ user_id: string; paid: number; other: number }>(
        database.url,
        `SELECT user_id, count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE status <> 'paid')::int AS other FROM orders WHERE purpose = 'renewal' GROUP BY user_id`,
      );
      expect(renewals).toHaveLength(members.length);
      for (const r of renewals) expect(r).toMatchObject({ paid: expect.any(Number), other: 0 });
      const memberships = await query<{ status: string; period_days: number }>(
        database.url,
        `SELECT status, round(extract(epoch FROM current_period_end - now()) / 86400)::int AS period_days FROM memberships WHERE user_id = ANY($1::uuid[])`,
        [members.map((m) => m.id)],
      );
      for (const m of memberships) expect(m.status).toBe('active');
      expect(Math.min(...memberships.map((m) => m.period_days))).toBeGreaterThanOrEqual(6);
      // And a customer can go on paying.
      const after = await guest(server.url);
      expect(
        (await pay(server.url, after.token, await openOrder(server.url, after.token, 'coins-300'))).body?.data,
      ).toMatchObject({ status: 'paid' });
    } finally {
      await server?.stop();
      await database.drop();
    }
  });
});

test.describe('a server stopped with SIGTERM under load', () => {
  test('answers every request it took, acts on none it did not answer, and exits cleanly', async ({ postgres }) => {
    test.setTimeout(180_000);
    const database = await freshDatabase(postgres);
    const server = await startServer({ ...MANY_VISITORS, DATABASE_URL: database.url, DEMO_CATALOG: 'false' });
    try {
      // Buyers with open orders, paid during the load.
      const orders: { token: string; orderId: string }[] = [];
      for (let batch = 0; batch < 40; batch++) {
        await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const buyer = await guest(server.url);
            orders.push({
              token: buyer.token,
              orderId: await openOrder(server.url, buyer.token, PLANS[i % PLANS.length]!),
            });
          }),
        );
      }
      const answers: Answer[] = [];
      const failures: ConnectionFailure[] = [];
      const payments: { orderId: string; answer: Answer | null }[] = [];
      let next = 0;
      let signalledAt = Infinity;
      const traffic = load(
        12,
        () => false,
        async (loop) => {
          let answer: Answer;
          try {
            if (loop % 2 === 0 && next < orders.length) {
              const order = orders[next++]!;
              const entry: { orderId: string; answer: Answer | null } = { orderId: order.orderId, answer: null };
              payments.push(entry);
              answer = entry.answer = await pay(server.url, order.token, order.orderId);
            } else {
              answer = await call(server.url, ['/api/plan', '/api/homepage', '/api/config', '/api/user'][loop % 4]!, {
                token: orders[loop]!.token,
              });
            }
          } catch (err) {
            if (err instanceof ConnectionFailure) failures.push(err);
            throw err;
          }
          answers.push(answer);
        },
      );
      await sleep(1500);
      signalledAt = Date.now();
      const code = await server.stop('SIGTERM');
      expect(code, server.output()).toBe(0);
      await traffic;

      // Every answer is whole: a success, or the clear "unavailable" envelope of a server closing.
      expect(
        answers.filter((a) => a.body?.code !== a.status || ![200, 503].includes(a.status)).map(summary),
        'answers neither a success nor an unavailable envelope',
      ).toEqual([]);
      // Requests were in flight when the signal came, and each of them was finished.
      const inFlight = answers.filter((a) => a.startedAt < signalledAt && a.endedAt >= signalledAt);
      expect(inFlight.length).toBeGreaterThan(0);
      expect(failed(inFlight), 'requests in flight not finished').toEqual([]);
      // Nothing done without its answer: a payment whose connection failed was never taken.
      const rows = await query<{ id: string; status: string }>(database.url, `SELECT id, status FROM orders`);
      const status = new Map(rows.map((r) => [r.id, r.status]));
      for (const p of payments) {
        if (p.answer?.status === 200)
          expect(status.get(p.orderId)).toBe((p.answer.body?.data as { status: string }).status);
        else expect(status.get(p.orderId), `order ${p.orderId} without an answer`).toBe('pending');
      }
      await expectMoneyConsistent(database.url);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});

test.describe('PostgreSQL restarted under load', () => {
  test('answers 503 envelopes fast during the outage, recovers within seconds, and leaves nothing half-written', async ({
    privatePg,
  }) => {
    test.setTimeout(180_000);
    const database = await freshDatabase(privatePg);
    const server = await startServer({
      ...MANY_VISITORS,
      DATABASE_URL: database.url,
      DEMO_CATALOG: 'false',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      RENEWAL_INTERVAL_SECONDS: '1',
      PAYMENT_RECONCILE_AFTER_SECONDS: '2',
    });
    try {
      const buyers: { token: string; id: string }[] = [];
      for (let i = 0; i < 6; i++) buyers.push(await guest(server.url));
      const answers: (Answer & { phase: string })[] = [];
      // Requests are judged by the phase they began and ended in; those spanning a change are not.
      let phase: 'before' | 'stopping' | 'down' | 'starting' | 'after' = 'before';
      let stop = false;
      const traffic = load(
        6,
        () => stop,
        async (loop) => {
          const buyer = buyers[loop]!;
          const started = phase;
          let answer: Answer;
          if (loop % 3 === 0) {
            const order = await call(server.url, '/api/payment/order', {
              method: 'POST',
              token: buyer.token,
              body: { planId: PLANS[loop % PLANS.length] },
            });
            answer =
              order.status === 200
                ? await pay(server.url, buyer.token, (order.body?.data as { id: string }).id)
                : order;
          } else {
            answer = await call(server.url, loop % 3 === 1 ? '/api/user' : '/api/payment', { token: buyer.token });
          }
          if (phase === started) answers.push({ ...answer, phase: started });
          if (answer.status === 503) await sleep(50);
        },
      );
      await sleep(1500);
      phase = 'stopping';
      await privatePg.pause!();
      phase = 'down';
      await sleep(4000);
      phase = 'starting';
      await privatePg.resume!();
      const back = Date.now();
      await until(
        'requests succeed again',
        async () => (await call(server.url, '/api/user', { token: buyers[1]!.token })).status === 200,
        20_000,
      ).catch((err: unknown) => {
        throw new Error(`${(err as Error).message}\n${server.output()}`);
      });
      const recoveredMs = Date.now() - back;
      phase = 'after';
      await sleep(1500);
      stop = true;
      await traffic;

      const by = (p: string) => answers.filter((a) => a.phase === p);
      expect(by('before').length).toBeGreaterThan(0);
      expect(failed(by('before')), 'failures before the outage').toEqual([]);
      // During the outage: clear 503 envelopes, none hanging on a database that is not there.
      const down = by('down');
      expect(down.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      const unclear = down.filter(
        (a) =>
          ![200, 503].includes(a.status) ||
          a.body?.code !== a.status ||
          (a.status === 503 &&
            a.body?.message !== 'The service is temporarily unavailable. Please try again in a moment.') ||
          a.endedAt - a.startedAt >= 8000,
      );
      expect(unclear.map(summary), 'answers during the outage').toEqual([]);
      expect(recoveredMs).toBeLessThan(15_000);
      expect(by('after').length).toBeGreaterThan(0);
      expect(failed(by('after')), 'failures after the outage').toEqual([]);

      // Payments cut off by the outage are finished by reconciliation: nothing stays half-done.
      await until(
        'no order is left processing',
        async () => (await query(database.url, `SELECT id FROM orders WHERE status = 'processing'`)).length === 0,
        30_000,
      );
      await expectMoneyConsistent(database.url);
      expect((await call(server.url, '/readyz')).status).toBe(200);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
