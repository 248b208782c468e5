import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem, PayResult, Plan, SeriesDetail, UnlockResult, User } from '@episodic/contract';
import { createTestApp, type TestApp } from './test-app';
import { seedCatalogFixture, type CatalogFixture } from './catalog-fixture';
import { caller, createCallers } from './admin-fixture';
import { call, card, newGuest, type Envelope } from './viewer-api';

/**
 * Property tests of the money rules (shared ARCHITECTURE §5): random sequences of purchases, operator
 * grants, episode and series unlocks — repeated, concurrent, and mixed in concurrent bursts — run
 * through the real app, checked against a model after every step.
 */

let t: TestApp;
let f: CatalogFixture;
let admin: ReturnType<typeof caller>;
let plans: Map<string, Plan>;

type SeriesKey = 'wolf' | 'palace';
const SERIES: SeriesKey[] = ['wolf', 'palace'];
const COIN_PLANS = ['coins-300', 'coins-1000', 'coins-2500'] as const;

/** The catalog as the model knows it: what each episode costs and which series it belongs to. */
const episodes = new Map<number, { series: SeriesKey | null; free: boolean; cost: number; visible: boolean }>();
/** Episodes a viewer may try to unlock: both series' episodes, plus invisible ones (draft series, media not ready). */
let pool: number[] = [];
/** The operator's whole-series price, when set (changed by the `reprice` step). */
const seriesOverride: Record<SeriesKey, number | null> = { wolf: null, palace: 150 };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  f = await seedCatalogFixture(t.database.db);
  const { db } = t.database;
  // Varied prices (the fixture prices everything at 50), and an operator price on one series.
  for (const key of SERIES) {
    for (const [i, id] of f.episodes[key].entries()) {
      const cost = 5 + ((id * 37 + i * 11) % 120);
      await db.updateTable('episodes').set({ unlock_cost: cost }).where('id', '=', id).execute();
      episodes.set(id, { series: key, free: i < 2, cost, visible: true });
    }
  }
  await db
    .updateTable('series')
    .set({ series_price: seriesOverride.palace })
    .where('id', '=', f.series.palace)
    .execute();
  const hidden = await db
    .selectFrom('episodes')
    .select(['id', 'free'])
    .where('series_id', 'in', [f.series.draft, f.series.unpackaged])
    .execute();
  for (const e of hidden) episodes.set(e.id, { series: null, free: e.free, cost: 50, visible: false });
  pool = [...f.episodes.wolf, ...f.episodes.palace, hidden[0]!.id, hidden[hidden.length - 1]!.id];
  admin = caller(t, (await createCallers(t)).admin);
  plans = new Map((await call<Plan[]>(t, null, 'GET', '/api/plan')).data.map((p) => [p.id, p]));
}, 60_000);
afterAll(() => t.close());

// ------------------------------------------------------------------------------------ the model

interface Model {
  /** Coins bought or granted. */
  credits: number;
  /** Coins spent on unlocks. */
  spent: number;
  /** Locked episodes the viewer has unlocked. */
  unlocked: Set<number>;
  /** Grant request ids already applied (a grant is keyed by its request id). */
  grants: Map<string, number>;
  /** The series price the viewer was last shown. */
  seen: Partial<Record<SeriesKey, number | null>>;
}

const balanceOf = (m: Model) => m.credits - m.spent;
const lockedOf = (m: Model, series: SeriesKey) =>
  f.episodes[series].filter((id) => !episodes.get(id)!.free && !m.unlocked.has(id));
const totalOf = (ids: number[]) => ids.reduce((sum, id) => sum + episodes.get(id)!.cost, 0);

/** The documented rule: 70 % of the locked episodes' total, rounded up to 5 coins, or the operator's price if lower. */
function seriesPriceOf(series: SeriesKey, ids: number[]): number | null {
  const total = totalOf(ids);
  if (total <= 0) return null;
  const override = seriesOverride[series];
  if (override !== null) return Math.min(override, total);
  return Math.max(1, Math.ceil((total * 7) / 50) * 5);
}
const quoteOf = (m: Model, series: SeriesKey) => seriesPriceOf(series, lockedOf(m, series));

