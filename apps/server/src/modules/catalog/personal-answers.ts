import type { EpisodeListItem, Homepage, Language, Page, Series } from '@episodic/contract';
import { isMembershipActive, type ViewerAccess } from '../access/index';
import type { EpisodeRow } from './catalog.repository';
import { markHearts } from './hearts';
import { normalizeQuery } from './search-query';

/**
 * How one list answer is sent: `key` names the serialized answer every viewer in the same position
 * shares (null: built for this viewer alone), `personal` says which cache keeps it (the catalog's, or
 * the one for answers that carry hearts or unlocks), and `build` makes its content.
 */
export interface ListAnswer<T> {
  key: string | null;
  personal: boolean;
  build: () => Promise<T>;
}

/** Whether the viewer holds an unlock of this series outside its published list (an archived episode they keep). */
export function keepsArchived(held: ViewerAccess, seriesId: number, list: readonly EpisodeRow[]): boolean {
  let ids: Set<number> | null = null;
  for (const [episodeId, series] of held.unlocks) {
    if (series !== seriesId) continue;
    ids ??= new Set(list.map((e) => e.id));
    if (!ids.has(episodeId)) return true;
  }
  return false;
}

/** A membership active whenever the answer is built (the key already says the viewer is a member). */
const FOREVER = { status: 'active', current_period_end: new Date(8.64e15) };

const onHomepage = new WeakMap<Homepage, ReadonlySet<number>>();
/** The series a homepage shows, listed once per built homepage (every signed-in request asks). */
function seriesOn(page: Homepage): ReadonlySet<number> {
  let ids = onHomepage.get(page);
  if (!ids) {
    ids = new Set([...page.featured, ...page.sections.flatMap((s) => s.items)].map((s) => s.id));
    onHomepage.set(page, ids);
  }
  return ids;
}

/**
 * One page of series cards a viewer asks for, named by what makes its content: a search's keyword (as
 * typed; its key is the normalized query), or a section and a category tab (a category alone; neither:
 * the newest series).
 */
export type SeriesPageRequest = { lang: Language; page: number; pageSize: number } & (
  { search: string } | { sectionId?: number; tagId?: number }
);

/** The cache key of a page request: every field that changes its content, nothing else. */
function pageKey(r: SeriesPageRequest): string {
  const what =
    'search' in r
      ? `search:${normalizeQuery(r.search).toLowerCase()}`
      : `section:${String(r.sectionId ?? '')}:${String(r.tagId ?? '')}`;
  return `series-page-json:${what}:${r.lang}:${String(r.page)}:${String(r.pageSize)}`;
}

