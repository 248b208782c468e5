import { addressKey } from '../../http/client-address';
import {
  DEFAULT_PAGE_SIZE,
  EmptySchema,
  EnvelopeOf,
  FavoriteInputSchema,
  FavoritePageSchema,
  HistoryPageSchema,
  LibraryPageQuerySchema,
  ProgressInputSchema,
  UnlockedSeriesPageSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { LibraryService } from './library.service';

export function registerLibraryRoutes(app: AppInstance, library: LibraryService): void {
  app.get(
    '/api/user/favorite',
    {
      schema: {
        tags: ['library'],
        summary: "The viewer's list, most recently added first",
        querystring: LibraryPageQuerySchema,
        response: { 200: EnvelopeOf(FavoritePageSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      return ok(await library.favorites(userId, requestLanguage(req), { page, pageSize }));
    },
  );

  app.post(
    '/api/user/favorite',
    {
      schema: {
        tags: ['library'],
        summary: 'Adds a series to the list',
        body: FavoriteInputSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      await library.addFavorite((await requireSession(req)).userId, req.body.seriesId);
      return ok({});
    },
  );

  app.delete(
    '/api/user/favorite',
    {
      schema: {
        tags: ['library'],
        summary: 'Removes a series from the list',
        querystring: FavoriteInputSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      await library.removeFavorite((await requireSession(req)).userId, req.query.seriesId);
      return ok({});
    },
  );

  app.get(
    '/api/user/history',
    {
      schema: {
        tags: ['library'],
        summary: 'Continue watching: one entry per series, most recent first',
        querystring: LibraryPageQuerySchema,
        response: { 200: EnvelopeOf(HistoryPageSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      return ok(await library.history(userId, requestLanguage(req), { page, pageSize }));
    },
  );

  app.post(
    '/api/user/history',
    {
      schema: {
        tags: ['library'],
        summary: 'Saves where the viewer is in an episode (seconds)',
        body: ProgressInputSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      const { episodeId, position, finished = false } = req.body;
      await library.recordProgress(
        (await requireSession(req)).userId,
        { episodeId, position, finished },
        addressKey(req.ip),
      );
      return ok({});
    },
  );

  app.get(
    '/api/user/unlocked',
    {
      schema: {
        tags: ['library'],
        summary: 'Series with episodes the viewer unlocked, the latest unlock first',
        querystring: LibraryPageQuerySchema,
        response: { 200: EnvelopeOf(UnlockedSeriesPageSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      return ok(await library.unlocked(userId, requestLanguage(req), { page, pageSize }));
    },
  );
}