// ------------------------------------------------------------------------------------ the steps

type Junk = { price?: number; amount?: number; coins?: number; bonusCoins?: number; currency?: string; total?: number };
type Step =
  | { kind: 'buy'; plan: (typeof COIN_PLANS)[number]; taps: number; junk: Junk }
  | { kind: 'grant'; slot: number; coins: number; copies: number }
  | { kind: 'unlock'; episode: number; copies: number }
  | { kind: 'see'; series: SeriesKey }
  | { kind: 'unlockSeries'; series: SeriesKey; price: 'seen' | 'stale' | 'omit'; staleBy: number; copies: number }
  | { kind: 'reprice'; series: SeriesKey; price: number | null }
  | { kind: 'burst'; steps: BurstStep[] };
type BurstStep =
  | { kind: 'buy'; plan: (typeof COIN_PLANS)[number] }
  | { kind: 'grant'; coins: number }
  | { kind: 'unlock'; episode: number }
  | { kind: 'unlockSeries'; series: SeriesKey; sendPrice: boolean };

const junkArb: fc.Arbitrary<Junk> = fc.record(
  {
    price: fc.integer({ min: -1000, max: 1_000_000 }),
    amount: fc.integer({ min: -1000, max: 1_000_000 }),
    coins: fc.integer({ min: 0, max: 1_000_000 }),
    bonusCoins: fc.integer({ min: 0, max: 1_000_000 }),
    currency: fc.constantFrom('EUR', 'JPY', 'usd', ''),
    total: fc.integer({ min: 0, max: 100 }),
  },
  { requiredKeys: [] },
);
const seriesArb = fc.constantFrom<SeriesKey>(...SERIES);
const episodeArb = fc.nat({ max: 1000 }).map((n) => n % Math.max(1, pool.length));
const copiesArb = fc.integer({ min: 1, max: 3 });

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      plan: fc.constantFrom(...COIN_PLANS),
      taps: copiesArb,
      junk: junkArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      slot: fc.nat({ max: 2 }),
      coins: fc.integer({ min: 1, max: 200 }),
      copies: copiesArb,
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('unlock' as const), episode: episodeArb, copies: copiesArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('see' as const), series: seriesArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('unlockSeries' as const),
      series: seriesArb,
      price: fc.constantFrom('seen' as const, 'stale' as const, 'omit' as const),
      staleBy: fc.integer({ min: -40, max: 40 }).filter((n) => n !== 0),
      copies: copiesArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reprice' as const),
      series: seriesArb,
      price: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      steps: fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant('buy' as const), plan: fc.constantFrom(...COIN_PLANS) }),
          fc.record({ kind: fc.constant('grant' as const), coins: fc.integer({ min: 1, max: 200 }) }),
          fc.record({ kind: fc.constant('unlock' as const), episode: episodeArb }),
          fc.record({ kind: fc.constant('unlockSeries' as const), series: seriesArb, sendPrice: fc.boolean() }),
        ),
        { minLength: 2, maxLength: 6 },
      ),
    }),
  },
);

interface Viewer {
  token: string;
  id: string;
  /** Grant request ids of this run, by slot. */
  slots: string[];
}

const unlockEpisode = (v: Viewer, episodeId: number) =>
  call<UnlockResult>(t, v.token, 'POST', '/api/video/unlock', { episodeId });
const unlockSeries = (v: Viewer, series: SeriesKey, price: number | undefined) =>
  call<UnlockResult>(t, v.token, 'POST', '/api/video/unlock', {
    seriesId: f.series[series],
    ...(price === undefined ? {} : { price }),
  });
const grantCoins = (v: Viewer, requestId: string, coins: number) =>
  admin.post(`/api/admin/users/${v.id}/grants`, { requestId, kind: 'coins', coins, reason: 'property test' });

