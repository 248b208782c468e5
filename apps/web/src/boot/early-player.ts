// index.html's early player: on a cold open of an episode the viewer may watch (`/videos/{id}?ep=N` whose
// document carried the playback answer with its first second), it starts hls.js on a `<video>` in
// index.html's player frame, before the app's code has arrived. The app's player then takes over that
// `<video>` and that hls.js instance (features/player/early-handoff.ts): the episode plays on, nothing is
// asked for twice. The app's code waits for this first frame (or its failure), so that it does not share
// the line with the first segment.
//
// Bundled by the build on its own with hls.js (vite.config.ts, earlyPlayer), and imported by
// boot/early-start.ts; the app uses the hls.js it brings (`window.__episodicHls`) instead of its own chunk.
// Keep its imports to hls.js and the player's pure modules.
import Hls from 'hls.js/light';
import { hlsConfig, startFromLightest } from '../features/player/hls-config';
import type { EarlyPlayer } from '../features/player/early-handoff';

export interface EarlyPlayerRequest {
  episodeId: number;
  /** The episode's master playlist. */
  url: string;
  /** The API's session and context headers (the session header is what works with cookies off). */
  headers: Record<string, string>;
  /** index.html's player frame: the `<video>` goes under its title. */
  frame: HTMLElement;
  /** The whole layer the frame is in: it stays over the app's page until the player takes over. */
  overlay: HTMLElement;
}

/** Unclaimed after this long (the app's code never came), it stops. */
const KEEP_MS = 15_000;
/** Once the app has drawn its first screen, the player takes the `<video>` within this or it stops (the app showed something else). */
const ADOPT_WAIT_MS = 4000;
/** The app's code waits for the first frame at most this long. */
const FIRST_FRAME_WAIT_MS = 3000;

/**
 * Starts the episode; settles once its first frame is shown, or it failed, or after three seconds (the
 * app's code then starts either way). Not at all without Media Source Extensions (the app plays it).
 */
export function startEarlyPlayer(request: EarlyPlayerRequest): Promise<void> {
  window.__episodicHls = Hls;
  if (!Hls.isSupported() || !request.frame.isConnected || window.__episodicEarlyPlayer) return Promise.resolve();
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  // The stage's slot styles, before the stylesheet has arrived.
  video.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;object-fit:cover';
  // The episode on screen, as the stage marks its slot's (and the stage's first slot takes it over).
  video.dataset.current = 'true';
  const headers = Object.entries(request.headers);
  const hls = new Hls(hlsConfig(Hls, () => headers, { startAt: 0, prefetch: true }));
  let settle = () => {};
  const shown = new Promise<void>((resolve) => {
    settle = resolve;
    window.setTimeout(resolve, FIRST_FRAME_WAIT_MS);
  });
  const onParsed = () => {
    early.parsed = true;
    startFromLightest(hls, hls.levels);
    hls.startLoad(0);
  };
  const onError = (_event: string, data: { fatal: boolean }) => {
    if (!data.fatal) return;
    early.failed = true;
    settle();
    // Not taken over: the app's player loads the episode itself.
    if (window.__episodicEarlyPlayer === early) {
      window.__episodicEarlyPlayer = undefined;
      release();
      hls.destroy();
      video.remove();
    }
  };
  const stop = () => {
    // Not taken over (a `<video>` the stage took is emptied by the player's own load).
    if (window.__episodicEarlyPlayer !== early || !request.frame.contains(video)) return;
    window.__episodicEarlyPlayer = undefined;
    release();
    hls.destroy();
    video.pause();
    request.overlay.remove();
  };
  const timer = window.setTimeout(stop, KEEP_MS);
  // The app replaces what index.html drew in #root with its first screen; the frame is outside it.
  const root = document.getElementById('root');
  const drawn = new MutationObserver(() => {
    if (document.getElementById('early-layout')) return;
    drawn.disconnect();
    window.setTimeout(stop, ADOPT_WAIT_MS);
  });
  if (root) drawn.observe(root, { childList: true });
  const release = () => {
    window.clearTimeout(timer);
    drawn.disconnect();
    hls.off(Hls.Events.MANIFEST_PARSED, onParsed);
    hls.off(Hls.Events.ERROR, onError);
  };
  const early: EarlyPlayer = {
    episodeId: request.episodeId,
    startAt: 0,
    hls,
    video,
    overlay: request.overlay,
    parsed: false,
    failed: false,
    mutedByAutoplay: false,
    release,
  };
  window.__episodicEarlyPlayer = early;
  hls.on(Hls.Events.MANIFEST_PARSED, onParsed);
  hls.on(Hls.Events.ERROR, onError);
  // Asked before the source is attached: a paused video (sound refused, then muted play refused too)
  // calls back for its first frame only if asked before it.
  if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => settle());
  else video.addEventListener('loadeddata', () => settle(), { once: true });
  request.frame.insertBefore(video, request.frame.firstChild);
  // Out of #root, which the app's first render replaces: moved in one task, nothing pauses.
  document.body.appendChild(request.overlay);
  hls.attachMedia(video);
  hls.loadSource(request.url);
  // As the player does (player-engine.ts): sound when the browser allows it, else muted, and the
  // player then shows "Tap for sound".
  video.play().catch((error: unknown) => {
    if (!(error instanceof DOMException) || error.name !== 'NotAllowedError' || window.__episodicEarlyPlayer !== early)
      return;
    early.mutedByAutoplay = true;
    video.muted = true;
    video.play().catch(() => settle());
  });
  return shown;
}
