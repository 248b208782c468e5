import { describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache';

describe('MemoryCache', () => {
  it('loads once for concurrent misses and serves hits from memory', async () => {
    const cache = new MemoryCache(10_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 'value';
    };
    const results = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(results).toEqual(['value', 'value', 'value']);
    expect(await cache.get('k', load)).toBe('value');
    expect(loads).toBe(1);
  });

  it('forgets everything when cleared, including a load in flight', async () => {
    const cache = new MemoryCache(10_000);
    let version = 1;
    const slow = cache.get('k', async () => {
      const seen = version;
      await new Promise((r) => setTimeout(r, 20));
      return seen;
    });
    cache.clear();
    version = 2;
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => version)).toBe(2);
  });

  it('expires entries after their time limit', async () => {
    const cache = new MemoryCache(5);
    let n = 0;
    await cache.get('k', async () => ++n);
    await new Promise((r) => setTimeout(r, 10));
    expect(await cache.get('k', async () => ++n)).toBe(2);
  });

  it('drops the least recently used entry when full', async () => {
    const cache = new MemoryCache(10_000, 3);
    let loads = 0;
    const load = async () => ++loads;
    for (const key of ['home', 'a', 'b']) await cache.get(key, load);
    await cache.get('home', load);
    await cache.get('c', load);
    expect(cache.size).toBe(3);
    expect(await cache.get('home', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(5);
  });

  it('keeps an undefined answer', async () => {
    const cache = new MemoryCache(10_000);
    let loads = 0;
    const load = async () => {
      loads++;
      return undefined;
    };
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(1);
  });

  it('does not cache a failed load', async () => {
    const cache = new MemoryCache(10_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
