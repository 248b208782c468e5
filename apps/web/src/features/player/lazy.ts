// The player's second public entry, beside index.ts: what main.tsx and the app's link watcher load with
// import() before the player page. A dynamic import of index.ts would bring the whole player (and what
// it imports) into that early chunk; this module keeps it to the opening's queries.
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../shared/i18n/i18n';
import { parseEpisodeParams } from './episode-selection';
import { episodeOpeningQuery, prepareOpening, startOpening } from './player-api';
import { loadHls } from './hls-loader';

/**
 * A link straight to an episode (`/videos/{id}?ep=N`, a shared link or an ad): its opening (the list,
 * the playback information, then hls.js loading the media) starts as soon as the app's code has run,
 * not once the player page has rendered. The page finds the same query under way.
 */
export function openEarly(queryClient: QueryClient, seriesId: number, search: string): void {
  const params = parseEpisodeParams(search);
  if (params.ep === null) return;
  void queryClient.prefetchQuery(episodeOpeningQuery(queryClient, seriesId, params, currentLanguage()));
}

/** A series page a link in view leads to: its answers are asked for now, its media only once it is pressed. */
export function openAhead(queryClient: QueryClient, links: readonly { seriesId: number; search: string }[]): void {
  const language = currentLanguage();
  for (const { seriesId, search } of links)
    void prepareOpening(queryClient, seriesId, parseEpisodeParams(search), language).catch(() => undefined);
}

/** A link to a series page tapped: its opening, media included, starts before the page renders. */
export function openOnTap(queryClient: QueryClient, seriesId: number, search: string): void {
  void startOpening(queryClient, seriesId, parseEpisodeParams(search), currentLanguage()).catch(() => undefined);
}

/** Loads hls.js now (a moment of idle time), so the player need not wait for it when it opens. */
export function warmHls(): void {
  void loadHls().catch(() => undefined);
}
