import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminPage, AdminSection, Homepage } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;
let visitor: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCatalogFixture(t.database.db);
  const who = await createCallers(t);
  admin = caller(t, who.admin);
  visitor = caller(t, who.viewer);
});
afterAll(() => t.close());

const home = async () => (await visitor.get<Homepage>('/api/homepage')).data;
const audit = async (action: string) =>
  (await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?action=${action}`)).data.items[0]!;

describe('homepage curation', () => {
  it('lists every section in order with its series and tabs', async () => {
    const sections = (await admin.get<AdminSection[]>('/api/admin/homepage')).data;
    expect(sections.map((s) => s.kind)).toEqual(['featured', 'curated', 'categories', 'trending']);
    expect(sections[0]!.items.map((i) => [i.id, i.visible])).toEqual([
      [fx.series.wolf, true],
      [fx.series.ceo, true],
      [fx.series.draft, false],
    ]);
    expect(sections[2]!.tags.map((x) => x.id)).toEqual([fx.tags.revenge, fx.tags.romance, fx.tags.empty]);
  });

  it('sets the featured carousel: viewers (and the cached home) follow at once', async () => {
    expect((await home()).featured.map((s) => s.id)).toEqual([fx.series.wolf, fx.series.ceo]);
    const res = await admin.put<AdminSection>(`/api/admin/homepage/sections/${fx.sections.featured}/items`, {
      seriesIds: [fx.series.palace, fx.series.wolf],
    });
    expect(res.data.items.map((i) => i.id)).toEqual([fx.series.palace, fx.series.wolf]);
    expect((await home()).featured.map((s) => s.id)).toEqual([fx.series.palace, fx.series.wolf]);
    expect(await audit('homepage.set-items')).toMatchObject({
      before: { seriesIds: [fx.series.wolf, fx.series.ceo, fx.series.draft] },
      after: { seriesIds: [fx.series.palace, fx.series.wolf] },
    });
    expect(
      await admin.put(`/api/admin/homepage/sections/${fx.sections.featured}/items`, { seriesIds: [424242] }),
    ).toMatchObject({ code: 422, fields: { seriesIds: 'A chosen series no longer exists.' } });
    expect(
      (await admin.put(`/api/admin/homepage/sections/${fx.sections.trending}/items`, { seriesIds: [fx.series.ceo] }))
        .code,
    ).toBe(409);
  });

  it('reorders sections, renames and hides one, sets tabs', async () => {
    const order = [fx.sections.featured, fx.sections.trending, fx.sections.categories, fx.sections.asian];
    await admin.put('/api/admin/homepage/order', { ids: order });
    expect((await home()).sections.map((s) => s.id)).toEqual([
      fx.sections.trending,
      fx.sections.categories,
      fx.sections.asian,
    ]);

    await admin.patch(`/api/admin/homepage/sections/${fx.sections.asian}`, {
      titles: { en: 'From Asia', es: 'Desde Asia' },
    });
    expect(
      (await visitor.get<Homepage>('/api/homepage?lang=es')).data.sections.find((s) => s.id === fx.sections.asian)
        ?.title,
    ).toBe('Desde Asia');

    await admin.patch(`/api/admin/homepage/sections/${fx.sections.trending}`, { active: false });
    expect((await home()).sections.map((s) => s.id)).not.toContain(fx.sections.trending);
    expect((await audit('homepage.update-section')).summary).toMatch(/hidden/);

    await admin.put(`/api/admin/homepage/sections/${fx.sections.categories}/tags`, { tagIds: [fx.tags.romance] });
    expect((await home()).sections.find((s) => s.id === fx.sections.categories)?.tabs?.map((x) => x.id)).toEqual([
      fx.tags.romance,
    ]);

    expect((await admin.put('/api/admin/homepage/order', { ids: order.slice(1) })).code).toBe(409);
  });

  it('adds a curated section (not a second carousel) and deletes it', async () => {
    expect(
      (
        await admin.post('/api/admin/homepage/sections', {
          slug: 'more-featured',
          kind: 'featured',
          titles: { en: 'Again' },
        })
      ).code,
    ).toBe(409);
    expect(await admin.post('/api/admin/homepage/sections', { slug: 'x', titles: {} })).toMatchObject({
      code: 422,
      fields: { kind: expect.any(String), 'titles.en': expect.any(String) },
    });
    const created = await admin.post<AdminSection>('/api/admin/homepage/sections', {
      slug: 'staff-picks',
      kind: 'curated',
      titles: { en: 'Staff picks' },
    });
    expect(created.data).toMatchObject({ slug: 'staff-picks', kind: 'curated', active: true, items: [] });
    expect(
      (await admin.post('/api/admin/homepage/sections', { slug: 'staff-picks', kind: 'newest', titles: { en: 'Dup' } }))
        .code,
    ).toBe(409);
    await admin.put(`/api/admin/homepage/sections/${created.data.id}/items`, { seriesIds: [fx.series.ceo] });
    expect((await home()).sections.at(-1)).toMatchObject({
      id: created.data.id,
      title: 'Staff picks',
      items: [{ id: fx.series.ceo }],
    });
    await admin.del(`/api/admin/homepage/sections/${created.data.id}`);
    expect((await home()).sections.map((s) => s.id)).not.toContain(created.data.id);
    expect(await audit('homepage.delete-section')).toMatchObject({
      before: { slug: 'staff-picks', seriesIds: [fx.series.ceo] },
    });
  });
});