/** Opens an order with extra client fields, checks the server's price, and pays it with `taps` simultaneous taps. */
async function buyCoins(v: Viewer, m: Model, planId: string, taps: number, junk: Junk): Promise<void> {
  const plan = plans.get(planId)!;
  const order = await call<{ id: string; amount: number; currency: string }>(t, v.token, 'POST', '/api/payment/order', {
    ...junk,
    planId,
  });
  expect(order.code).toBe(200);
  expect(order.data).toMatchObject({ amount: plan.price, currency: plan.currency });
  const results = await Promise.all(
    Array.from({ length: taps }, () =>
      call<PayResult>(t, v.token, 'POST', '/api/payment/pay', {
        ...junk,
        orderId: order.data.id,
        method: 'card',
        card: card(),
        agree: true,
      }),
    ),
  );
  expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
  expect(results.some((r) => r.data.status === 'paid')).toBe(true);
  expect(results.every((r) => r.data.status === 'paid' || r.data.status === 'processing')).toBe(true);
  // One charge at the processor, for the server's price.
  const charges = await t.database.db
    .selectFrom('sandbox_charges')
    .select(['amount', 'currency'])
    .where('idempotency_key', 'like', `${order.data.id}:%`)
    .execute();
  expect(charges).toEqual([{ amount: plan.price, currency: plan.currency }]);
  m.credits += plan.coins + plan.bonusCoins;
}

/** What one episode unlock (asked `copies` times at once) must do, given the model before it. */
async function stepUnlock(v: Viewer, m: Model, episodeId: number, copies: number): Promise<void> {
  const e = episodes.get(episodeId)!;
  const results = await Promise.all(Array.from({ length: copies }, () => unlockEpisode(v, episodeId)));
  if (!e.visible) {
    expect(results.map((r) => r.code)).toEqual(results.map(() => 404));
    return;
  }
  if (e.free || m.unlocked.has(episodeId)) {
    for (const r of results)
      expect(r).toMatchObject({ code: 200, data: { spent: 0, coins: balanceOf(m), unlocked: [episodeId] } });
    return;
  }
  if (balanceOf(m) < e.cost) {
    for (const r of results) expect(r.code).toBe(402);
    return;
  }
  expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
  expect(results.map((r) => r.data.spent).sort((a, b) => b - a)).toEqual([e.cost, ...results.slice(1).map(() => 0)]);
  m.spent += e.cost;
  m.unlocked.add(episodeId);
}

async function stepUnlockSeries(v: Viewer, m: Model, step: Extract<Step, { kind: 'unlockSeries' }>): Promise<void> {
  const quote = quoteOf(m, step.series);
  const locked = lockedOf(m, step.series);
  const seen = step.series in m.seen ? m.seen[step.series]! : quote;
  const sent =
    step.price === 'omit'
      ? undefined
      : step.price === 'stale'
        ? Math.max(0, (quote ?? 0) + step.staleBy)
        : (seen ?? undefined);
  const results = await Promise.all(Array.from({ length: step.copies }, () => unlockSeries(v, step.series, sent)));
  if (quote === null) {
    for (const r of results) expect(r).toMatchObject({ code: 200, data: { spent: 0, unlocked: [] } });
    return;
  }
  if (sent !== undefined && sent !== quote) {
    // A stale price is refused, and charges nothing (the invariants check the ledger after the step).
    for (const r of results) expect(r.code).toBe(409);
    return;
  }
  if (balanceOf(m) < quote) {
    for (const r of results) expect(r.code).toBe(402);
    return;
  }
  expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
  const charged = results.filter((r) => r.data.spent > 0);
  expect(charged).toHaveLength(1);
  expect(charged[0]!.data.spent).toBe(quote);
  expect([...charged[0]!.data.unlocked].sort()).toEqual([...locked].sort());
  m.spent += quote;
  for (const id of locked) m.unlocked.add(id);
}

