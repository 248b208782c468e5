import type { Kysely, Transaction } from 'kysely';
import type { ConfigList, TrackingSettings } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { MemoryCache } from '../../cache/memory-cache';
import type { InvalidationBus } from '../../cache/invalidation-bus';
import { listSettings } from './settings.repository';

export function createSettingsService({
  db,
  bus,
  tracking,
}: {
  db: Kysely<DB>;
  bus: InvalidationBus;
  /** How the browser runs tracking (consent mode, pixel scripts): fixed by the environment. */
  tracking?: TrackingSettings;
}) {
  // Read on every page load and changed only by operators: kept in memory, cleared on change.
  const cache = new MemoryCache(60_000, 10);
  bus.subscribe('settings', () => cache.clear());

  /** The public configuration list: every key with its value (empty when unset), and how tracking runs. */
  async function configList(): Promise<ConfigList> {
    const { list } = await cache.get('config', async () => ({ list: await listSettings(db) }));
    return tracking ? { list, tracking: { ...tracking, scripts: { ...tracking.scripts } } } : { list };
  }

  /**
   * The configuration entries as `trx` sees them, past the cache: for a rule applied inside a
   * transaction (a query outside it could wait for the connection the transaction holds).
   */
  const entriesIn = async (trx: Transaction<DB>) => ({ list: await listSettings(trx) });

  /** Marks the configuration changed, on this instance and the others. */
  const invalidate = () => bus.publish('settings');

  return { configList, entriesIn, invalidate };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
