import {
  AdminIdOrderSchema,
  AdminSectionInputSchema,
  AdminSectionListSchema,
  AdminSectionSchema,
  AdminSectionSeriesInputSchema,
  AdminSectionTabsInputSchema,
  EmptySchema,
  EnvelopeOf,
  IdParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf } from './admin-deps';
import type { HomepageService } from './homepage.service';

const tags = ['admin'];
const Sections = EnvelopeOf(AdminSectionListSchema);
const Section = EnvelopeOf(AdminSectionSchema);

export function registerHomepageRoutes(app: AppInstance, homepage: HomepageService): void {
  app.get(
    '/api/admin/homepage',
    { schema: { tags, summary: 'Every home section in order, with its series or tabs', response: { 200: Sections } } },
    async () => ok(await homepage.listSections()),
  );

  app.post(
    '/api/admin/homepage/sections',
    {
      schema: {
        tags,
        summary: 'Add a section at the bottom (one featured carousel at most)',
        body: AdminSectionInputSchema,
        response: { 200: Section },
      },
    },
    async (req) => ok(await homepage.createSection(await operatorOf(req), req.body)),
  );

  app.patch(
    '/api/admin/homepage/sections/:id',
    {
      schema: {
        tags,
        summary: 'Rename a section, change its id, show or hide it',
        params: IdParamsSchema,
        body: AdminSectionInputSchema,
        response: { 200: Section },
      },
    },
    async (req) => ok(await homepage.updateSection(await operatorOf(req), req.params.id, req.body)),
  );

  app.delete(
    '/api/admin/homepage/sections/:id',
    {
      schema: { tags, summary: 'Delete a section', params: IdParamsSchema, response: { 200: EnvelopeOf(EmptySchema) } },
    },
    async (req) => {
      await homepage.deleteSection(await operatorOf(req), req.params.id);
      return ok({});
    },
  );

  app.put(
    '/api/admin/homepage/sections/:id/items',
    {
      schema: {
        tags,
        summary: 'Set the series of a featured or curated section, in order',
        params: IdParamsSchema,
        body: AdminSectionSeriesInputSchema,
        response: { 200: Section },
      },
    },
    async (req) =>
      ok(
        await homepage.setItems(await operatorOf(req), req.params.id, (req.body as { seriesIds: number[] }).seriesIds),
      ),
  );

  app.put(
    '/api/admin/homepage/sections/:id/tags',
    {
      schema: {
        tags,
        summary: 'Set the tabs of a categories section, in order',
        params: IdParamsSchema,
        body: AdminSectionTabsInputSchema,
        response: { 200: Section },
      },
    },
    async (req) =>
      ok(await homepage.setTags(await operatorOf(req), req.params.id, (req.body as { tagIds: number[] }).tagIds)),
  );

  app.put(
    '/api/admin/homepage/order',
    { schema: { tags, summary: 'Order the sections', body: AdminIdOrderSchema, response: { 200: Sections } } },
    async (req) => ok(await homepage.reorderSections(await operatorOf(req), req.body.ids)),
  );
}
