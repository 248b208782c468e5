import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sharedServerUrl, SERVER_FIXTURE, type ServerFixture } from './fixtures';
import { startServer } from './server-process';

export interface CatalogServer {
  url: string;
  /** True when this file started its own server (the shared one had an empty catalog). */
  own: boolean;
  stop(): Promise<void>;
}

/** Series added next to the test fixture so a category has more than one page of cards. */
export const EXTRA_ROMANCE_SERIES = 24;

const ACCENTS = ['#7c2d12', '#1e3a8a', '#14532d', '#581c87', '#831843', '#134e4a'];

async function homepageHasContent(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/homepage`);
  const body = (await res.json()) as { data?: { featured?: unknown[]; sections?: unknown[] } };
  return Boolean(body.data?.featured?.length || body.data?.sections?.length);
}

/** Opens a fresh PGlite data folder, migrates it and seeds the catalog fixture plus more romance series. */
export async function seedDataDir(dir: string): Promise<void> {
  const { openPglite } = await import('../apps/server/src/db/connection');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate');
  const { seedCatalogFixture } = await import('../apps/server/test/catalog-fixture');
  const database = await openPglite(path.join(dir, 'db'));
  try {
    await migrateToLatest(database.db as never);
    const fixture = await seedCatalogFixture(database.db);
    const { db } = database;
    for (let i = 1; i <= EXTRA_ROMANCE_SERIES; i++) {
      const { id } = await db
        .insertInto('series')
        .values({
          status: 'published',
          cover_key: null,
          accent_color: ACCENTS[i % ACCENTS.length] ?? null,
          published_at: new Date(Date.now() - (20 + i) * 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('series_translations')
        .values({
          series_id: id,
          language: 'en',
          title: `Summer Letters ${String(i)}`,
          synopsis: 'Two strangers write to each other all summer.',
        })
        .execute();
      await db.insertInto('series_tags').values({ series_id: id, tag_id: fixture.tags.romance, position: 0 }).execute();
      await db
        .insertInto('episodes')
        .values(
          Array.from({ length: 6 }, (_, n) => ({
            series_id: id,
            number: n + 1,
            status: 'published' as const,
            free: n < 2,
            unlock_cost: 40,
            duration_ms: 80_000,
            media_status: 'ready' as const,
          })),
        )
        .execute();
    }
  } finally {
    await database.close();
  }
}

/**
 * The shared e2e server when its catalog has content; otherwise a server of this test file's own,
 * started on a data folder seeded beforehand (the embedded database admits one process at a time).
 */
export async function catalogServer(sharedUrl: string): Promise<CatalogServer> {
  if (await homepageHasContent(sharedUrl)) return { url: sharedUrl, own: false, stop: () => Promise.resolve() };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-discovery-'));
  await seedDataDir(dir);
  const server = await startServer({ DEMO_CATALOG: 'false' }, dir);
  return {
    url: server.url,
    own: true,
    stop: async () => {
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** The `appServer` override of the files that need a catalog (see `catalogServer`). */
export const catalogAppServer: ServerFixture = [
  async ({}, use) => {
    const server = await catalogServer(sharedServerUrl());
    try {
      await use({ url: server.url, stop: () => server.stop().then(() => null) });
    } finally {
      await server.stop();
    }
  },
  SERVER_FIXTURE,
];
