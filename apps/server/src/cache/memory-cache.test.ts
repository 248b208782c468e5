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

  it('keeps a newer load of a key when an older one ends after a delete', async () => {
    const cache = new MemoryCache(10_000);
    let loads = 0;
    const slow = (ms: number, value: string) => async () => {
      loads++;
      await new Promise((r) => setTimeout(r, ms));
      return value;
    };
    const old = cache.get('k', slow(10, 'old'));
    cache.delete('k');
    const fresh = cache.get('k', slow(30, 'new'));
    expect(await old).toBe('old');
    expect(await cache.get('k', slow(1, 'third'))).toBe('new');
    expect(await fresh).toBe('new');
    expect(loads).toBe(2);
  });

  describe('getMany', () => {
    const loader = () => {
      const asked: string[][] = [];
      const load = async (missing: string[]) => {
        asked.push(missing);
        await new Promise((r) => setTimeout(r, 10));
        return new Map(missing.filter((k) => k !== 'gone').map((k) => [k, `v-${k}`]));
      };
      return { asked, load };
    };

    it('loads only the missing keys, in one call, and keeps what the load did not find', async () => {
      const cache = new MemoryCache(10_000);
      const { asked, load } = loader();
      await cache.get('a', async () => 'v-a');
      const first = await cache.getMany(['a', 'b', 'gone', 'b'], load);
      expect([...first]).toEqual([
        ['a', 'v-a'],
        ['b', 'v-b'],
        ['gone', undefined],
      ]);
      expect(asked).toEqual([['b', 'gone']]);
      await cache.getMany(['a', 'b', 'gone'], load);
      expect(asked).toHaveLength(1);
      expect(await cache.get('b', async () => 'other')).toBe('v-b');
    });

    it('waits for keys another call is loading instead of loading them again', async () => {
      const cache = new MemoryCache(10_000);
      const { asked, load } = loader();
      const [one, two] = await Promise.all([cache.getMany(['a', 'b'], load), cache.getMany(['b', 'c'], load)]);
      expect(asked).toEqual([['a', 'b'], ['c']]);
      expect(one.get('b')).toBe('v-b');
      expect(two.get('b')).toBe('v-b');
      expect(two.get('c')).toBe('v-c');
    });

    it('hands a failed load to every caller waiting on it, with none left unhandled', async () => {
      const cache = new MemoryCache(10_000);
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const failSoon = async () => {
          await new Promise((r) => setTimeout(r, 5));
          throw new Error('down');
        };
        const slowOk = async (missing: string[]) => {
          await new Promise((r) => setTimeout(r, 30));
          return new Map(missing.map((k) => [k, k]));
        };
        // The second call waits on `x` (failing first) while its own batch (`y`) is still running.
        const first = cache.getMany(['x'], failSoon);
        const second = cache.getMany(['x', 'y'], slowOk);
        // Its own batch fails while it waits on a key loading elsewhere (still running).
        const third = cache.getMany(['y', 'z'], failSoon);
        await expect(first).rejects.toThrow('down');
        await expect(second).rejects.toThrow('down');
        await expect(third).rejects.toThrow('down');
        await new Promise((r) => setTimeout(r, 60));
        expect(unhandled).toEqual([]);
        expect((await cache.getMany(['x', 'y', 'z'], slowOk)).get('z')).toBe('z');
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    });

    it('does not keep a batch loaded across a clear, nor a failed one', async () => {
      const cache = new MemoryCache(10_000);
      const { asked, load } = loader();
      const slow = cache.getMany(['a'], load);
      cache.clear();
      expect((await slow).get('a')).toBe('v-a');
      await cache.getMany(['a'], load);
      expect(asked).toHaveLength(2);

      const failing = cache.getMany(['x'], async () => Promise.reject(new Error('down')));
      const waiting = cache.getMany(['x'], load);
      await expect(failing).rejects.toThrow('down');
      await expect(waiting).rejects.toThrow('down');
      expect((await cache.getMany(['x'], load)).get('x')).toBe('v-x');
    });
  });

  it('forgets one key, and keeps no load that was in flight when it did', async () => {
    const cache = new MemoryCache(10_000);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 1);
    let stored = 1;
    const slow = cache.get('b', async () => stored);
    cache.delete('a');
    expect(await slow).toBe(1);
    stored = 2;
    expect(await cache.get('a', async () => stored)).toBe(2);
    expect(await cache.get('b', async () => 3)).toBe(1);

    const inFlight = cache.get('c', async () => {
      await new Promise((r) => setTimeout(r, 10));
      return 'old';
    });
    cache.delete('c');
    expect(await inFlight).toBe('old');
    expect(await cache.get('c', async () => 'new')).toBe('new');
  });
});
