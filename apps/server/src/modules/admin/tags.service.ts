import type { Transaction } from 'kysely';
import type { AdminTag, AdminTagInput, Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkNames, checkSlug, checkUnique, FieldCheck, isUniqueViolation } from './input-rules';
import {
  allTagNames,
  deleteTagRow,
  insertTagLast,
  lockTag,
  lockTagOrder,
  replaceTagNames,
  seriesWithTag,
  setTagOrder,
  setTagSlug,
  tagNames,
  tagRows,
} from './tags.repository';

/** Tags (the viewers' categories): names in every language, order, and which series carry them. */
export function createTagsService(deps: AdminDeps) {
  const { db } = deps;

  async function listTags(): Promise<AdminTag[]> {
    const rows = await tagRows(db);
    const names = await allTagNames(db);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      position: r.position,
      series: Number(r.series),
      names: Object.fromEntries(names.filter((n) => n.tag_id === r.id).map((n) => [n.language, n.name])),
    }));
  }

  async function snapshot(trx: Transaction<DB>, id: number) {
    const row = await lockTag(trx, id);
    if (!row) return undefined;
    const names = await tagNames(trx, id);
    return {
      slug: row.slug,
      position: row.position,
      names: Object.fromEntries(names.map((n) => [n.language, n.name])) as Partial<Record<Language, string>>,
    };
  }

  const slugTaken = () => conflict('id_taken', 'Another tag already uses this id.');

  async function findTag(id: number): Promise<AdminTag> {
    const tag = (await listTags()).find((t) => t.id === id);
    if (!tag) throw notFound('not_found', 'There is no such tag.');
    return tag;
  }

  /** Creates a tag at the end of the list. */
  async function createTag(operator: Operator, input: AdminTagInput): Promise<AdminTag> {
    const check = new FieldCheck();
    const slug = checkSlug(check, 'slug', input.slug ?? '');
    const names = checkNames(check, 'names', input.names, true);
    check.check();
    try {
      const id = await db.transaction().execute(async (trx) => {
        const tagId = await insertTagLast(trx, slug!);
        await replaceTagNames(trx, tagId, names!);
        const after = await snapshot(trx, tagId);
        await writeAudit(trx, operator, {
          action: 'tag.create',
          targetType: 'tag',
          targetId: tagId,
          summary: `Created tag “${names!.en}”`,
          after,
        });
        return tagId;
      });
      await deps.invalidateCatalog();
      return findTag(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
  }

  /** Renames a tag or changes its id; what is not given stays. */
  async function updateTag(operator: Operator, id: number, input: AdminTagInput): Promise<AdminTag> {
    const check = new FieldCheck();
    const slug = checkSlug(check, 'slug', input.slug);
    const names = checkNames(check, 'names', input.names, input.names !== undefined);
    check.check();
    try {
      await db.transaction().execute(async (trx) => {
        const before = await snapshot(trx, id);
        if (!before) throw notFound('not_found', 'There is no such tag.');
        if (slug !== undefined) await setTagSlug(trx, id, slug);
        if (names) await replaceTagNames(trx, id, names);
        const after = await snapshot(trx, id);
        await writeAudit(trx, operator, {
          action: 'tag.update',
          targetType: 'tag',
          targetId: id,
          summary: `Edited tag “${after?.names.en ?? after?.slug}”`,
          before,
          after,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
    await deps.invalidateCatalog();
    return findTag(id);
  }

  /** Orders the tags as given (every tag listed once). */
  async function reorderTags(operator: Operator, ids: number[]): Promise<AdminTag[]> {
    const check = new FieldCheck();
    checkUnique(check, 'ids', ids);
    check.check();
    await db.transaction().execute(async (trx) => {
      const current = await lockTagOrder(trx);
      const known = new Set(current.map((t) => t.id));
      if (ids.length !== current.length || ids.some((t) => !known.has(t)))
        throw conflict('changed_meanwhile', 'The tags changed meanwhile: reload and reorder again.');
      await setTagOrder(trx, ids);
      await writeAudit(trx, operator, {
        action: 'tag.reorder',
        targetType: 'tag',
        summary: 'Reordered the tags',
        before: { ids: current.map((t) => t.id) },
        after: { ids },
      });
    });
    await deps.invalidateCatalog();
    return listTags();
  }

  /** Deletes a tag; the series and home sections that carried it simply lose it. */
  async function deleteTag(operator: Operator, id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, id);
      if (!before) throw notFound('not_found', 'There is no such tag.');
      const series = await seriesWithTag(trx, id);
      await deleteTagRow(trx, id);
      await writeAudit(trx, operator, {
        action: 'tag.delete',
        targetType: 'tag',
        targetId: id,
        summary: `Deleted tag “${before.names.en ?? before.slug}” (${series.length} series carried it)`,
        before: { ...before, seriesIds: series.map((s) => s.series_id) },
      });
    });
    await deps.invalidateCatalog();
  }

  return { listTags, createTag, updateTag, reorderTags, deleteTag };
}

export type TagsService = ReturnType<typeof createTagsService>;
