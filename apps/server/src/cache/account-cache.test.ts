import { describe, expect, it } from 'vitest';
import { createAccountCache } from './account-cache';

const one = (id: string) => ({ users: [id], sessions: [], all: false });
const ALL = { users: [], sessions: [], all: true };

/** A load that counts its reads and answers what the "database" holds when it is read. */
function source(initial: string) {
  let value = initial;
  let reads = 0;
  return {
    set: (v: string) => (value = v),
    load: async () => {
      reads++;
      return { value };
    },
    get reads() {
      return reads;
    },
  };
}

describe('the per-account cache', () => {
  it('serves a value from memory until a write to its account is announced', async () => {
    const cache = createAccountCache<{ value: string }>({ ttlMs: 10_000, max: 10, sync: null });
    const db = source('a');
    expect((await cache.get('u1', db.load)).value).toBe('a');
    expect((await cache.get('u1', db.load)).value).toBe('a');
    expect(db.reads).toBe(1);
    db.set('b');
    cache.invalidate(one('u2'));
    expect((await cache.get('u1', db.load)).value).toBe('a');
    cache.invalidate(one('u1'));
    expect((await cache.get('u1', db.load)).value).toBe('b');
    db.set('c');
    cache.invalidate(ALL);
    expect((await cache.get('u1', db.load)).value).toBe('c');
    expect(db.reads).toBe(3);
  });

  it('never keeps a value read while a write to its account was being announced', async () => {
    const cache = createAccountCache<{ value: string }>({ ttlMs: 10_000, max: 10, sync: null });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The fill reads the old rows, then the write commits and is announced before the fill stores.
    const filling = cache.get('u1', async () => {
      await gate;
      return { value: 'before the write' };
    });
    cache.invalidate(one('u1'));
    release();
    expect((await filling).value).toBe('before the write');
    const db = source('after the write');
    expect((await cache.get('u1', db.load)).value).toBe('after the write');
    expect(db.reads).toBe(1);
  });

  it('drops every value when a write could not be narrowed during a fill', async () => {
    const cache = createAccountCache<{ value: string }>({ ttlMs: 10_000, max: 10, sync: null });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const filling = cache.get('u1', async () => {
      await gate;
      return { value: 'old' };
    });
    cache.invalidate(ALL);
    release();
    await filling;
    const db = source('new');
    expect((await cache.get('u1', db.load)).value).toBe('new');
  });

  it('reads the database when other instances’ invalidations cannot be known to have arrived', async () => {
    let synced = true;
    const cache = createAccountCache<{ value: string }>({ ttlMs: 10_000, max: 10, sync: async () => synced });
    const db = source('a');
    await cache.get('u1', db.load);
    await cache.get('u1', db.load);
    expect(db.reads).toBe(1);
    synced = false;
    db.set('b');
    expect((await cache.get('u1', db.load)).value).toBe('b');
    expect(db.reads).toBe(2);
  });

  it('drops a value whose invalidation arrives while its hit waits for the sync marker', async () => {
    const cache = createAccountCache<{ value: string }>({
      ttlMs: 10_000,
      max: 10,
      sync: async () => {
        // Another instance's write arrives before the marker comes back.
        cache.invalidate(one('u1'));
        return true;
      },
    });
    const db = source('a');
    await cache.get('u1', db.load);
    db.set('b');
    expect((await cache.get('u1', db.load)).value).toBe('b');
  });
});
