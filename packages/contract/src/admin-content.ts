import { Type, type Static } from 'typebox';
import { SERIES_SORTS, SORT_DIRECTIONS } from './constants';
import { LiteralUnion } from './envelope';
import {
  Nullable,
  NullableInput,
  DateTime,
  PerLanguage,
  Id,
  AdminPageOf,
  ADMIN_LIMITS,
  AdminPageQuerySchema,
} from './admin-kit';

// ---------------------------------------------------------------- content

export const AdminMediaStatusSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type AdminMediaStatus = Static<typeof AdminMediaStatusSchema>;
export const AdminPublishStatusSchema = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
export type AdminPublishStatus = Static<typeof AdminPublishStatusSchema>;
/** Where a series or an episode stands: archived ones are out of the app but kept for viewers who paid. */
export const AdminContentStatusSchema = Type.Union([
  Type.Literal('draft'),
  Type.Literal('published'),
  Type.Literal('archived'),
]);
export type AdminContentStatus = Static<typeof AdminContentStatusSchema>;

export const AdminSeriesTextSchema = Type.Object({
  title: Type.String({ maxLength: ADMIN_LIMITS.title }),
  synopsis: Type.String({ maxLength: ADMIN_LIMITS.synopsis }),
});
export const AdminSeriesTextsSchema = PerLanguage(AdminSeriesTextSchema);
export type AdminSeriesTexts = Static<typeof AdminSeriesTextsSchema>;

export const AdminLocalizedNamesSchema = (max: number) => PerLanguage(Type.String({ maxLength: max }));
export type AdminLocalizedNames = Partial<Record<'en' | 'es' | 'fy' | 'dy' | 'pt', string>>;

/** The packaging of an uploaded video: queued, running (with its stage and percent), done or failed. */
export const AdminMediaJobSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  stage: Nullable(Type.String()),
  percent: Type.Integer(),
  error: Nullable(Type.String()),
  fileName: Type.String(),
  updatedAt: DateTime,
});
export type AdminMediaJob = Static<typeof AdminMediaJobSchema>;

/** The tus upload (its id, the last segment of its address) whose video becomes the episode's. */
export const AdminEpisodeMediaInputSchema = Type.Object({
  uploadId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});

/** Where the console uploads videos with the tus protocol (resumable). */
export const ADMIN_UPLOADS_PATH = '/api/admin/uploads';

export const AdminEpisodeSchema = Type.Object({
  id: Type.Integer(),
  seriesId: Type.Integer(),
  number: Type.Integer(),
  status: AdminContentStatusSchema,
  /** When it was archived (null unless archived). */
  archivedAt: Nullable(DateTime),
  free: Type.Boolean(),
  unlockCost: Type.Integer(),
  /** Seconds. */
  duration: Type.Number(),
  mediaStatus: AdminMediaStatusSchema,
  mediaError: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  titles: AdminLocalizedNamesSchema(ADMIN_LIMITS.title),
  playCount: Type.Integer(),
  unlocks: Type.Integer(),
  /** The latest packaging of an uploaded video, if any. */
  job: Nullable(AdminMediaJobSchema),
});
export type AdminEpisode = Static<typeof AdminEpisodeSchema>;

export const AdminTagRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const AdminSeriesSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: AdminContentStatusSchema,
  archivedAt: Nullable(DateTime),
  /** Published and with at least one published, packaged episode: what viewers can see. */
  visible: Type.Boolean(),
  cover: Nullable(Type.String()),
  episodes: Type.Integer(),
  publishedEpisodes: Type.Integer(),
  readyEpisodes: Type.Integer(),
  playCount: Type.Integer(),
  tags: Type.Array(AdminTagRefSchema),
  publishedAt: Nullable(DateTime),
  updatedAt: DateTime,
});
export type AdminSeriesSummary = Static<typeof AdminSeriesSummarySchema>;
export const AdminSeriesPageSchema = AdminPageOf(AdminSeriesSummarySchema);

