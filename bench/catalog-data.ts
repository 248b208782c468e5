import { openDatabase } from '../apps/server/src/db/connection';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { insertDemoRows } from '../apps/server/src/modules/catalog/demo/demo.repository';

/**
 * Fills a database with the demo catalog's rows, every episode marked packaged (the API benchmarks
 * read the catalog, not the media), plus a week of plays so Trending has something to rank.
 */
export async function prepareCatalogDatabase(target: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<{ seriesId: number }> {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolSize: 2,
    connectTimeoutMs: 5000,
  });
  try {
    await migrateToLatest(database.db as never);
    const ids = await insertDemoRows(database.db, undefined);
    await database.db.updateTable('episodes').set({ media_status: 'ready', duration_ms: 95_000 }).execute();
    await database.db
      .insertInto('system_state')
      .values({ key: 'demo_catalog', value: JSON.stringify({ seriesIds: ids, complete: true }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ seriesIds: ids, complete: true }) }))
      .execute();
    const episodes = await database.db.selectFrom('episodes').select('id').execute();
    const plays = episodes.flatMap((e, i) =>
      Array.from({ length: (i % 7) + 1 }, (_, d) => ({
        episode_id: e.id,
        viewer: `bench-${i}-${d}`,
        day: new Date(Date.now() - d * 86400000).toISOString().slice(0, 10),
      })),
    );
    for (let i = 0; i < plays.length; i += 500)
      await database.db
        .insertInto('episode_plays')
        .values(plays.slice(i, i + 500))
        .execute();
    return { seriesId: ids[0]! };
  } finally {
    await database.close();
  }
}
