import { Type, type Static } from 'typebox';
import { IdSchema } from './ids';
import { PageNumberSchema, PageOf, PageSizeSchema } from './paging';
import { LangParamSchema, LanguageSchema } from './user';
import { LiteralUnion } from './envelope';
import { MAX_KEYWORD_LENGTH } from './constants';

export const TagSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof TagSchema>;
/** `GET /api/tag`: the categories that have something to watch. */
export const TagListSchema = Type.Array(TagSchema);

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
export const SeriesPageSchema = PageOf(SeriesSchema);

/** A series' own page: the card plus what the player and the paywall need. */
export const SeriesDetailSchema = Type.Object({
  ...SeriesSchema.properties,
  banner: Nullable(Type.String()),
  /** Coins to unlock every locked episode at once (server-quoted), null when nothing is locked. */
  seriesPrice: Nullable(Type.Integer()),
  /** Coins the locked episodes would cost one by one. */
  lockedTotal: Type.Integer(),
  /** The language the texts are in. */
  language: LanguageSchema,
  /** How many viewers like the series. */
  likeCount: Type.Integer({ minimum: 0 }),
  /** Whether this viewer likes it (false without a session). */
  liked: Type.Boolean(),
  /**
   * The series left the catalog: only a viewer who unlocked episodes of it gets this page, listing just
   * those episodes; nothing can be bought.
   */
  archived: Type.Optional(Type.Boolean()),
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
  kind: LiteralUnion(SectionKinds),
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

/** An episode's first second: the playlists a player reads before its key and first segment. */
export const EpisodeStartSchema = Type.Object({
  master: Type.String(),
  playlistUrl: Type.String(),
  playlist: Type.String(),
});
export type EpisodeStart = Static<typeof EpisodeStartSchema>;

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
  /**
   * The first second, for an episode the viewer may watch: the master playlist's text and the address
   * and text of its lightest rendition's playlist (where a player starts), so the key and the first
   * segment can be asked for at once instead of after two more round trips.
   */
  start: Type.Optional(Nullable(EpisodeStartSchema)),
  subtitles: Type.Array(SubtitleSchema),
  previousId: Nullable(Type.Integer()),
  nextId: Nullable(Type.Integer()),
});
export type EpisodePlayback = Static<typeof EpisodePlaybackSchema>;

/**
 * One item of the For You feed: a series and its first episode (what the feed plays), with where
 * "continue" opens the series for this viewer (their saved place, else the episode after the first).
 */
export const FeedItemSchema = Type.Object({
  series: SeriesSchema,
  /** The series' first episode. */
  episode: Type.Object({ id: Type.Integer(), number: Type.Integer(), duration: Type.Number() }),
  /**
   * Where "continue" opens: the viewer's saved episode and position (seconds), else the second episode
   * at 0; `saved` says the viewer has a saved place (the feed then leaves it as it is).
   */
  continueAt: Type.Object({ number: Type.Integer(), position: Type.Number(), saved: Type.Boolean() }),
  /** How many viewers like the series. */
  likeCount: Type.Integer({ minimum: 0 }),
  /** Whether this viewer likes it (false without a session). */
  liked: Type.Boolean(),
});
export type FeedItem = Static<typeof FeedItemSchema>;
/** `GET /api/video/feed`: the viewer's For You feed, best first, paged. */
export const FeedPageSchema = PageOf(FeedItemSchema);

export const SearchHistoryEntrySchema = Type.Object({
  query: Type.String(),
  searchedAt: Type.String({ format: 'date-time' }),
});
export type SearchHistoryEntry = Static<typeof SearchHistoryEntrySchema>;

export { MAX_KEYWORD_LENGTH };

// ---------------------------------------------------------------- requests and their answers

const Page = Type.Optional(PageNumberSchema);
const PageSize = Type.Optional(PageSizeSchema);
const Lang = Type.Optional(LangParamSchema);
const Keyword = Type.String({ maxLength: MAX_KEYWORD_LENGTH });

/** `GET /api/homepage/query`: one home section (`sectionId`) or one category tab (`tagId`), paged. */
export const HomepageSectionQuerySchema = Type.Object({
  sectionId: Type.Optional(IdSchema),
  tagId: Type.Optional(IdSchema),
  page: Page,
  pageSize: PageSize,
  lang: Lang,
});
export type HomepageSectionQuery = Static<typeof HomepageSectionQuerySchema>;

/** `GET /api/video`: a series (`id`), or a category's series (`tagId`), or a search (`keyword`), paged. */
export const VideoQuerySchema = Type.Object({
  id: Type.Optional(IdSchema),
  tagId: Type.Optional(IdSchema),
  keyword: Type.Optional(Keyword),
  page: Page,
  pageSize: PageSize,
  lang: Lang,
});
export type VideoQuery = Static<typeof VideoQuerySchema>;
/** What `GET /api/video` answers: a series' page for `id`, else a page of series. */
export const VideoAnswerSchema = Type.Union([SeriesDetailSchema, SeriesPageSchema]);

/** `GET /api/video/feed`: one page of the For You feed. */
export const FeedQuerySchema = Type.Object({ page: Page, pageSize: PageSize, lang: Lang });
export type FeedQuery = Static<typeof FeedQuerySchema>;

/** `GET /api/video/episode`: a series' episode list (`seriesId`) or one episode's playback (`id`). */
export const EpisodeQuerySchema = Type.Object({
  seriesId: Type.Optional(IdSchema),
  id: Type.Optional(IdSchema),
  lang: Lang,
});
export type EpisodeQuery = Static<typeof EpisodeQuerySchema>;
/** What `GET /api/video/episode` answers: the episode list for `seriesId`, the playback for `id`. */
export const EpisodeAnswerSchema = Type.Union([Type.Array(EpisodeListItemSchema), EpisodePlaybackSchema]);

/** `POST /api/video/play`: an episode starts playing. */
export const PlayInputSchema = Type.Object({ episodeId: IdSchema });
export type PlayInput = Static<typeof PlayInputSchema>;

/** `GET /api/search/history`. */
export const SearchHistoryListSchema = Type.Array(SearchHistoryEntrySchema);
/** `POST /api/search/history`: a search to remember. */
export const SearchInputSchema = Type.Object({ query: Type.String({ minLength: 1, maxLength: MAX_KEYWORD_LENGTH }) });
export type SearchInput = Static<typeof SearchInputSchema>;
/** `DELETE /api/search/history`: one search (`query`), or all of them. */
export const ForgetSearchQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_KEYWORD_LENGTH })),
});
export type ForgetSearchQuery = Static<typeof ForgetSearchQuerySchema>;

/** `POST /api/video/like` (body) and `DELETE /api/video/like` (query): the series. */
export const LikeInputSchema = Type.Object({ seriesId: IdSchema });
export type LikeInput = Static<typeof LikeInputSchema>;
/** A series' likes after a like or an unlike: the same answer however often it is sent. */
export const LikeStateSchema = Type.Object({
  seriesId: Type.Integer(),
  liked: Type.Boolean(),
  likeCount: Type.Integer({ minimum: 0 }),
});
export type LikeState = Static<typeof LikeStateSchema>;

/** A search many viewers made lately (in the request's language) that finds something. */
export const TrendingSearchSchema = Type.Object({ query: Type.String() });
export type TrendingSearch = Static<typeof TrendingSearchSchema>;
/** `GET /api/search/trending`: most searched first. */
export const TrendingSearchListSchema = Type.Array(TrendingSearchSchema);
/** `POST /api/search/trending` takes a `SearchInput`: a search the viewer submitted, in the request's language. */
