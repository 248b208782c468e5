import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';

export interface CatalogFixture {
  tags: { romance: number; revenge: number; empty: number };
  series: { ceo: number; wolf: number; palace: number; draft: number; unpackaged: number };
  episodes: Record<'ceo' | 'wolf' | 'palace', number[]>;
  sections: { featured: number; asian: number; categories: number; trending: number };
}

type Lang = 'en' | 'es' | 'fy' | 'dy' | 'pt';

async function tag(
  db: Kysely<DB>,
  slug: string,
  position: number,
  names: Partial<Record<Lang, string>>,
): Promise<number> {
  const { id } = await db.insertInto('tags').values({ slug, position }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('tag_translations')
    .values(Object.entries(names).map(([language, name]) => ({ tag_id: id, language: language as Lang, name })))
    .execute();
  return id;
}

async function series(
  db: Kysely<DB>,
  opts: {
    titles: Partial<Record<Lang, [string, string]>>;
    status?: 'draft' | 'published';
    tags: number[];
    publishedDaysAgo: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('series')
    .values({
      status: opts.status ?? 'published',
      cover_key: 'covers/test.jpg',
      accent_color: '#c0392b',
      published_at: new Date(Date.now() - opts.publishedDaysAgo * 86400000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('series_translations')
    .values(
      Object.entries(opts.titles).map(([language, [title, synopsis]]) => ({
        series_id: id,
        language: language as Lang,
        title,
        synopsis,
      })),
    )
    .execute();
  if (opts.tags.length)
    await db
      .insertInto('series_tags')
      .values(opts.tags.map((tag_id, position) => ({ series_id: id, tag_id, position })))
      .execute();
  return id;
}

async function episodes(db: Kysely<DB>, seriesId: number, count: number, ready = true): Promise<number[]> {
  const rows = await db
    .insertInto('episodes')
    .values(
      Array.from({ length: count }, (_, i) => ({
        series_id: seriesId,
        number: i + 1,
        status: 'published' as const,
        free: i < 2,
        unlock_cost: 50,
        duration_ms: 95_000,
        media_status: ready ? ('ready' as const) : ('none' as const),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A small catalog: three visible series in two languages, a draft one and one whose media is not ready. */
export async function seedCatalogFixture(db: Kysely<DB>): Promise<CatalogFixture> {
  const romance = await tag(db, 'romance', 1, {
    en: 'Romance',
    es: 'Romance',
    fy: 'Romance',
    dy: 'Romantik',
    pt: 'Romance',
  });
  const revenge = await tag(db, 'revenge', 2, {
    en: 'Revenge',
    es: 'Venganza',
    fy: 'Vengeance',
    dy: 'Rache',
    pt: 'Vingança',
  });
  const empty = await tag(db, 'empty', 3, { en: 'Nothing yet' });
  const ceo = await series(db, {
    titles: {
      en: ['The Billionaire’s Secret Bride', 'A contract marriage in Shanghai turns real.'],
      es: ['La novia secreta del millonario', 'Un matrimonio por contrato en Shanghái se vuelve real.'],
    },
    tags: [romance],
    publishedDaysAgo: 3,
  });
  const wolf = await series(db, {
    titles: {
      en: ['Moonlight Alpha', 'A werewolf pack in Montana and the woman who will lead it.'],
      dy: ['Mondlicht-Alpha', 'Ein Wolfsrudel in Montana und die Frau, die es führen wird.'],
    },
    tags: [romance, revenge],
    publishedDaysAgo: 1,
  });
  const palace = await series(db, {
    titles: {
      en: ['Jade Palace Revenge', 'A wronged concubine returns to the Tang court.'],
      fy: ['La Vengeance du palais de jade', 'Une concubine trahie revient à la cour des Tang.'],
    },
    tags: [revenge],
    publishedDaysAgo: 10,
  });
  const draft = await series(db, {
    titles: { en: ['Unreleased Draft', 'Not yet.'] },
    status: 'draft',
    tags: [romance],
    publishedDaysAgo: 0,
  });
  const unpackaged = await series(db, {
    titles: { en: ['Still Encoding', 'Media not ready.'] },
    tags: [romance],
    publishedDaysAgo: 0,
  });
  const eps = {
    ceo: await episodes(db, ceo, 12),
    wolf: await episodes(db, wolf, 8),
    palace: await episodes(db, palace, 10),
  };
  await episodes(db, draft, 3);
  await episodes(db, unpackaged, 3, false);

  const section = async (slug: string, kind: 'featured' | 'curated' | 'categories' | 'trending', position: number) =>
    (
      await db
        .insertInto('homepage_sections')
        .values({ slug, kind, position })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const featured = await section('featured', 'featured', 0);
  const asian = await section('asian-stories', 'curated', 1);
  const categories = await section('switch-categories', 'categories', 2);
  const trending = await section('trending', 'trending', 3);
  await db
    .insertInto('homepage_section_translations')
    .values([
      { section_id: featured, language: 'en', title: 'Featured' },
      { section_id: asian, language: 'en', title: 'Asian stories' },
      { section_id: asian, language: 'es', title: 'Historias asiáticas' },
      { section_id: categories, language: 'en', title: 'Switch categories' },
      { section_id: trending, language: 'en', title: 'Trending' },
    ])
    .execute();
  await db
    .insertInto('homepage_section_items')
    .values([
      { section_id: featured, series_id: wolf, position: 0 },
      { section_id: featured, series_id: ceo, position: 1 },
      { section_id: featured, series_id: draft, position: 2 },
      { section_id: asian, series_id: ceo, position: 0 },
      { section_id: asian, series_id: palace, position: 1 },
    ])
    .execute();
  await db
    .insertInto('homepage_section_tags')
    .values([
      { section_id: categories, tag_id: revenge, position: 0 },
      { section_id: categories, tag_id: romance, position: 1 },
      { section_id: categories, tag_id: empty, position: 2 },
    ])
    .execute();
  return {
    tags: { romance, revenge, empty },
    series: { ceo, wolf, palace, draft, unpackaged },
    episodes: eps,
    sections: { featured, asian, categories, trending },
  };
}
