import type { EpisodePlayback, Language } from '@episodic/contract';

/** An episode as this hook needs it: its id (a series' list item, or a feed item's first episode). */
type Episode = { id: number };
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { playbackQuery } from './player-api';
import type { SlotSource } from './player-engine';

/** What the engine plays of an episode's playback information: nothing while it is locked or has no video. */
export function sourceOf(playback: EpisodePlayback | undefined): SlotSource | null {
  return playback?.playable && playback.hls
    ? { episodeId: playback.id, url: playback.hls, subtitles: playback.subtitles }
    : null;
}

/**
 * The playback information of the episode on screen and of its neighbours; the neighbours' load only
 * once `neighboursMayLoad` (the page decides when they no longer compete with the first frame).
 */
export function useEpisodePlayback(
  item: Episode,
  neighbours: { previous: Episode | undefined; next: Episode | undefined },
  language: Language,
  neighboursMayLoad: boolean,
) {
  const { previous, next } = neighbours;
  const currentQuery = useQuery(playbackQuery(item.id, language));
  const nextQuery = useQuery({
    ...playbackQuery(next?.id ?? 0, language),
    enabled: next !== undefined && neighboursMayLoad,
  });
  const previousQuery = useQuery({
    ...playbackQuery(previous?.id ?? 0, language),
    enabled: previous !== undefined && neighboursMayLoad,
  });
  const playback = currentQuery.data;
  const currentSource = useMemo(() => sourceOf(playback), [playback]);
  const nextSource = useMemo(() => sourceOf(next ? nextQuery.data : undefined), [next, nextQuery.data]);
  const locked = playback !== undefined && !playback.playable;
  return { currentQuery, nextQuery, previousQuery, playback, currentSource, nextSource, locked };
}

/** How long the page's first episode has before its poster is drawn anyway. */
const POSTER_WAIT_MS = 1000;

/**
 * Whether the episode on screen may draw its poster: once the page's first episode has started or
 * cannot (`settled`: sticky, as the neighbours' loading), or after a second without that. Before, the
 * poster (40–110 KB at 1080×1920) would share the line with the first segment and the page's code,
 * for a picture the first frame covers a moment later.
 */
export function usePosterMayLoad(settled: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = window.setTimeout(() => {
      setWaited(true);
    }, POSTER_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [settled]);
  return settled || waited;
}
