import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import {
  addPlayCounts,
  claimSeriesAddressDays,
  forgetViewer,
  insertPlays,
  pruneStartsAndClaims,
  rememberStart,
  takeStart,
} from './play-counter.repository';

interface PendingPlay {
  episodeId: number;
  viewer: string;
  day: string;
  /** Set for guests and accounts too new to count on their own: one play per series, address and day. */
  address: string | null;
}

/** A play counts once the viewer's player reports this many seconds, this long after its start. */
export const REAL_PLAYBACK_SECONDS = 3;
/**
 * Accounts younger than this (and guests of any age) count one play per series, address and day
 * between them.
 */
export const NEW_ACCOUNT_MINUTES = 24 * 60;

/** Whether a viewer may watch an episode: the playback module's rule (the one its keys obey). */
export type WatchCheck = (userId: string, episodeId: number) => Promise<boolean>;

export interface PlayCounter {
  /**
   * The viewer's player started an episode: remembered, not counted yet; ignored (false) unless the
   * viewer may watch the episode, so a locked episode's start counts nothing without its key.
   */
  started(episodeId: number, userId: string): Promise<boolean>;
  /**
   * The viewer's player reported a position: a play started at least REAL_PLAYBACK_SECONDS ago and
   * now that far in counts (once per viewer, episode and day). `address` is the client address key.
   */
  progressed(episodeId: number, userId: string, positionSeconds: number, address: string): Promise<void>;
  /** Notes a play; written with the next batch. */
  record(episodeId: number, viewer: string, address?: string | null): void;
  /** Forgets starts that never became plays and yesterday's per-address counts (scheduled). */
  prune(): Promise<void>;
  /** Writes what is pending now (the job runner calls it every few seconds). */
  flush(): Promise<void>;
  /** Writes what is pending, at shutdown. */
  stop(): Promise<void>;
  /**
   * An account is being deleted (inside its transaction): its plays stay counted (and in the recent
   * plays trending ranks by) but no longer name it, and its plays not written yet are dropped.
   */
  forget(trx: Transaction<DB>, userId: string): Promise<void>;
}

const MAX_PENDING = 10_000;

/**
 * Counts plays off the request path: plays are buffered and written in batches, one count per
 * viewer per episode per day (the episode_plays primary key deduplicates, also across instances),
 * and the episode and series counters grow only by the plays that were new. A play is only noted
 * after real playback (a start of an episode the viewer may watch, then progress seconds later), and
 * plays of guests (whatever their age) and of accounts younger than a day count once per series,
 * address and day between them: guests cost nothing to make, so however many one address holds,
 * and however long it kept them, they weigh as one viewer.
 */
export function createPlayCounter(
  db: Kysely<DB>,
  opts: { onError: (err: unknown) => void; canWatch: WatchCheck },
): PlayCounter {
  let pending = new Map<string, PendingPlay>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: PendingPlay[]): Promise<void> {
    if (batch.length === 0) return;
    await db.transaction().execute(async (trx) => {
      const inserted = await insertPlays(trx, batch);
      const playOf = new Map(batch.map((p) => [`${p.episodeId}:${p.viewer}`, p]));
      const newPlays = inserted.map((row) => playOf.get(`${row.episode_id}:${row.viewer}`)!);
      // Plays held to once per series, address and day: one statement claims every (series, address,
      // day) of the batch; a play counts when it is the first of the batch with a claimed one.
      const held = newPlays.filter((p): p is PendingPlay & { address: string } => p.address !== null);
      const claimed = new Set<string>();
      const seriesOf = new Map<number, number>();
      if (held.length > 0) {
        const rows = await claimSeriesAddressDays(trx, held);
        for (const row of rows) {
          seriesOf.set(row.episode_id, row.series_id);
          if (row.first) claimed.add(`${row.series_id}:${row.address}:${row.day}`);
        }
      }
      const perEpisode = new Map<number, number>();
      for (const play of newPlays) {
        if (play.address !== null) {
          // The claim is spent by the first play of the batch that holds it; plays of episodes gone since count nothing.
          const key = `${seriesOf.get(play.episodeId)}:${play.address}:${play.day}`;
          if (!seriesOf.has(play.episodeId) || !claimed.delete(key)) continue;
        }
        perEpisode.set(play.episodeId, (perEpisode.get(play.episodeId) ?? 0) + 1);
      }
      if (perEpisode.size === 0) return;
      await addPlayCounts(trx, perEpisode);
    });
  }

  async function flush(): Promise<void> {
    const batch = [...pending.values()];
    pending = new Map();
    flushing = flushing
      .then(() => write(batch))
      .catch((err: unknown) => {
        // Keep the plays for the next round rather than lose them to a passing outage.
        for (const p of batch) if (pending.size < MAX_PENDING) pending.set(`${p.episodeId}:${p.viewer}:${p.day}`, p);
        opts.onError(err);
      });
    return flushing;
  }

  function record(episodeId: number, viewer: string, address: string | null = null): void {
    const day = new Date().toISOString().slice(0, 10);
    if (pending.size < MAX_PENDING) pending.set(`${episodeId}:${viewer}:${day}`, { episodeId, viewer, day, address });
  }

  return {
    async started(episodeId, userId) {
      if (!(await opts.canWatch(userId, episodeId))) return false;
      await rememberStart(db, userId, episodeId);
      return true;
    },
    async progressed(episodeId, userId, positionSeconds, address) {
      if (positionSeconds < REAL_PLAYBACK_SECONDS) return;
      // The clock is the database's, the same for every instance.
      const start = await takeStart(db, userId, episodeId, REAL_PLAYBACK_SECONDS, NEW_ACCOUNT_MINUTES);
      if (start) record(episodeId, userId, start.per_address ? address : null);
    },
    record,
    async prune() {
      await pruneStartsAndClaims(db);
    },
    flush,
    async stop() {
      await flush();
    },
    async forget(trx, userId) {
      for (const [key, play] of pending) if (play.viewer === userId) pending.delete(key);
      await forgetViewer(trx, userId);
    },
  };
}
