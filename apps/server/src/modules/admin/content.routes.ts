import {
  ADMIN_LIMITS,
  AdminArtworkParamsSchema,
  AdminArtworkSchema,
  AdminEpisodeInputSchema,
  AdminEpisodeOrderSchema,
  AdminEpisodePricingSchema,
  AdminEpisodeSchema,
  AdminIdOrderSchema,
  AdminSeriesInputSchema,
  AdminSeriesPageSchema,
  AdminSeriesQuerySchema,
  AdminSeriesSchema,
  AdminSeriesUpdateSchema,
  AdminStatusInputSchema,
  AdminTagInputSchema,
  AdminTagListSchema,
  AdminTagSchema,
  EmptySchema,
  EnvelopeOf,
  IdParamsSchema,
  type AdminArtworkParams,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { fieldProblem, invalidInput } from '../../http/errors';
import { operatorOf, paging } from './admin-deps';
import { ARTWORK_TYPES, type ArtworkService } from './artwork.service';
import type { ContentService } from './content.service';
import type { TagsService } from './tags.service';

const tags = ['admin'];

export function registerContentRoutes(
  app: AppInstance,
  content: ContentService,
  tagsService: TagsService,
  artwork: ArtworkService,
): void {
  app.get(
    '/api/admin/series',
    {
      schema: {
        tags,
        summary: 'Series, drafts included, searchable by title or id',
        querystring: AdminSeriesQuerySchema,
        response: { 200: EnvelopeOf(AdminSeriesPageSchema) },
      },
    },
    async (req) =>
      ok(
        await content.listSeries({
          ...paging(req.query),
          q: req.query.q,
          status: req.query.status,
          tagId: req.query.tagId,
          sort: req.query.sort,
          dir: req.query.dir,
        }),
      ),
  );

  app.post(
    '/api/admin/series',
    {
      schema: {
        tags,
        summary: 'Create a draft series',
        body: AdminSeriesInputSchema,
        response: { 200: EnvelopeOf(AdminSeriesSchema) },
      },
    },
    async (req) => ok(await content.createSeries(await operatorOf(req), req.body)),
  );

  app.get(
    '/api/admin/series/:id',
    {
      schema: {
        tags,
        summary: 'One series with its texts, tags and episodes',
        params: IdParamsSchema,
        response: { 200: EnvelopeOf(AdminSeriesSchema) },
      },
    },
    async (req) => ok(await content.getSeries(req.params.id)),
  );

  app.patch(
    '/api/admin/series/:id',
    {
      schema: {
        tags,
        summary: 'Edit texts, color, series price or tags, from the details version read',
        params: IdParamsSchema,
        body: AdminSeriesUpdateSchema,
        response: { 200: EnvelopeOf(AdminSeriesSchema) },
      },
    },
    async (req) => ok(await content.updateSeries(await operatorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/api/admin/series/:id/status',
    {
      schema: {
        tags,
        summary: 'Publish or unpublish a series',
        params: IdParamsSchema,
        body: AdminStatusInputSchema,
        response: { 200: EnvelopeOf(AdminSeriesSchema) },
      },
    },
    async (req) => ok(await content.setSeriesStatus(await operatorOf(req), req.params.id, req.body.status)),
  );

  app.put(
    '/api/admin/series/:id/episode-order',
    {
      schema: {
        tags,
        summary: 'Renumber the episodes in the given order',
        params: IdParamsSchema,
        body: AdminEpisodeOrderSchema,
        response: { 200: EnvelopeOf(AdminSeriesSchema) },
      },
    },
    async (req) => ok(await content.reorderEpisodes(await operatorOf(req), req.params.id, req.body.episodeIds)),
  );

  app.post(
    '/api/admin/series/:id/pricing',
    {
      schema: {
        tags,
        summary: 'Make the first episodes free and price the others',
        params: IdParamsSchema,
        body: AdminEpisodePricingSchema,
        response: { 200: EnvelopeOf(AdminSeriesSchema) },
      },
    },
    async (req) => ok(await content.priceEpisodes(await operatorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/api/admin/series/:id/episodes',
    {
      schema: {
        tags,
        summary: 'Add a draft episode at the end of the series',
        params: IdParamsSchema,
        body: AdminEpisodeInputSchema,
        response: { 200: EnvelopeOf(AdminEpisodeSchema) },
      },
    },
    async (req) => ok(await content.createEpisode(await operatorOf(req), req.params.id, req.body)),
  );

  // The picture itself is the body (JPEG, PNG or WebP), up to 8 MiB.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ARTWORK_TYPES,
      { parseAs: 'buffer', bodyLimit: ADMIN_LIMITS.coverBytes },
      (_req, body, done) => done(null, body),
    );
    scope.put(
      '/api/admin/series/:id/artwork/:kind',
      {
        bodyLimit: ADMIN_LIMITS.coverBytes,
        config: { bodyTypes: ARTWORK_TYPES },
        schema: {
          tags,
          summary: "Replace a series' cover (3:4) or banner (16:9); the body is the picture",
          params: AdminArtworkParamsSchema,
          response: { 200: EnvelopeOf(AdminArtworkSchema) },
        },
      },
      async (req) => {
        const { id, kind } = req.params as AdminArtworkParams;
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw invalidInput({ file: fieldProblem('required', 'Send the picture itself: a JPEG, PNG or WebP image.') });
        return ok(await artwork.setArtwork(await operatorOf(req), id, kind, req.body));
      },
    );
  });

  app.get(
    '/api/admin/episodes/:id',
    {
      schema: {
        tags,
        summary: 'One episode',
        params: IdParamsSchema,
        response: { 200: EnvelopeOf(AdminEpisodeSchema) },
      },
    },
    async (req) => ok(await content.getEpisode(req.params.id)),
  );

  app.patch(
    '/api/admin/episodes/:id',
    {
      schema: {
        tags,
        summary: "Edit an episode's titles, free flag or price",
        params: IdParamsSchema,
        body: AdminEpisodeInputSchema,
        response: { 200: EnvelopeOf(AdminEpisodeSchema) },
      },
    },
    async (req) => ok(await content.updateEpisode(await operatorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/api/admin/episodes/:id/status',
    {
      schema: {
        tags,
        summary: 'Publish (once its video is ready) or unpublish an episode',
        params: IdParamsSchema,
        body: AdminStatusInputSchema,
        response: { 200: EnvelopeOf(AdminEpisodeSchema) },
      },
    },
    async (req) => ok(await content.setEpisodeStatus(await operatorOf(req), req.params.id, req.body.status)),
  );

  app.get(
    '/api/admin/tags',
    {
      schema: {
        tags,
        summary: 'Every tag with its names and use',
        response: { 200: EnvelopeOf(AdminTagListSchema) },
      },
    },
    async () => ok(await tagsService.listTags()),
  );

  app.post(
    '/api/admin/tags',
    {
      schema: {
        tags,
        summary: 'Create a tag',
        body: AdminTagInputSchema,
        response: { 200: EnvelopeOf(AdminTagSchema) },
      },
    },
    async (req) => ok(await tagsService.createTag(await operatorOf(req), req.body)),
  );

  app.patch(
    '/api/admin/tags/:id',
    {
      schema: {
        tags,
        summary: 'Rename a tag or change its id',
        params: IdParamsSchema,
        body: AdminTagInputSchema,
        response: { 200: EnvelopeOf(AdminTagSchema) },
      },
    },
    async (req) => ok(await tagsService.updateTag(await operatorOf(req), req.params.id, req.body)),
  );

  app.delete(
    '/api/admin/tags/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tag (series and sections lose it)',
        params: IdParamsSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      await tagsService.deleteTag(await operatorOf(req), req.params.id);
      return ok({});
    },
  );

  app.put(
    '/api/admin/tag-order',
    {
      schema: {
        tags,
        summary: 'Order the tags',
        body: AdminIdOrderSchema,
        response: { 200: EnvelopeOf(AdminTagListSchema) },
      },
    },
    async (req) => ok(await tagsService.reorderTags(await operatorOf(req), req.body.ids)),
  );
}
