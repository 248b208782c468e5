import { Type } from 'typebox';
import { addressKey } from '../../http/client-address';
import {
  DEFAULT_PAGE_SIZE,
  EmptySchema,
  EnvelopeOf,
  HistoryEntrySchema,
  MAX_PAGE_SIZE,
  PageOf,
  SeriesSchema,
  UnlockedSeriesSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { LibraryService } from './library.service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  lang: Type.Optional(Type.String({ maxLength: 5 })),
});

export function registerLibraryRoutes(app: AppInstance, library: LibraryService): void {
  app.get(
    '/api/user/favorite',
    {
      schema: {
        tags: ['library'],
        summary: "The viewer's list, most recently added first",
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(SeriesSchema)) },
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
        body: Type.Object({ seriesId: Id }),
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
        querystring: Type.Object({ seriesId: Id }),
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
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(HistoryEntrySchema)) },
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
        body: Type.Object({
          episodeId: Id,
          position: Type.Number({ minimum: 0, maximum: 86400 }),
          finished: Type.Optional(Type.Boolean({ default: false })),
        }),
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
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(UnlockedSeriesSchema)) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      return ok(await library.unlocked(userId, requestLanguage(req), { page, pageSize }));
    },
  );
}
