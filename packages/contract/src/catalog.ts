import { Type, type Static } from 'typebox';

export const TagSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof TagSchema>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A series (the specification's "video") as shown on cards and lists. */
export const SeriesSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  synopsis: Type.String(),
  cover: Nullable(Type.String()),
  tags: Type.Array(TagSchema),
  episodeCount: Type.Integer(),
  freeEpisodes: Type.Integer(),
  playCount: Type.Integer(),
  favorite: Type.Boolean(),
  accentColor: Nullable(Type.String()),
});
export type Series = Static<typeof SeriesSchema>;

/** A series' own page: the card plus what the player and the paywall need. */
export const SeriesDetailSchema = Type.Object({
  ...SeriesSchema.properties,
  banner: Nullable(Type.String()),
  /** Coins to unlock every locked episode at once (server-quoted), null when nothing is locked. */
  seriesPrice: Nullable(Type.Integer()),
  /** Coins the locked episodes would cost one by one. */
  lockedTotal: Type.Integer(),
  language: Type.String(),
});
export type SeriesDetail = Static<typeof SeriesDetailSchema>;

export const SectionKinds = ['curated', 'categories', 'trending', 'newest'] as const;
export type SectionKind = (typeof SectionKinds)[number];

/** A series as a rail's card shows it: everything but the synopsis (only the carousel shows that). */
export const SeriesCardSchema = Type.Omit(SeriesSchema, ['synopsis']);
export type SeriesCard = Static<typeof SeriesCardSchema>;

export const HomepageSectionSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kind: Type.Union([
    Type.Literal('curated'),
    Type.Literal('categories'),
    Type.Literal('trending'),
    Type.Literal('newest'),
  ]),
  items: Type.Array(SeriesCardSchema),
  hasMore: Type.Boolean(),
  /** For "categories" sections: the tabs; `items` are the first tab's series. */
  tabs: Type.Optional(Type.Array(TagSchema)),
});
export type HomepageSection = Static<typeof HomepageSectionSchema>;

export const HomepageSchema = Type.Object({
  featured: Type.Array(SeriesSchema),
  sections: Type.Array(HomepageSectionSchema),
});
export type Homepage = Static<typeof HomepageSchema>;

/**
 * Why an episode plays for the viewer, or that it does not: `free`, `unlocked` (the viewer holds an
 * unlock), `member` (an active membership includes it) or `locked` (it costs `cost` coins).
 */
export const EpisodeAccessSchema = Type.Union([
  Type.Literal('free'),
  Type.Literal('unlocked'),
  Type.Literal('member'),
  Type.Literal('locked'),
]);
export type EpisodeAccess = Static<typeof EpisodeAccessSchema>;

/** One row of a series' episode list: what the episode sheet shows before any tap. */
export const EpisodeListItemSchema = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  title: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  free: Type.Boolean(),
  /** The viewer may play it (free, unlocked or included in a membership): the server decides. */
  unlocked: Type.Boolean(),
  /** Why it plays, or that it is locked. */
  access: EpisodeAccessSchema,
  /** Coins to unlock; 0 for a free episode. */
  cost: Type.Integer(),
  /** The master playlist, for an episode the viewer may watch (null otherwise): a player can start loading it at once. */
  hls: Type.Union([Type.String(), Type.Null()]),
});
export type EpisodeListItem = Static<typeof EpisodeListItemSchema>;

export const SubtitleSchema = Type.Object({ language: Type.String(), url: Type.String() });

/** Playback information for one episode. `hls` is null when the viewer has no right to it. */
export const EpisodePlaybackSchema = Type.Object({
  id: Type.Integer(),
  seriesId: Type.Integer(),
  number: Type.Integer(),
  title: Type.String(),
  duration: Type.Number(),
  poster: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  free: Type.Boolean(),
  cost: Type.Integer(),
  playable: Type.Boolean(),
  hls: Nullable(Type.String()),
  subtitles: Type.Array(SubtitleSchema),
  previousId: Nullable(Type.Integer()),
  nextId: Nullable(Type.Integer()),
});
export type EpisodePlayback = Static<typeof EpisodePlaybackSchema>;

export const SearchHistoryEntrySchema = Type.Object({
  query: Type.String(),
  searchedAt: Type.String({ format: 'date-time' }),
});
export type SearchHistoryEntry = Static<typeof SearchHistoryEntrySchema>;

export { MAX_KEYWORD_LENGTH } from './constants';

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
