/**
 * A small in-process cache of computed answers with a time limit per entry, cleared as a whole
 * when the data behind it changes. Concurrent misses for one key share one load.
 */
export class MemoryCache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  private loading = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        // A load that started before an invalidation must not put stale data back.
        if (generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        }
        return value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
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