export interface PersonalAnswersDeps {
  sharedHomepage: (lang: Language) => Promise<Homepage>;
  episodes: (seriesId: number, lang: Language) => Promise<EpisodeRow[]>;
  episodeList: (
    seriesId: number,
    lang: Language,
    userId: string | null,
    held?: ViewerAccess,
  ) => Promise<EpisodeListItem[]>;
  /** Every series the viewer keeps in their list. */
  favorites: (userId: string) => Promise<ReadonlySet<number>>;
  /** What the viewer holds (their unlocks and membership), as lists show it. */
  viewer: (userId: string) => Promise<ViewerAccess>;
  /** A page of series (a search's, a category's, a section's) as everyone sees it, without hearts. */
  sharedPage: (request: SeriesPageRequest) => Promise<Page<Series>>;
  memo: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  personalMemo: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

/**
 * The signed-in viewer's homepage, episode lists and pages of series (searches, categories, sections),
 * answered like a visitor's (serialized and compressed once) from what personalises them: the hearts
 * on the series shown, the unlocks of the series and an active membership. A viewer with none of
 * these gets the visitor's answer; viewers in the same position share one. What a viewer holds comes from the per-account caches, dropped on
 * every write to it on every instance, so an unlock, a refund or a revoke shows in the next answer.
 */
export function createPersonalAnswers(deps: PersonalAnswersDeps) {
  /**
   * A shared answer, or for a viewer with hearts on series it shows, the answer every viewer with the
   * same hearts there shares: keyed by those hearts alone, built from the shared content.
   */
  async function withViewerHearts<T>(
    shared: ListAnswer<T> & { key: string },
    userId: string | null,
    shown: (content: T) => ReadonlySet<number>,
    mark: (content: T, hearts: ReadonlySet<number>) => T,
  ): Promise<ListAnswer<T>> {
    if (!userId) return shared;
    // Most viewers keep no series: their answer is the shared one, with no content looked at.
    const favorites = await deps.favorites(userId);
    if (favorites.size === 0) return shared;
    const on = shown(await shared.build());
    const hearts = [...favorites].filter((id) => on.has(id)).sort((a, b) => a - b);
    if (hearts.length === 0) return shared;
    return {
      key: `${shared.key}:hearts:${hearts.join(',')}`,
      personal: true,
      build: async () => mark(await shared.build(), new Set(hearts)),
    };
  }

  /** The homepage, with the viewer's hearts. */
  function homepage(lang: Language, userId: string | null): Promise<ListAnswer<Homepage>> {
    return withViewerHearts(
      { key: `homepage-json:${lang}`, personal: false, build: () => deps.sharedHomepage(lang) },
      userId,
      seriesOn,
      (page, hearts) => ({
        featured: markHearts(page.featured, hearts),
        sections: page.sections.map((s) => ({ ...s, items: markHearts(s.items, hearts) })),
      }),
    );
  }

  /** A series' episode list, with the viewer's unlocks and membership. */
  async function episodeList(
    seriesId: number,
    lang: Language,
    userId: string | null,
  ): Promise<ListAnswer<EpisodeListItem[]>> {
    const shared: ListAnswer<EpisodeListItem[]> = {
      key: `episode-list-json:${String(seriesId)}:${lang}`,
      personal: false,
      build: () => deps.episodeList(seriesId, lang, null),
    };
    if (!userId) return shared;
    const held = await deps.viewer(userId);
    const unlocked: number[] = [];
    for (const [id, series] of held.unlocks) if (series === seriesId) unlocked.push(id);
    // Archived episodes the viewer keeps are read for them alone, never put in a shared answer (only
    // an unlock of this series can be one: with none, the published list is not even looked at).
    if (unlocked.length > 0 && keepsArchived(held, seriesId, await deps.episodes(seriesId, lang)))
      return { key: null, personal: true, build: () => deps.episodeList(seriesId, lang, userId, held) };
    // The answer depends on the viewer only through their unlocks of this series and their membership,
    // so it is built from those alone: any viewer giving the same key gets the same, true, answer.
    const member = isMembershipActive(held.membership);
    if (unlocked.length === 0 && !member) return shared;
    unlocked.sort((a, b) => a - b);
    const position: ViewerAccess = {
      unlocks: new Map(unlocked.map((id) => [id, seriesId])),
      membership: member ? FOREVER : undefined,
    };
    return {
      key: `episode-list-json:${String(seriesId)}:${lang}:${unlocked.join(',')}:${member ? 'member' : ''}`,
      personal: true,
      // Built with nobody signed in: no viewer's own rows (kept archived episodes) enter a shared answer.
      build: () => deps.episodeList(seriesId, lang, null, position),
    };
  }

  /** A page of series (search results, a category, a section), with the viewer's hearts on its cards. */
  function seriesPage(request: SeriesPageRequest, userId: string | null): Promise<ListAnswer<Page<Series>>> {
    return withViewerHearts(
      { key: pageKey(request), personal: false, build: () => deps.sharedPage(request) },
      userId,
      (page) => new Set(page.items.map((s) => s.id)),
      (page, hearts) => ({ ...page, items: markHearts(page.items, hearts) }),
    );
  }

  /** The serialized answer for a key, from the cache its kind belongs to. */
  function memo<T>(answer: ListAnswer<unknown>, load: () => Promise<T>): Promise<T> {
    if (answer.key === null) return load();
    return answer.personal ? deps.personalMemo(answer.key, load) : deps.memo(answer.key, load);
  }

  return { homepage, episodeList, seriesPage, memo };
}