/** Several different requests at once: which spends win depends on timing, so only the invariants are exact. */
async function stepBurst(v: Viewer, m: Model, steps: BurstStep[]): Promise<void> {
  const quotes = Object.fromEntries(SERIES.map((s) => [s, quoteOf(m, s)])) as Record<SeriesKey, number | null>;
  const before = new Set(m.unlocked);
  const outcomes = await Promise.all(
    steps.map(async (s): Promise<{ step: BurstStep; result?: Envelope<UnlockResult> }> => {
      if (s.kind === 'buy') {
        await buyCoins(v, m, s.plan, 1, {});
        return { step: s };
      }
      if (s.kind === 'grant') {
        const res = await grantCoins(v, randomUUID(), s.coins);
        expect(res.code).toBe(200);
        m.credits += s.coins;
        return { step: s };
      }
      if (s.kind === 'unlock') return { step: s, result: await unlockEpisode(v, pool[s.episode]!) };
      return {
        step: s,
        result: await unlockSeries(v, s.series, s.sendPrice ? (quotes[s.series] ?? undefined) : undefined),
      };
    }),
  );
  const charged: number[] = [];
  for (const { step, result } of outcomes) {
    if (!result) continue;
    if (step.kind === 'unlock') {
      const e = episodes.get(pool[step.episode]!)!;
      expect(e.visible ? (e.free ? [200] : [200, 402]) : [404]).toContain(result.code);
      if (result.code === 200 && result.data.spent > 0) {
        expect(result.data.spent).toBe(e.cost);
        charged.push(pool[step.episode]!);
      }
    } else if (step.kind === 'unlockSeries') {
      expect([200, 402, 409]).toContain(result.code);
      if (result.code === 200 && result.data.spent > 0) {
        // The price charged is the rule's price for exactly the episodes it unlocked.
        expect(result.data.spent).toBe(seriesPriceOf(step.series, result.data.unlocked));
        charged.push(...result.data.unlocked);
      }
    }
    if (result.code === 200 && step.kind !== 'buy' && step.kind !== 'grant') m.spent += result.data.spent;
  }
  // Every episode is paid for at most once, and never again once owned.
  expect(charged.filter((id, i) => charged.indexOf(id) !== i)).toEqual([]);
  expect(charged.filter((id) => before.has(id))).toEqual([]);
  for (const id of charged) m.unlocked.add(id);
}

async function run(v: Viewer, m: Model, step: Step): Promise<void> {
  switch (step.kind) {
    case 'buy':
      return buyCoins(v, m, step.plan, step.taps, step.junk);
    case 'grant': {
      const requestId = v.slots[step.slot]!;
      const results = await Promise.all(
        Array.from({ length: step.copies }, () => grantCoins(v, requestId, step.coins)),
      );
      // The same request id grants once: sent again as it was, it is answered as done; with another
      // amount it is refused (not the same grant), and nothing more is given either way.
      const earlier = m.grants.get(requestId);
      const expected = earlier === undefined || earlier === step.coins ? 200 : 409;
      expect(results.map((r) => r.code)).toEqual(results.map(() => expected));
      if (earlier === undefined) {
        m.grants.set(requestId, step.coins);
        m.credits += step.coins;
      }
      return;
    }
    case 'unlock':
      return stepUnlock(v, m, pool[step.episode]!, step.copies);
    case 'see': {
      const detail = await call<SeriesDetail>(t, v.token, 'GET', `/api/video?id=${f.series[step.series]}`);
      expect(detail.data.lockedTotal).toBe(totalOf(lockedOf(m, step.series)));
      expect(detail.data.seriesPrice).toBe(quoteOf(m, step.series));
      m.seen[step.series] = detail.data.seriesPrice;
      return;
    }
    case 'unlockSeries':
      return stepUnlockSeries(v, m, step);
    case 'reprice': {
      const url = `/api/admin/series/${f.series[step.series]}`;
      const { detailsVersion } = (await admin.get<{ detailsVersion: number }>(url)).data;
      const res = await admin.patch(url, { seriesPrice: step.price, detailsVersion });
      expect(res.code).toBe(200);
      seriesOverride[step.series] = step.price;
      return;
    }
    case 'burst':
      return stepBurst(v, m, step.steps);
  }
}

