import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

interface PendingPlay {
  episodeId: number;
  viewer: string;
  day: string;
}

export interface PlayCounter {
  /** Notes a play; written with the next batch. */
  record(episodeId: number, viewer: string): void;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  stop(): Promise<void>;
}

const MAX_PENDING = 10_000;

/**
 * Counts plays off the request path: plays are buffered and written in batches, one count per
 * viewer per episode per day (the episode_plays primary key deduplicates, also across instances),
 * and the episode and series counters grow only by the plays that were new.
 */
export function createPlayCounter(db: Kysely<DB>, opts: { intervalMs: number; onError: (err: unknown) => void }): PlayCounter {
  let pending = new Map<string, PendingPlay>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: PendingPlay[]): Promise<void> {
    if (batch.length === 0) return;
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('episode_plays')
        .values(batch.map((p) => ({ episode_id: p.episodeId, viewer: p.viewer, day: p.day })))
        .onConflict((oc) => oc.doNothing())
        .returning('episode_id')
        .execute();
      const perEpisode = new Map<number, number>();
      for (const row of inserted) perEpisode.set(row.episode_id, (perEpisode.get(row.episode_id) ?? 0) + 1);
      if (perEpisode.size === 0) return;
      const values = sql.join([...perEpisode].map(([id, n]) => sql`(${id}::int, ${n}::int)`));
      await sql`
        WITH counts(episode_id, n) AS (VALUES ${values}),
        episodes_updated AS (
          UPDATE episodes e SET play_count = e.play_count + c.n FROM counts c WHERE e.id = c.episode_id RETURNING e.series_id, c.n
        )
        UPDATE series s SET play_count = s.play_count + u.total
        FROM (SELECT series_id, sum(n) AS total FROM episodes_updated GROUP BY series_id) u
        WHERE s.id = u.series_id`.execute(trx);
    });
  }

  async function flush(): Promise<void> {
    const batch = [...pending.values()];
    pending = new Map();
    flushing = flushing.then(() => write(batch)).catch((err: unknown) => {
      // Keep the plays for the next round rather than lose them to a passing outage.
      for (const p of batch) if (pending.size < MAX_PENDING) pending.set(`${p.episodeId}:${p.viewer}:${p.day}`, p);
      opts.onError(err);
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), opts.intervalMs);
  timer.unref();

  return {
    record(episodeId, viewer) {
      const day = new Date().toISOString().slice(0, 10);
      if (pending.size < MAX_PENDING) pending.set(`${episodeId}:${viewer}:${day}`, { episodeId, viewer, day });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
