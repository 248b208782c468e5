import {
  AdminEpisodeSchema,
  AdminImpactSchema,
  AdminSeriesSchema,
  EmptySchema,
  EnvelopeOf,
  IdParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf } from './admin-deps';
import type { PublicationService } from './publication.service';

const tags = ['admin'];

/** What taking a series or an episode out of the app would touch, and archiving and restoring them. */
export function registerPublicationRoutes(app: AppInstance, publication: PublicationService): void {
  app.get(
    '/api/admin/series/:id/impact',
    {
      schema: {
        tags,
        summary: 'Who would notice the series leaving the app: members, buyers, lists, homepage places',
        params: IdParamsSchema,
        response: { 200: EnvelopeOf(AdminImpactSchema) },
      },
    },
    async (req) => ok(await publication.seriesImpact(req.params.id)),
  );

  app.get(
    '/api/admin/episodes/:id/impact',
    {
      schema: {
        tags,
        summary: 'Who would notice the episode leaving the app',
        params: IdParamsSchema,
        response: { 200: EnvelopeOf(AdminImpactSchema) },
      },
    },
    async (req) => ok(await publication.episodeImpact(req.params.id)),
  );

  for (const [verb, summary] of [
    ['archive', 'Archive: out of the app; viewers who unlocked episodes keep playing them'],
    ['restore', 'Restore an archived series to the status it had'],
  ] as const) {
    app.post(
      `/api/admin/series/:id/${verb}`,
      {
        schema: {
          tags,
          summary: `${summary} (series)`,
          params: IdParamsSchema,
          body: EmptySchema,
          response: { 200: EnvelopeOf(AdminSeriesSchema) },
        },
      },
      async (req) => {
        const operator = await operatorOf(req);
        return ok(
          await (verb === 'archive'
            ? publication.archiveSeries(operator, req.params.id)
            : publication.restoreSeries(operator, req.params.id)),
        );
      },
    );
    app.post(
      `/api/admin/episodes/:id/${verb}`,
      {
        schema: {
          tags,
          summary: `${summary} (episode)`,
          params: IdParamsSchema,
          body: EmptySchema,
          response: { 200: EnvelopeOf(AdminEpisodeSchema) },
        },
      },
      async (req) => {
        const operator = await operatorOf(req);
        return ok(
          await (verb === 'archive'
            ? publication.archiveEpisode(operator, req.params.id)
            : publication.restoreEpisode(operator, req.params.id)),
        );
      },
    );
  }
}
