import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMarkerQueue, createRedisBus, type InvalidationBus } from './invalidation-bus';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A marker queue whose sends the test sees, returns and loses by hand. */
function manualQueue(timeoutMs = 60_000) {
  const sent: number[] = [];
  let failNext = false;
  const queue = createMarkerQueue({
    send: (marker) => {
      sent.push(marker);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('connection lost'));
      }
      return Promise.resolve();
    },
    timeoutMs,
  });
  const settled: (boolean | 'pending')[] = [];
  const wait = () => {
    const at = settled.push('pending') - 1;
    void queue.wait().then((ok) => (settled[at] = ok));
    return at;
  };
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { queue, sent, settled, wait, flush, failOnce: () => (failNext = true) };
}

describe('sync markers shared between callers', () => {
  it('settles everyone who called in the same turn with one marker, sent at the end of the turn', async () => {
    const q = manualQueue();
    const callers = Array.from({ length: 20 }, () => q.wait());
    expect(q.sent).toEqual([]);
    await q.flush();
    expect(q.sent).toEqual([1]);
    q.queue.returned(1);
    await q.flush();
    expect(callers.map((i) => q.settled[i])).toEqual(callers.map(() => true));
  });

  it('never settles a caller with a marker sent before it called, and sends one marker per waiting batch', async () => {
    const q = manualQueue();
    const early = q.wait();
    await q.flush();
    // Marker 1 is in flight: these callers came after it went out and must wait for marker 2.
    const late = Array.from({ length: 50 }, () => q.wait());
    await q.flush();
    expect(q.sent).toEqual([1]);
    q.queue.returned(1);
    await q.flush();
    expect(q.settled[early]).toBe(true);
    expect(late.map((i) => q.settled[i])).toEqual(late.map(() => 'pending'));
    // The whole batch shares marker 2, sent only once marker 1 was back.
    expect(q.sent).toEqual([1, 2]);
    const later = q.wait();
    q.queue.returned(2);
    await q.flush();
    expect(late.every((i) => q.settled[i] === true)).toBe(true);
    expect(q.settled[later]).toBe('pending');
    expect(q.sent).toEqual([1, 2, 3]);
    q.queue.returned(3);
    await q.flush();
    expect(q.settled[later]).toBe(true);
  });

  it('answers false when a marker is lost or its send fails, and a late marker settles nobody after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const q = manualQueue(1000);
    const lost = q.wait();
    await q.flush();
    const next = q.wait();
    await q.flush();
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await q.flush();
    expect(q.settled[lost]).toBe(false);
    // The waiting batch went out as marker 2 when marker 1 was given up.
    expect(q.sent).toEqual([1, 2]);
    q.queue.returned(1);
    await q.flush();
    expect(q.settled[next]).toBe('pending');
    q.queue.returned(2);
    await q.flush();
    expect(q.settled[next]).toBe(true);

    q.failOnce();
    const failed = q.wait();
    await q.flush();
    await q.flush();
    expect(q.settled[failed]).toBe(false);
    const after = q.wait();
    await q.flush();
    expect(q.sent).toEqual([1, 2, 3, 4]);
    q.queue.returned(4);
    await q.flush();
    expect(q.settled[after]).toBe(true);
  });

  it('answers false to everyone waiting once closed', async () => {
    const q = manualQueue();
    const inFlight = q.wait();
    await q.flush();
    const waiting = q.wait();
    q.queue.close();
    await q.flush();
    expect([q.settled[inFlight], q.settled[waiting]]).toEqual([false, false]);
    expect(q.sent).toEqual([1]);
    expect(await q.queue.wait()).toBe(false);
  });
});

describe('sync through Redis between two instances', () => {
  const buses: InvalidationBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('has delivered every invalidation published before the call, however many reads sync at once', async () => {
    const errors: Error[] = [];
    const reader = createRedisBus(REDIS_URL, (err) => errors.push(err));
    const writer = createRedisBus(REDIS_URL, (err) => errors.push(err));
    buses.push(reader, writer);
    const channel = `bus-test-${String(Date.now())}`;
    const seen = new Set<string>();
    reader.subscribe(channel, (message) => seen.add(message));
    await Promise.all([reader.ready(), writer.ready()]);
    expect(await reader.sync()).toBe(true);

    for (let round = 0; round < 30; round++) {
      // Reads already syncing (their marker may reach Redis before the invalidation)...
      const before = Array.from({ length: 20 }, () => reader.sync());
      await writer.publish(channel, `revoked-${String(round)}`);
      // ...and reads that start once the writer's answer would have gone out: each must see it.
      const after = Array.from({ length: 20 }, async () => {
        const ok = await reader.sync();
        return ok && seen.has(`revoked-${String(round)}`);
      });
      expect(await Promise.all(after)).toEqual(after.map(() => true));
      expect(await Promise.all(before)).toEqual(before.map(() => true));
    }
    expect(errors).toEqual([]);
  });
  it('subscribes whenever a module asks, even while the connection is being set up', async () => {
    const errors: Error[] = [];
    const reader = createRedisBus(REDIS_URL, (err) => errors.push(err));
    const writer = createRedisBus(REDIS_URL, () => undefined);
    buses.push(reader, writer);
    // Modules subscribe as they register, one tick after another: some of these land between the
    // socket's connect and its ready state (a subscription sent then used to fail every ready check).
    const seen: string[] = [];
    const channels: string[] = [];
    const until = Date.now() + 300;
    while (Date.now() < until) {
      const channel = `bus-start-${String(channels.length)}-${String(Date.now())}`;
      channels.push(channel);
      reader.subscribe(channel, (message) => seen.push(message));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([reader.ready(), writer.ready()]);
    expect(await reader.sync()).toBe(true);
    await writer.publish(channels.at(-1)!, 'last');
    await writer.publish(channels[0]!, 'first');
    expect(await reader.sync()).toBe(true);
    expect(seen.sort()).toEqual(['first', 'last']);
    expect(errors).toEqual([]);
  });
});
