import { Type, type Static } from 'typebox';
import { IdSchema } from './ids';
import { PageNumberSchema, PageOf, PageSizeSchema } from './paging';
import { LangParamSchema } from './user';
import { SeriesSchema } from './catalog';

// The viewer's own lists: favorites, watch history, unlocked series.

/** One series in a viewer's watch history: where they stopped. Positions and durations in seconds. */
export const HistoryEntrySchema = Type.Object({
  series: SeriesSchema,
  episodeId: Type.Integer(),
  episodeNumber: Type.Integer(),
  position: Type.Number(),
  duration: Type.Number(),
  finished: Type.Boolean(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

/** A series in which the viewer unlocked episodes (with coins, a series unlock or a grant). */
export const UnlockedSeriesSchema = Type.Object({
  series: SeriesSchema,
  /** How many of its episodes are unlocked for the viewer. */
  unlockedEpisodes: Type.Integer(),
  /** The highest unlocked episode number. */
  lastEpisodeNumber: Type.Integer(),
  lastUnlockedAt: Type.String({ format: 'date-time' }),
});
export type UnlockedSeries = Static<typeof UnlockedSeriesSchema>;

/** The lists' query: a page, in a language. */
export const LibraryPageQuerySchema = Type.Object({
  page: Type.Optional(PageNumberSchema),
  pageSize: Type.Optional(PageSizeSchema),
  lang: Type.Optional(LangParamSchema),
});
export type LibraryPageQuery = Static<typeof LibraryPageQuerySchema>;

export const FavoritePageSchema = PageOf(SeriesSchema);
export const HistoryPageSchema = PageOf(HistoryEntrySchema);
export const UnlockedSeriesPageSchema = PageOf(UnlockedSeriesSchema);

/** `POST /api/user/favorite` (body) and `DELETE /api/user/favorite` (query): the series. */
export const FavoriteInputSchema = Type.Object({ seriesId: IdSchema });
export type FavoriteInput = Static<typeof FavoriteInputSchema>;

/** `POST /api/user/history`: where the viewer is in an episode (seconds). */
export const ProgressInputSchema = Type.Object({
  episodeId: IdSchema,
  position: Type.Number({ minimum: 0, maximum: 86400 }),
  finished: Type.Optional(Type.Boolean({ default: false })),
});
export type ProgressInput = Static<typeof ProgressInputSchema>;
