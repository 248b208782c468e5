import type Hls from 'hls.js';
import type { ErrorData, ManifestParsedData } from 'hls.js';
import { createHls, startFromLightest } from './hls-setup';
import { loadHls } from './hls-loader';

interface WarmStart {
  episodeId: number;
  startAt: number;
  hls: Hls;
  parsed: boolean;
  failed: boolean;
  release: () => void;
  timer: number;
}

/** An unclaimed warm start is dropped after this long (the viewer went elsewhere). */
const KEEP_MS = 20_000;

let current: WarmStart | null = null;
/** Episodes a player already loads by itself: a warm start for them would load them twice. */
const loadedByPlayer = new Set<number>();

function discard(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  current.release();
  current.hls.destroy();
  current = null;
}

/**
 * Starts loading an episode that is about to be opened (master and media playlist, key, first segment)
 * before its `<video>` exists, so that work overlaps with rendering the player. Only with hls.js; only
 * for an episode the viewer may watch. The player claims it with `claimWarmStart`.
 */
export async function warmStart(episodeId: number, url: string, startAt: number): Promise<void> {
  const HlsCtor = await loadHls().catch(() => null);
  if (!HlsCtor || current?.episodeId === episodeId || loadedByPlayer.has(episodeId)) return;
  // index.html's early player already plays it (early-handoff.ts).
  if (window.__episodicEarlyPlayer?.episodeId === episodeId) return;
  discard();
  const hls = createHls(HlsCtor, { startAt, prefetch: true });
  const onParsed = (_event: string, data: ManifestParsedData) => {
    entry.parsed = true;
    startFromLightest(hls, data.levels);
    hls.startLoad(startAt);
  };
  const onError = (_event: string, data: ErrorData) => {
    if (data.fatal) entry.failed = true;
  };
  const entry: WarmStart = {
    episodeId,
    startAt,
    hls,
    parsed: false,
    failed: false,
    release: () => {
      hls.off(HlsCtor.Events.MANIFEST_PARSED, onParsed);
      hls.off(HlsCtor.Events.ERROR, onError);
    },
    timer: window.setTimeout(discard, KEEP_MS),
  };
  hls.on(HlsCtor.Events.MANIFEST_PARSED, onParsed);
  hls.on(HlsCtor.Events.ERROR, onError);
  current = entry;
  hls.loadSource(url);
}

/**
 * The warm start of this episode at this position, handed over (its own listeners removed), or null.
 * `parsed` says whether its levels are known and loading has begun.
 */
export function claimWarmStart(episodeId: number, startAt: number): { hls: Hls; parsed: boolean } | null {
  const entry = current;
  if (!entry || entry.episodeId !== episodeId || entry.failed || Math.abs(entry.startAt - startAt) > 0.5) {
    loadedByPlayer.add(episodeId);
    if (entry?.episodeId === episodeId) discard();
    return null;
  }
  window.clearTimeout(entry.timer);
  entry.release();
  current = null;
  return { hls: entry.hls, parsed: entry.parsed };
}