export const AdminSeriesSchema = Type.Object({
  ...AdminSeriesSummarySchema.properties,
  texts: AdminSeriesTextsSchema,
  banner: Nullable(Type.String()),
  accentColor: Nullable(Type.String()),
  /** The operator's price in coins to unlock the whole series; null: 70 % of the episodes' prices. */
  seriesPrice: Nullable(Type.Integer()),
  tagIds: Type.Array(Type.Integer()),
  /**
   * Counts the saves of the details (texts, accent color, series price, tags): an edit sends back the
   * count it started from, and is refused while another save came in between. Artwork, episodes and
   * publication do not change it.
   */
  detailsVersion: Type.Integer(),
  createdAt: DateTime,
  episodeList: Type.Array(AdminEpisodeSchema),
});
export type AdminSeries = Static<typeof AdminSeriesSchema>;

export const AdminSeriesQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(AdminContentStatusSchema),
  tagId: Type.Optional(Id),
  sort: Type.Optional(LiteralUnion(SERIES_SORTS)),
  dir: Type.Optional(LiteralUnion(SORT_DIRECTIONS)),
});

export const AdminSeriesInputSchema = Type.Object({
  texts: Type.Optional(AdminSeriesTextsSchema),
  accentColor: Type.Optional(NullableInput(Type.String({ maxLength: 7 }))),
  seriesPrice: Type.Optional(NullableInput(Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxSeriesPrice }))),
  tagIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
});
export type AdminSeriesInput = Static<typeof AdminSeriesInputSchema>;

/**
 * An edit of a series' details: what is not given stays. `detailsVersion` is required: the series'
 * `detailsVersion` the edit started from; the edit is refused (409 `changed_meanwhile`) once another
 * was saved since, so one operator's save never silently undoes another's.
 */
export const AdminSeriesUpdateSchema = Type.Object({
  ...AdminSeriesInputSchema.properties,
  detailsVersion: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type AdminSeriesUpdate = Static<typeof AdminSeriesUpdateSchema>;

export const AdminStatusInputSchema = Type.Object({ status: AdminPublishStatusSchema });

/**
 * Who notices when a series or an episode leaves the app (unpublished, or archived): counted now,
 * for the console to name before it asks. Archiving keeps unlocked episodes playable for the
 * viewers who unlocked them; unpublishing does not.
 */
export const AdminImpactSchema = Type.Object({
  target: Type.Union([Type.Literal('series'), Type.Literal('episode')]),
  id: Type.Integer(),
  /** Whether viewers can see it now (published, in a published series): if not, nobody notices. */
  live: Type.Boolean(),
  /** Viewers with an active membership, who can watch every episode today. */
  members: Type.Integer(),
  /** Viewers who unlocked at least one of its episodes (with coins or a series unlock). */
  unlockers: Type.Integer(),
  /** Coins those viewers spent on it: its episodes one by one, and for a series its series unlocks. */
  coinsSpent: Type.Integer(),
  /** Viewers with the series in My list. */
  inLists: Type.Integer(),
  /** Viewers part-way through it (continue watching). */
  watching: Type.Integer(),
  /** Hand-picked homepage places that show the series (featured and curated sections). */
  homepage: Type.Array(
    Type.Object({
      sectionId: Type.Integer(),
      title: Type.String(),
      kind: Type.String(),
      active: Type.Boolean(),
      position: Type.Integer(),
    }),
  ),
  /** An episode only: it is the last one viewers can watch, so the series leaves the app with it. */
  lastLiveEpisode: Type.Boolean(),
});
export type AdminImpact = Static<typeof AdminImpactSchema>;

export const AdminEpisodeInputSchema = Type.Object({
  titles: Type.Optional(AdminLocalizedNamesSchema(ADMIN_LIMITS.title)),
  free: Type.Optional(Type.Boolean()),
  unlockCost: Type.Optional(Type.Integer({ minimum: 0, maximum: ADMIN_LIMITS.maxUnlockCost })),
});
export type AdminEpisodeInput = Static<typeof AdminEpisodeInputSchema>;

export const AdminEpisodeOrderSchema = Type.Object({ episodeIds: Type.Array(Id, { maxItems: 2000 }) });

/** Sets every episode of a series at once: the first `freeEpisodes` free, the others at `unlockCost` coins. */
export const AdminEpisodePricingSchema = Type.Object({
  freeEpisodes: Type.Integer({ minimum: 0, maximum: 2000 }),
  unlockCost: Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxUnlockCost }),
});
export type AdminEpisodePricing = Static<typeof AdminEpisodePricingSchema>;

