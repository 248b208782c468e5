import type { Kysely, Transaction } from 'kysely';
import type { EpisodeAccess } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { AccountCache } from '../../cache/account-cache';
import * as repo from './access.repository';

export type AccessReason = EpisodeAccess;

/** Whether a viewer may play an episode, why (or why not), and what unlocking it costs. */
export interface Access {
  playable: boolean;
  reason: AccessReason;
  /** Coins to unlock the episode; 0 for a free one. */
  price: number;
}

/** What the rule needs to know of an episode viewers may see (the caller may hold it already, like the catalog). */
export interface EpisodeFacts {
  id: number;
  free: boolean;
  /** The episode's unlock price in coins. */
  cost: number;
}

/**
 * What a viewer holds, as lists show it: their unlocked episodes (with each one's series) and their
 * membership's period. Read once per viewer and kept until a write to their unlocks or membership.
 */
export interface ViewerAccess {
  unlocks: ReadonlyMap<number, number>;
  membership: { status: string; current_period_end: Date } | undefined;
}

export interface AccessDeps {
  db: Kysely<DB>;
  /**
   * Viewers' unlocks and membership for the lists (cache/account-cache.ts: dropped on every write to
   * them, here and on the other instances). Keys, playlists and unlocking never read it.
   */
  viewers?: AccountCache<ViewerAccess> | null;
  /** Whether the user holds an active membership; asked only for a paid episode not unlocked. By default `isActiveMember`. */
  isMember?: (userId: string) => Promise<boolean>;
}

/**
 * The membership rule: a membership plays paid episodes while it is active and its paid period is
 * not over. Billing shows a membership as active by this same rule.
 */
export function isMembershipActive(
  membership: { status: string; current_period_end: Date } | undefined,
  now = new Date(),
): boolean {
  return membership !== undefined && membership.status === 'active' && membership.current_period_end > now;
}

/** Whether the user's membership is active now (memberships are billing's rows; the rule is access's). */
export async function isActiveMember(db: Kysely<DB>, userId: string): Promise<boolean> {
  return isMembershipActive(await repo.membershipPeriod(db, userId));
}

/** The rule: free plays for everyone, then the viewer's unlock, then an active membership; otherwise locked. */
function judge(episode: EpisodeFacts, unlocked: boolean, member: boolean): Access {
  const price = episode.free ? 0 : episode.cost;
  if (episode.free) return { playable: true, reason: 'free', price };
  if (unlocked) return { playable: true, reason: 'unlocked', price };
  if (member) return { playable: true, reason: 'member', price };
  return { playable: false, reason: 'locked', price };
}

/**
 * Who may play what: the one place that answers it, and the only reader of `unlocks` for it. Playback
 * (keys, playlists, subtitles), the catalog's episode lists, unlocking, play counting and the library ask here.
 */
export function createAccessService({ db, isMember = (userId) => isActiveMember(db, userId), viewers }: AccessDeps) {
  async function decideWith(
    userId: string | null,
    episodes: readonly EpisodeFacts[],
    unlocked: (id: number) => boolean,
  ): Promise<Map<number, Access>> {
    const member = userId !== null && episodes.some((e) => !e.free && !unlocked(e.id)) && (await isMember(userId));
    return new Map(episodes.map((e) => [e.id, judge(e, unlocked(e.id), member)]));
  }

  /** Access to episodes the caller already knows (published ones), for a viewer (null: nobody signed in). */
  async function decide(userId: string | null, episodes: readonly EpisodeFacts[]): Promise<Map<number, Access>> {
    const paid = episodes.filter((e) => !e.free).map((e) => e.id);
    const unlocked = userId ? await repo.unlockedIds(db, userId, paid) : new Set<number>();
    return decideWith(userId, episodes, (id) => unlocked.has(id));
  }

  /** Access to episodes by id; an episode viewers may not see (missing, a draft, or of a draft series) is absent. */
  async function ofEpisodes(userId: string | null, episodeIds: readonly number[]): Promise<Map<number, Access>> {
    const rows = await repo.publishedEpisodes(db, episodeIds, userId);
    const unlocked = new Set(rows.filter((r) => r.unlocked).map((r) => r.id));
    const facts = rows.map((r) => ({ id: r.id, free: r.free, cost: r.unlock_cost }));
    return decideWith(userId, facts, (id) => unlocked.has(id));
  }

  /** Access to one episode; null when viewers may not see it. */
  async function ofEpisode(userId: string | null, episodeId: number): Promise<Access | null> {
    return (await ofEpisodes(userId, [episodeId])).get(episodeId) ?? null;
  }

  /** Whether the viewer may play the episode (its key, playlists and subtitles; a play counts only then). */
  async function canWatch(userId: string | null, episodeId: number): Promise<boolean> {
    return (await ofEpisode(userId, episodeId))?.playable ?? false;
  }

  /**
   * Which of these episodes the user already unlocked. Inside the caller's transaction (billing, under
   * its balance lock) an unlock committed meanwhile by a concurrent request is seen.
   */
  async function unlockedAmong(
    userId: string,
    episodeIds: readonly number[],
    trx?: Transaction<DB>,
  ): Promise<number[]> {
    return [...(await repo.unlockedIds(trx ?? db, userId, episodeIds))];
  }

  /** Series in which the user unlocked episodes, the latest unlock first: counts, highest number and latest time. */
  function unlockedSeries(userId: string, offset: number, limit: number): Promise<repo.UnlockedSeriesRow[]> {
    return repo.unlockedSeries(db, userId, offset, limit);
  }

  /**
   * What a viewer keeps of archived content: the episodes they unlocked before the episode or its series
   * was archived, among these series or this episode (nobody signed in keeps nothing).
   */
  async function keptEpisodes(
    userId: string | null,
    among: { seriesIds: readonly number[] } | { episodeId: number },
  ): Promise<{ id: number; seriesId: number }[]> {
    if (!userId) return [];
    return (await repo.keptEpisodes(db, userId, among)).map((r) => ({ id: r.id, seriesId: r.series_id }));
  }

  /** The viewer's unlocks and membership as the lists show them (from memory while no write touched them). */
  async function viewer(userId: string): Promise<ViewerAccess> {
    const load = async (): Promise<ViewerAccess> => {
      const [unlocks, membership] = await Promise.all([
        repo.unlocksWithSeries(db, userId),
        repo.membershipPeriod(db, userId),
      ]);
      return { unlocks: new Map(unlocks.map((u) => [u.episode_id, u.series_id])), membership };
    };
    return viewers ? viewers.get(userId, load) : load();
  }

  /** The same rule as `decide`, from what a viewer holds (`viewer`); null: nobody signed in. */
  function decideFor(
    held: ViewerAccess | null,
    episodes: readonly EpisodeFacts[],
    now = new Date(),
  ): Map<number, Access> {
    const member = held !== null && isMembershipActive(held.membership, now);
    return new Map(episodes.map((e) => [e.id, judge(e, held?.unlocks.has(e.id) ?? false, member)]));
  }

  return { decide, decideFor, viewer, ofEpisodes, ofEpisode, canWatch, unlockedAmong, unlockedSeries, keptEpisodes };
}

export type AccessService = ReturnType<typeof createAccessService>;
