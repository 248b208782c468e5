import {
  AdminEpisodeSubtitlesSchema,
  AdminSubtitleInputSchema,
  AdminSubtitleParamsSchema,
  EnvelopeOf,
  IdParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf } from './admin-deps';
import type { SubtitlesService } from './subtitles.service';

const tags = ['admin'];
const Subtitles = { 200: EnvelopeOf(AdminEpisodeSubtitlesSchema) };

/** Subtitle files of an episode, per interface language. */
export function registerSubtitleRoutes(app: AppInstance, subtitles: SubtitlesService): void {
  app.get(
    '/api/admin/episodes/:id/subtitles',
    {
      schema: {
        tags,
        summary: "An episode's subtitles by language, with their cues (for the preview)",
        params: IdParamsSchema,
        response: Subtitles,
      },
    },
    async (req) => ok(await subtitles.list(req.params.id)),
  );

  app.put(
    '/api/admin/episodes/:id/subtitles/:language',
    {
      schema: {
        tags,
        summary: 'Add or replace the subtitles of one language: a .vtt or .srt file (SRT is converted), checked',
        params: AdminSubtitleParamsSchema,
        body: AdminSubtitleInputSchema,
        response: Subtitles,
      },
    },
    async (req) => ok(await subtitles.upload(await operatorOf(req), req.params.id, req.params.language, req.body)),
  );

  app.delete(
    '/api/admin/episodes/:id/subtitles/:language',
    {
      schema: {
        tags,
        summary: 'Remove the subtitles of one language',
        params: AdminSubtitleParamsSchema,
        response: Subtitles,
      },
    },
    async (req) => ok(await subtitles.remove(await operatorOf(req), req.params.id, req.params.language)),
  );
}
