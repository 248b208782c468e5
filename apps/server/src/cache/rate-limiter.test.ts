import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limiter', () => {
  it('keeps refusing a key however many other keys it counts (the old store forgot all at 100,000)', async () => {
    const limiter = createRateLimiter(null);
    const rule = { limit: 3, windowSeconds: 600 };
    for (let i = 0; i < 3; i++) expect(await limiter.hit('attacker', rule)).toBe(0);
    expect(await limiter.hit('attacker', rule)).toBeGreaterThan(0);
    for (let i = 0; i < 100_010; i++) await limiter.hit(`flood-${i}`, rule);
    expect(await limiter.hit('attacker', rule)).toBeGreaterThan(0);
    await limiter.close();
  }, 60_000);

  it('gives a burst on top of the steady rate, and forgets a key on reset', async () => {
    const limiter = createRateLimiter(null);
    const rule = { limit: 2, windowSeconds: 60, burst: { limit: 3, windowSeconds: 3600 } };
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) waits.push(await limiter.hit('visitor', rule));
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(waits[5]).toBeGreaterThan(0);
    const plain = { limit: 1, windowSeconds: 60 };
    await limiter.hit('x', plain);
    expect(await limiter.used('x', plain)).toBe(1);
    await limiter.reset('x', plain);
    expect(await limiter.used('x', plain)).toBe(0);
    await limiter.close();
  });

  it('counts an attempt before the work it guards and gives it back on request', async () => {
    const limiter = createRateLimiter(null);
    const rule = { limit: 2, windowSeconds: 60, blockSeconds: 60 };
    expect(await limiter.take('pair', rule)).toEqual({ wait: 0, used: 1 });
    expect(await limiter.take('pair', rule)).toEqual({ wait: 0, used: 2 });
    await limiter.giveBack('pair', rule);
    expect(await limiter.used('pair', rule)).toBe(1);
    expect((await limiter.take('pair', rule)).wait).toBe(0);
    const refused = await limiter.take('pair', rule);
    expect(refused.wait).toBeGreaterThan(0);
    await limiter.close();
  });

  it('shares counts between instances through Redis', async () => {
    const a = createRateLimiter(REDIS_URL);
    const b = createRateLimiter(REDIS_URL);
    const key = `shared-${randomUUID()}`;
    const rule = { limit: 4, windowSeconds: 60 };
    const waits = [
      await a.hit(key, rule),
      await b.hit(key, rule),
      await a.hit(key, rule),
      await b.hit(key, rule),
      await a.hit(key, rule),
    ];
    expect(waits).toEqual([0, 0, 0, 0, expect.any(Number) as unknown]);
    expect(waits[4]).toBeGreaterThan(0);
    await a.close();
    await b.close();
  });

  it('gives an attempt back in Redis, for every instance', async () => {
    const a = createRateLimiter(REDIS_URL);
    const b = createRateLimiter(REDIS_URL);
    const key = `given-back-${randomUUID()}`;
    const rule = { limit: 3, windowSeconds: 60 };
    expect((await a.take(key, rule)).used).toBe(1);
    expect((await b.take(key, rule)).used).toBe(2);
    await b.giveBack(key, rule);
    expect(await a.used(key, rule)).toBe(1);
    await a.close();
    await b.close();
  });

  it('keeps limiting in this process while Redis does not answer', async () => {
    const limiter = createRateLimiter('redis://127.0.0.1:1');
    const rule = { limit: 2, windowSeconds: 60 };
    const waits = [await limiter.hit('k', rule), await limiter.hit('k', rule), await limiter.hit('k', rule)];
    expect(waits.slice(0, 2)).toEqual([0, 0]);
    expect(waits[2]).toBeGreaterThan(0);
    await limiter.close();
  }, 20_000);
});
