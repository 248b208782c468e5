import { sql, type Transaction } from 'kysely';
import type { AdminSection, AdminSectionInput, Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkNames, checkSlug, checkUnique, FieldCheck, isUniqueViolation } from './input-rules';
import { existingSeriesIds, existingTagIds } from './content.repository';

const MAX_ITEMS = 100;

interface SectionRow {
  id: number;
  slug: string;
  kind: AdminSection['kind'];
  active: boolean;
  position: number;
}

/** The home screen as operators arrange it: the featured carousel, and the sections' order and content. */
export function createHomepageService(deps: AdminDeps) {
  const { db } = deps;

  async function listSections(): Promise<AdminSection[]> {
    const sections = await db.selectFrom('homepage_sections').select(['id', 'slug', 'kind', 'active', 'position']).orderBy('position').orderBy('id').execute();
    const titles = await db.selectFrom('homepage_section_translations').select(['section_id', 'language', 'title']).execute();
    const { rows: items } = await sql<{ section_id: number; id: number; title: string; cover_key: string | null; visible: boolean }>`
      SELECT i.section_id, s.id, s.cover_key,
        COALESCE(en.title, (SELECT x.title FROM series_translations x WHERE x.series_id = s.id ORDER BY x.language LIMIT 1), '(untitled)') AS title,
        (s.status = 'published' AND EXISTS (SELECT 1 FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready')) AS visible
      FROM homepage_section_items i JOIN series s ON s.id = i.series_id
      LEFT JOIN series_translations en ON en.series_id = s.id AND en.language = 'en'
      ORDER BY i.section_id, i.position, s.id`.execute(db);
    const { rows: tags } = await sql<{ section_id: number; id: number; name: string }>`
      SELECT h.section_id, t.id, COALESCE(en.name, t.slug) AS name
      FROM homepage_section_tags h JOIN tags t ON t.id = h.tag_id
      LEFT JOIN tag_translations en ON en.tag_id = t.id AND en.language = 'en'
      ORDER BY h.section_id, h.position, t.id`.execute(db);
    return sections.map((s) => ({
      ...s,
      titles: Object.fromEntries(titles.filter((t) => t.section_id === s.id).map((t) => [t.language, t.title])),
      items: items.filter((i) => i.section_id === s.id).map((i) => ({ id: i.id, title: i.title, cover: deps.mediaUrl(i.cover_key), visible: i.visible })),
      tags: tags.filter((t) => t.section_id === s.id).map((t) => ({ id: t.id, name: t.name })),
    }));
  }

  async function findSection(id: number): Promise<AdminSection> {
    const found = (await listSections()).find((s) => s.id === id);
    if (!found) throw notFound('not_found', 'There is no such section.');
    return found;
  }

  async function lockSection(trx: Transaction<DB>, id: number): Promise<SectionRow> {
    const row = await trx.selectFrom('homepage_sections').select(['id', 'slug', 'kind', 'active', 'position']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('not_found', 'There is no such section.');
    return row;
  }

  async function titlesOf(trx: Transaction<DB>, id: number): Promise<Partial<Record<Language, string>>> {
    const rows = await trx.selectFrom('homepage_section_translations').select(['language', 'title']).where('section_id', '=', id).execute();
    return Object.fromEntries(rows.map((r) => [r.language, r.title]));
  }

  async function replaceTitles(trx: Transaction<DB>, id: number, titles: Partial<Record<Language, string>>): Promise<void> {
    await trx.deleteFrom('homepage_section_translations').where('section_id', '=', id).execute();
    const rows = Object.entries(titles).map(([language, title]) => ({ section_id: id, language: language as Language, title }));
    if (rows.length) await trx.insertInto('homepage_section_translations').values(rows).execute();
  }

  const slugTaken = () => conflict('id_taken', 'Another section already uses this id.');

  /** Adds a section at the bottom of the home screen. There is one featured carousel at most. */
  async function createSection(operator: Operator, input: AdminSectionInput): Promise<AdminSection> {
    const check = new FieldCheck();
    const slug = checkSlug(check, 'slug', input.slug ?? '');
    const titles = checkNames(check, 'titles', input.titles, true);
    if (!input.kind) check.add('kind', 'required', 'Choose what the section shows.');
    check.check();
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        // Serializes section creation, so two operators cannot both add "the" featured carousel.
        await sql`SELECT pg_advisory_xact_lock(7461301)`.execute(trx);
        if (input.kind === 'featured' && (await trx.selectFrom('homepage_sections').select('id').where('kind', '=', 'featured').executeTakeFirst())) {
          throw conflict('not_allowed_now', 'There is already a featured carousel: edit that one.');
        }
        const { rows } = await sql<{ next: number }>`SELECT COALESCE(max(position), 0) + 1 AS next FROM homepage_sections`.execute(trx);
        const { id: sectionId } = await trx
          .insertInto('homepage_sections')
          .values({ slug: slug!, kind: input.kind!, active: input.active ?? true, position: rows[0]!.next })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceTitles(trx, sectionId, titles!);
        await writeAudit(trx, operator, {
          action: 'homepage.create-section',
          targetType: 'homepage-section',
          targetId: sectionId,
          summary: `Added the ${input.kind} section “${titles!.en}”`,
          after: { slug, kind: input.kind, active: input.active ?? true, titles },
        });
        return sectionId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
    await deps.invalidateCatalog();
    return findSection(id);
  }

  /** Renames a section, changes its id, or shows or hides it. */
  async function updateSection(operator: Operator, id: number, input: AdminSectionInput): Promise<AdminSection> {
    const check = new FieldCheck();
    const slug = checkSlug(check, 'slug', input.slug);
    const titles = checkNames(check, 'titles', input.titles, input.titles !== undefined);
    check.check();
    try {
      await db.transaction().execute(async (trx) => {
        const row = await lockSection(trx, id);
        if (input.kind && input.kind !== row.kind) throw conflict('not_allowed_now', 'A section keeps its kind: add a new section instead.');
        const before = { slug: row.slug, active: row.active, titles: await titlesOf(trx, id) };
        const changes = { ...(slug !== undefined ? { slug } : {}), ...(input.active !== undefined ? { active: input.active } : {}) };
        if (Object.keys(changes).length > 0) await trx.updateTable('homepage_sections').set(changes).where('id', '=', id).execute();
        if (titles) await replaceTitles(trx, id, titles);
        const after = { slug: slug ?? row.slug, active: input.active ?? row.active, titles: titles ?? before.titles };
        const shown = input.active === undefined || input.active === row.active ? '' : input.active ? ' (shown)' : ' (hidden)';
        await writeAudit(trx, operator, { action: 'homepage.update-section', targetType: 'homepage-section', targetId: id, summary: `Edited the section “${after.titles.en ?? after.slug}”${shown}`, before, after });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
    await deps.invalidateCatalog();
    return findSection(id);
  }

  /** Sets the hand-picked series of a featured or curated section, in order. */
  async function setItems(operator: Operator, id: number, seriesIds: number[]): Promise<AdminSection> {
    const check = new FieldCheck();
    checkUnique(check, 'seriesIds', seriesIds);
    if (seriesIds.length > MAX_ITEMS) check.add('seriesIds', 'too_long', `A section holds at most ${MAX_ITEMS} series.`);
    const known = await existingSeriesIds(db, seriesIds);
    if (seriesIds.some((s) => !known.has(s))) check.add('seriesIds', 'no_longer_exists', 'A chosen series no longer exists.');
    check.check();
    await db.transaction().execute(async (trx) => {
      const row = await lockSection(trx, id);
      if (row.kind !== 'featured' && row.kind !== 'curated') throw conflict('not_allowed_now', 'Only featured and curated sections hold hand-picked series.');
      const before = await trx.selectFrom('homepage_section_items').select('series_id').where('section_id', '=', id).orderBy('position').execute();
      await trx.deleteFrom('homepage_section_items').where('section_id', '=', id).execute();
      if (seriesIds.length) await trx.insertInto('homepage_section_items').values(seriesIds.map((series_id, position) => ({ section_id: id, series_id, position }))).execute();
      await writeAudit(trx, operator, {
        action: 'homepage.set-items',
        targetType: 'homepage-section',
        targetId: id,
        summary: `Set the ${seriesIds.length} series of the ${row.kind === 'featured' ? 'featured carousel' : `section “${row.slug}”`}`,
        before: { seriesIds: before.map((b) => b.series_id) },
        after: { seriesIds },
      });
    });
    await deps.invalidateCatalog();
    return findSection(id);
  }

  /** Sets the tabs (tags) of a categories section, in order. */
  async function setTags(operator: Operator, id: number, tagIds: number[]): Promise<AdminSection> {
    const check = new FieldCheck();
    checkUnique(check, 'tagIds', tagIds);
    const known = await existingTagIds(db, tagIds);
    if (tagIds.some((t) => !known.has(t))) check.add('tagIds', 'no_longer_exists', 'A chosen tag no longer exists.');
    check.check();
    await db.transaction().execute(async (trx) => {
      const row = await lockSection(trx, id);
      if (row.kind !== 'categories') throw conflict('not_allowed_now', 'Only categories sections have tabs.');
      const before = await trx.selectFrom('homepage_section_tags').select('tag_id').where('section_id', '=', id).orderBy('position').execute();
      await trx.deleteFrom('homepage_section_tags').where('section_id', '=', id).execute();
      if (tagIds.length) await trx.insertInto('homepage_section_tags').values(tagIds.map((tag_id, position) => ({ section_id: id, tag_id, position }))).execute();
      await writeAudit(trx, operator, {
        action: 'homepage.set-tags',
        targetType: 'homepage-section',
        targetId: id,
        summary: `Set the ${tagIds.length} tabs of the section “${row.slug}”`,
        before: { tagIds: before.map((b) => b.tag_id) },
        after: { tagIds },
      });
    });
    await deps.invalidateCatalog();
    return findSection(id);
  }

  /** Orders the sections as given (every section listed once). */
  async function reorderSections(operator: Operator, ids: number[]): Promise<AdminSection[]> {
    const check = new FieldCheck();
    checkUnique(check, 'ids', ids);
    check.check();
    await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('homepage_sections').select('id').orderBy('position').orderBy('id').forUpdate().execute();
      const known = new Set(current.map((s) => s.id));
      if (ids.length !== current.length || ids.some((s) => !known.has(s))) throw conflict('changed_meanwhile', 'The sections changed meanwhile: reload and reorder again.');
      await sql`UPDATE homepage_sections h SET position = o.n FROM unnest(${sql.val(ids)}::int[]) WITH ORDINALITY AS o(id, n) WHERE h.id = o.id`.execute(trx);
      await writeAudit(trx, operator, { action: 'homepage.reorder', targetType: 'homepage-section', summary: 'Reordered the home sections', before: { ids: current.map((s) => s.id) }, after: { ids } });
    });
    await deps.invalidateCatalog();
    return listSections();
  }

  async function deleteSection(operator: Operator, id: number): Promise<void> {
    const before = await findSection(id);
    await db.transaction().execute(async (trx) => {
      await lockSection(trx, id);
      await trx.deleteFrom('homepage_sections').where('id', '=', id).execute();
      await writeAudit(trx, operator, {
        action: 'homepage.delete-section',
        targetType: 'homepage-section',
        targetId: id,
        summary: `Deleted the section “${before.titles.en ?? before.slug}”`,
        before: { slug: before.slug, kind: before.kind, active: before.active, titles: before.titles, seriesIds: before.items.map((i) => i.id), tagIds: before.tags.map((t) => t.id) },
      });
    });
    await deps.invalidateCatalog();
  }

  return { listSections, createSection, updateSection, setItems, setTags, reorderSections, deleteSection };
}

export type HomepageService = ReturnType<typeof createHomepageService>;