/** What must hold after every step, read from the API and the database. */
async function checkInvariants(v: Viewer, m: Model): Promise<void> {
  const { db } = t.database;
  const me = await call<User>(t, v.token, 'GET', '/api/user');
  const ledger = await db
    .selectFrom('coin_ledger')
    .select(['delta', 'kind', 'episode_id'])
    .where('user_id', '=', v.id)
    .execute();
  const balanceRow = await db
    .selectFrom('coin_balances')
    .select('balance')
    .where('user_id', '=', v.id)
    .executeTakeFirst();
  const sum = (rows: { delta: number }[]) => rows.reduce((s, r) => s + r.delta, 0);
  expect(me.data.coins).toBe(balanceOf(m));
  expect(me.data.coins).toBeGreaterThanOrEqual(0);
  expect(balanceRow?.balance ?? 0).toBe(me.data.coins);
  // The balance is the ledger's sum; spends are debits and everything else credits.
  expect(sum(ledger)).toBe(me.data.coins);
  const spends = ledger.filter((r) => r.kind === 'spend');
  expect(spends.every((r) => r.delta < 0)).toBe(true);
  expect(ledger.filter((r) => r.kind !== 'spend').every((r) => r.delta > 0)).toBe(true);
  expect(0 - sum(spends)).toBe(m.spent);
  expect(sum(ledger.filter((r) => r.kind !== 'spend'))).toBe(m.credits);
  // An episode bought one by one appears in at most one spend.
  const episodeSpends = spends.map((r) => r.episode_id).filter((id) => id !== null);
  expect(new Set(episodeSpends).size).toBe(episodeSpends.length);
  const unlocks = await db.selectFrom('unlocks').select('episode_id').where('user_id', '=', v.id).execute();
  const paidFor = unlocks.map((u) => u.episode_id).filter((id) => !episodes.get(id)!.free);
  expect(paidFor.sort()).toEqual([...m.unlocked].sort());
}