export const AdminTagSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  position: Type.Integer(),
  names: AdminLocalizedNamesSchema(ADMIN_LIMITS.tagName),
  series: Type.Integer(),
});
export type AdminTag = Static<typeof AdminTagSchema>;

export const AdminTagInputSchema = Type.Object({
  slug: Type.Optional(Type.String({ maxLength: 60 })),
  names: Type.Optional(AdminLocalizedNamesSchema(ADMIN_LIMITS.tagName)),
});
export type AdminTagInput = Static<typeof AdminTagInputSchema>;

export const AdminIdOrderSchema = Type.Object({ ids: Type.Array(Id, { maxItems: 500 }) });
export const AdminTagListSchema = Type.Array(AdminTagSchema);

// ---------------------------------------------------------------- artwork

/** A series' pictures: the `cover` (3:4) and the `banner` (16:9). */
export const AdminArtworkKindSchema = Type.Union([Type.Literal('cover'), Type.Literal('banner')]);
export type AdminArtworkKind = Static<typeof AdminArtworkKindSchema>;
/** `PUT /api/admin/series/:id/artwork/:kind`: the body is the picture itself. */
export const AdminArtworkParamsSchema = Type.Object({ id: Id, kind: AdminArtworkKindSchema });
export type AdminArtworkParams = Static<typeof AdminArtworkParamsSchema>;
/** The stored picture's public address. */
export const AdminArtworkSchema = Type.Object({ url: Type.String() });
export type AdminArtwork = Static<typeof AdminArtworkSchema>;

// ---------------------------------------------------------------- homepage

export const AdminHomepageKindSchema = Type.Union([
  Type.Literal('featured'),
  Type.Literal('curated'),
  Type.Literal('categories'),
  Type.Literal('trending'),
  Type.Literal('newest'),
]);
export type AdminHomepageKind = Static<typeof AdminHomepageKindSchema>;

export const AdminSectionSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  kind: AdminHomepageKindSchema,
  active: Type.Boolean(),
  position: Type.Integer(),
  titles: AdminLocalizedNamesSchema(ADMIN_LIMITS.sectionTitle),
  /** Featured and curated sections: the hand-picked series, in order. */
  items: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), visible: Type.Boolean() }),
  ),
  /** Categories sections: the tabs, in order. */
  tags: Type.Array(AdminTagRefSchema),
});
export type AdminSection = Static<typeof AdminSectionSchema>;

export const AdminSectionInputSchema = Type.Object({
  slug: Type.Optional(Type.String({ maxLength: 60 })),
  kind: Type.Optional(AdminHomepageKindSchema),
  active: Type.Optional(Type.Boolean()),
  titles: Type.Optional(AdminLocalizedNamesSchema(ADMIN_LIMITS.sectionTitle)),
});
export type AdminSectionInput = Static<typeof AdminSectionInputSchema>;
export const AdminSectionListSchema = Type.Array(AdminSectionSchema);

/** A featured or curated section's series, in order. */
export const AdminSectionSeriesInputSchema = Type.Object({ seriesIds: Type.Array(Id, { maxItems: 500 }) });
export type AdminSectionSeriesInput = Static<typeof AdminSectionSeriesInputSchema>;
/** A categories section's tabs, in order. */
export const AdminSectionTabsInputSchema = Type.Object({ tagIds: Type.Array(Id, { maxItems: 500 }) });
export type AdminSectionTabsInput = Static<typeof AdminSectionTabsInputSchema>;
