import type { EpisodeListItem } from '@episodic/contract';

type Item = Pick<EpisodeListItem, 'id' | 'free' | 'unlocked' | 'cost'>;

/** Whether the list says the viewer may watch an episode (the server decides; this mirrors it). */
export function isOpen(item: Item, member: boolean): boolean {
  return item.free || item.unlocked || member;
}

/** Coins this series has cost the viewer: the prices of the paid episodes they have unlocked. */
export function seriesSpent(episodes: readonly Item[], except?: number): number {
  return episodes.filter((e) => !e.free && e.unlocked && e.id !== except).reduce((sum, e) => sum + e.cost, 0);
}

/** Whether auto-unlock should spend coins on this episode now. */
export function shouldAutoUnlock(item: Item, user: { autoUnlock: boolean; coins: number; membership: { active: boolean } } | undefined): boolean {
  if (!user?.autoUnlock || user.membership.active) return false;
  if (isOpen(item, false)) return false;
  return user.coins >= item.cost;
}