describe('coins (property-based)', () => {
  it('random purchases, grants and unlocks, alone, repeated and concurrent, match the ledger model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        const g = await newGuest(t);
        const v: Viewer = { ...g, slots: [randomUUID(), randomUUID(), randomUUID()] };
        const m: Model = { credits: 0, spent: 0, unlocked: new Set(), grants: new Map(), seen: {} };
        for (const step of steps) {
          await run(v, m, step);
          await checkInvariants(v, m);
        }
        // The episode lists show exactly the model's locks.
        for (const series of SERIES) {
          const list = await call<EpisodeListItem[]>(
            t,
            v.token,
            'GET',
            `/api/video/episode?seriesId=${f.series[series]}`,
          );
          for (const e of list.data)
            expect({ id: e.id, unlocked: e.unlocked, cost: e.cost }).toEqual({
              id: e.id,
              unlocked: e.free || m.unlocked.has(e.id),
              cost: e.free ? 0 : episodes.get(e.id)!.cost,
            });
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('a series unlock racing episode unlocks of the same series never charges an episode twice', async () => {
    const lockedOfSeries = (s: SeriesKey) => f.episodes[s].filter((id) => !episodes.get(id)!.free);
    await fc.assert(
      fc.asyncProperty(
        seriesArb,
        fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 3 }),
        fc.nat({ max: 3 }),
        async (series, picks, seriesAt) => {
          const g = await newGuest(t);
          const v: Viewer = { ...g, slots: [] };
          expect((await grantCoins(v, randomUUID(), 5000)).code).toBe(200);
          const targets = picks.map((i) => lockedOfSeries(series)[i % lockedOfSeries(series).length]!);
          const requests: (() => Promise<{ episode?: number; result: Envelope<UnlockResult> }>)[] = targets.map(
            (episode) => async () => ({ episode, result: await unlockEpisode(v, episode) }),
          );
          requests.splice(Math.min(seriesAt, requests.length), 0, async () => ({
            result: await unlockSeries(v, series, undefined),
          }));
          const outcomes = await Promise.all(requests.map((r) => r()));
          const charged = outcomes.flatMap(({ episode, result }) =>
            result.code === 200 && result.data.spent > 0 ? (episode ? [episode] : result.data.unlocked) : [],
          );
          expect(charged.filter((id, i) => charged.indexOf(id) !== i)).toEqual([]);
          const spent = outcomes.reduce((sum, o) => sum + (o.result.code === 200 ? o.result.data.spent : 0), 0);
          expect((await call<User>(t, v.token, 'GET', '/api/user')).data.coins).toBe(5000 - spent);
          // Unless the series unlock gave up on a price that kept changing (409), every locked episode
          // of the series ends unlocked, each paid for once.
          if (outcomes.some((o) => o.episode === undefined && o.result.code === 409)) return;
          const unlocks = await t.database.db
            .selectFrom('unlocks')
            .select('episode_id')
            .where('user_id', '=', v.id)
            .execute();
          expect(unlocks.map((u) => u.episode_id).sort()).toEqual([...lockedOfSeries(series)].sort());
          expect([...charged].sort()).toEqual([...lockedOfSeries(series)].sort());
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);
});

describe('prices are set on the server (property-based)', () => {
  it('an order costs the plan price whatever the client adds, and the processor is charged that price', async () => {
    const v = await newGuest(t);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...plans.keys()), junkArb, fc.boolean(), async (planId, junk, pay) => {
        const plan = plans.get(planId)!;
        const order = await call<{ id: string; amount: number; currency: string }>(
          t,
          v.token,
          'POST',
          '/api/payment/order',
          { ...junk, planId },
        );
        expect(order.data).toMatchObject({ amount: plan.price, currency: plan.currency, planId });
        const row = await t.database.db
          .selectFrom('orders')
          .select(['amount', 'currency'])
          .where('id', '=', order.data.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ amount: plan.price, currency: plan.currency });
        if (!pay) return;
        const paid = await call<PayResult>(t, v.token, 'POST', '/api/payment/pay', {
          ...junk,
          orderId: order.data.id,
          method: 'card',
          card: card(),
          agree: true,
        });
        expect(paid.data.status).toBe('paid');
        const charges = await t.database.db
          .selectFrom('sandbox_charges')
          .select(['amount', 'currency'])
          .where('idempotency_key', 'like', `${order.data.id}:%`)
          .execute();
        expect(charges).toEqual([{ amount: plan.price, currency: plan.currency }]);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('a series unlock with a price other than the current quote is refused with 409 and charges nothing', async () => {
    await fc.assert(
      fc.asyncProperty(seriesArb, fc.integer({ min: 0, max: 10_000 }), async (series, price) => {
        const v = await newGuest(t);
        await grantCoins({ ...v, slots: [] }, randomUUID(), 5000);
        const detail = await call<SeriesDetail>(t, v.token, 'GET', `/api/video?id=${f.series[series]}`);
        fc.pre(price !== detail.data.seriesPrice);
        const res = await unlockSeries({ ...v, slots: [] }, series, price);
        expect(res.code).toBe(409);
        expect(res.message).toContain(`${detail.data.seriesPrice} coins`);
        const spends = await t.database.db
          .selectFrom('coin_ledger')
          .select('id')
          .where('user_id', '=', v.id)
          .where('kind', '=', 'spend')
          .execute();
        expect(spends).toEqual([]);
        expect(
          await t.database.db.selectFrom('unlocks').select('episode_id').where('user_id', '=', v.id).execute(),
        ).toEqual([]);
        expect((await call<User>(t, v.token, 'GET', '/api/user')).data.coins).toBe(5000);
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});
