import { LRUCache } from 'lru-cache';

/**
 * For every time-limited LRU of the server: the clock is read on each use. lru-cache's default
 * (`ttlResolution: 1`) keeps a reading for a millisecond behind a timer, which under load is a new
 * timer every millisecond per cache (one hot-reads comparison: `/api/user` 4 to 11 µs less CPU per
 * request without, against noise of about ±5 µs on the shared machine).
 */
export const CLOCK_ON_USE = { ttlResolution: 0 } as const;

/**
 * A small in-process cache of computed answers with a time limit per entry, cleared as a whole
 * when the data behind it changes. Concurrent misses for one key share one load. When full, the
 * least recently used entry goes: a flood of one-off keys (searches) never pushes out the answers
 * every visitor asks for (the homepage).
 */
export class MemoryCache {
  // Values are boxed: a load may answer undefined (an unknown id), which is worth keeping too.
  private entries: LRUCache<string, { value: unknown }>;
  private loading = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(ttlMs: number, maxEntries = 5000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs, ...CLOCK_ON_USE });
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    // Only this load's own entry is removed: after a `delete`, a newer load of the key may be in its place.
    const settled = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    const promise: Promise<T> = load().then(
      (value) => {
        settled();
        // A load that started before an invalidation must not put stale data back.
        if (generation === this.generation) this.entries.set(key, { value });
        return value;
      },
      (err: unknown) => {
        settled();
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * The values of several keys, the missing ones loaded together by one call (`load` answers the keys it
   * found; a key it leaves out is kept as undefined). Keys already loading are awaited, not loaded again.
   */
  async getMany<T>(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<Map<string, T | undefined>> {
    const found = new Map<string, T | undefined>();
    // Every wait and the batch are awaited together (one Promise.all, made before anything settles), so
    // a failure of any of them is handled, whichever fails first.
    const tasks: Promise<void>[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (hit) found.set(key, hit.value as T | undefined);
      else {
        const pending = this.loading.get(key);
        if (pending) tasks.push((pending as Promise<T | undefined>).then((value) => void found.set(key, value)));
        else if (!missing.includes(key)) missing.push(key);
      }
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const batch = load(missing).finally(() => {
        for (const key of missing) if (this.loading.get(key) === shared.get(key)) this.loading.delete(key);
      });
      const shared = new Map(missing.map((key) => [key, batch.then((values) => values.get(key))]));
      for (const [key, promise] of shared) {
        // Other callers waiting on one key see the batch's failure; this caller gets it from `tasks`.
        promise.catch(() => undefined);
        this.loading.set(key, promise);
      }
      tasks.push(
        batch.then((values) => {
          for (const key of missing) {
            found.set(key, values.get(key));
            if (generation === this.generation) this.entries.set(key, { value: values.get(key) });
          }
        }),
      );
    }
    await Promise.all(tasks);
    return found;
  }

  /** Forgets one key; loads in flight (of any key) are not kept, as they may have read what changed. */
  delete(key: string): void {
    this.generation++;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
