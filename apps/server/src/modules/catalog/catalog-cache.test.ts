import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import type { Database } from '../../db/connection';
import { createRedisBus, type InvalidationBus } from '../../cache/invalidation-bus';
import { createCatalogService } from './catalog.service';
import { createAccessService } from '../access/index';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const noMedia = async () => ({ playable: false, hls: null, poster: null, thumbnail: null, subtitles: [], start: null });

let database: Database;
let f: CatalogFixture;
const buses: InvalidationBus[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  f = await seedCatalogFixture(database.db);
});
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await database.close();
});

function instance() {
  const bus = createRedisBus(REDIS_URL, (err) => {
    throw err;
  });
  buses.push(bus);
  return {
    bus,
    catalog: createCatalogService({
      db: database.db,
      bus,
      mediaUrl: (k) => `/media/${k}`,
      episodeMedia: noMedia,
      access: createAccessService({ db: database.db, isMember: async () => false }),
      cacheTtlMs: 60_000,
    }),
  };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not true within ${ms} ms`);
}

describe('catalog cache across instances (Redis)', () => {
  it('serves reads from memory, and an edit on one instance reaches the other through Redis', async () => {
    const { catalog: a } = instance();
    const { catalog: b, bus: busB } = instance();
    let heardAt = 0;
    busB.subscribe('catalog', () => (heardAt = Date.now()));
    await Promise.all(buses.map((bus) => bus.ready()));
    const title = async (svc: typeof a) => (await svc.seriesDetail(f.series.ceo, 'en', null)).title;
    expect(await title(a)).toBe('The Billionaire’s Secret Bride');
    expect(await title(b)).toBe('The Billionaire’s Secret Bride');

    await database.db
      .updateTable('series_translations')
      .set({ title: 'The Bride of the Bund' })
      .where('series_id', '=', f.series.ceo)
      .where('language', '=', 'en')
      .execute();
    // Cached: neither instance has gone back to the database.
    expect(await title(b)).toBe('The Billionaire’s Secret Bride');

    await a.invalidate();
    expect(await title(a)).toBe('The Bride of the Bund');
    // The other instance hears of the edit (in milliseconds; the bound only stops a lost message
    // from hanging the test), and its next answer has it. Latency is measured by the benchmarks.
    await until(async () => heardAt > 0, 15_000);
    expect(await title(b)).toBe('The Bride of the Bund');
  });
});
