import os from 'node:os';

/** Runs at most `limit` tasks at once; the others wait their turn in order. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Concurrency must be a whole number ≥ 1, got ${limit}`);
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const start = queue.shift();
    if (start) {
      running++;
      start();
    }
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
}

/**
 * Maps `items` through `fn` with at most `limit` calls in flight; results keep the input order.
 * Rejects with the first failure once the calls in flight have settled (no new ones start).
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && nextIndex < items.length) {
      const index = nextIndex++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/**
 * How many packaging runs suit this machine: one per core when each run is limited to one thread
 * (DEMO_INGEST_OPTIONS), else one per two cores (x264 spreads each run over several threads).
 */
export function defaultIngestConcurrency(threadsPerRun = 0): number {
  const cores = os.availableParallelism();
  return threadsPerRun === 1 ? cores : Math.max(1, Math.floor(cores / 2));
}
