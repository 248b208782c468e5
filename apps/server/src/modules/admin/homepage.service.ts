import type { Transaction } from 'kysely';
import type { AdminSection, AdminSectionInput, Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkNames, checkSlug, checkUnique, FieldCheck, isUniqueViolation } from './input-rules';
import { existingSeriesIds, existingTagIds } from './content.repository';
import {
  allSectionItems,
  allSectionTags,
  allSectionTitles,
  deleteSectionRow,
  hasFeaturedSection,
  insertSectionLast,
  lockSectionCreation,
  lockSectionOrder,
  lockSectionRow,
  replaceSectionItems,
  replaceSectionTags,
  replaceSectionTitles,
  sectionRows,
  sectionTitles,
  setSectionOrder,
  updateSectionRow,
  type SectionRow,
} from './homepage.repository';

const MAX_ITEMS = 100;

/** The home screen as operators arrange it: the featured carousel, and the sections' order and content. */
export function createHomepageService(deps: AdminDeps) {
  const { db } = deps;

  async function listSections(): Promise<AdminSection[]> {
    const sections = await sectionRows(db);
    const titles = await allSectionTitles(db);
    const items = await allSectionItems(db);
    const tags = await allSectionTags(db);
    return sections.map((s) => ({
      ...s,
      titles: Object.fromEntries(titles.filter((t) => t.section_id === s.id).map((t) => [t.language, t.title])),
      items: items
        .filter((i) => i.section_id === s.id)
        .map((i) => ({ id: i.id, title: i.title, cover: deps.mediaUrl(i.cover_key), visible: i.visible })),
      tags: tags.filter((t) => t.section_id === s.id).map((t) => ({ id: t.id, name: t.name })),
    }));
  }

  async function findSection(id: number): Promise<AdminSection> {
    const found = (await listSections()).find((s) => s.id === id);
    if (!found) throw notFound('not_found', 'There is no such section.');
    return found;
  }

  async function lockSection(trx: Transaction<DB>, id: number): Promise<SectionRow> {
    const row = await lockSectionRow(trx, id);
    if (!row) throw notFound('not_found', 'There is no such section.');
    return row;
  }

  async function titlesOf(trx: Transaction<DB>, id: number): Promise<Partial<Record<Language, string>>> {
    const rows = await sectionTitles(trx, id);
    return Object.fromEntries(rows.map((r) => [r.language, r.title]));
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
        await lockSectionCreation(trx);
        if (input.kind === 'featured' && (await hasFeaturedSection(trx))) {
          throw conflict('not_allowed_now', 'There is already a featured carousel: edit that one.');
        }
        const sectionId = await insertSectionLast(trx, {
          slug: slug!,
          kind: input.kind!,
          active: input.active ?? true,
        });
        await replaceSectionTitles(trx, sectionId, titles!);
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
        if (input.kind && input.kind !== row.kind)
          throw conflict('not_allowed_now', 'A section keeps its kind: add a new section instead.');
        const before = { slug: row.slug, active: row.active, titles: await titlesOf(trx, id) };
        const changes = {
          ...(slug !== undefined ? { slug } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
        };
        if (Object.keys(changes).length > 0) await updateSectionRow(trx, id, changes);
        if (titles) await replaceSectionTitles(trx, id, titles);
        const after = { slug: slug ?? row.slug, active: input.active ?? row.active, titles: titles ?? before.titles };
        const shown =
          input.active === undefined || input.active === row.active ? '' : input.active ? ' (shown)' : ' (hidden)';
        await writeAudit(trx, operator, {
          action: 'homepage.update-section',
          targetType: 'homepage-section',
          targetId: id,
          summary: `Edited the section “${after.titles.en ?? after.slug}”${shown}`,
          before,
          after,
        });
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
    if (seriesIds.length > MAX_ITEMS)
      check.add('seriesIds', 'too_long', `A section holds at most ${MAX_ITEMS} series.`);
    const known = await existingSeriesIds(db, seriesIds);
    if (seriesIds.some((s) => !known.has(s)))
      check.add('seriesIds', 'no_longer_exists', 'A chosen series no longer exists.');
    check.check();
    await db.transaction().execute(async (trx) => {
      const row = await lockSection(trx, id);
      if (row.kind !== 'featured' && row.kind !== 'curated')
        throw conflict('not_allowed_now', 'Only featured and curated sections hold hand-picked series.');
      const before = await replaceSectionItems(trx, id, seriesIds);
      await writeAudit(trx, operator, {
        action: 'homepage.set-items',
        targetType: 'homepage-section',
        targetId: id,
        summary: `Set the ${seriesIds.length} series of the ${row.kind === 'featured' ? 'featured carousel' : `section “${row.slug}”`}`,
        before: { seriesIds: before },
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
      const before = await replaceSectionTags(trx, id, tagIds);
      await writeAudit(trx, operator, {
        action: 'homepage.set-tags',
        targetType: 'homepage-section',
        targetId: id,
        summary: `Set the ${tagIds.length} tabs of the section “${row.slug}”`,
        before: { tagIds: before },
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
      const current = await lockSectionOrder(trx);
      const known = new Set(current.map((s) => s.id));
      if (ids.length !== current.length || ids.some((s) => !known.has(s)))
        throw conflict('changed_meanwhile', 'The sections changed meanwhile: reload and reorder again.');
      await setSectionOrder(trx, ids);
      await writeAudit(trx, operator, {
        action: 'homepage.reorder',
        targetType: 'homepage-section',
        summary: 'Reordered the home sections',
        before: { ids: current.map((s) => s.id) },
        after: { ids },
      });
    });
    await deps.invalidateCatalog();
    return listSections();
  }

  async function deleteSection(operator: Operator, id: number): Promise<void> {
    const before = await findSection(id);
    await db.transaction().execute(async (trx) => {
      await lockSection(trx, id);
      await deleteSectionRow(trx, id);
      await writeAudit(trx, operator, {
        action: 'homepage.delete-section',
        targetType: 'homepage-section',
        targetId: id,
        summary: `Deleted the section “${before.titles.en ?? before.slug}”`,
        before: {
          slug: before.slug,
          kind: before.kind,
          active: before.active,
          titles: before.titles,
          seriesIds: before.items.map((i) => i.id),
          tagIds: before.tags.map((t) => t.id),
        },
      });
    });
    await deps.invalidateCatalog();
  }

  return { listSections, createSection, updateSection, setItems, setTags, reorderSections, deleteSection };
}

export type HomepageService = ReturnType<typeof createHomepageService>;
