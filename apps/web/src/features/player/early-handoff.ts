import type Hls from 'hls.js';

/**
 * An episode index.html started playing before the app's code arrived (boot/early-player.ts): its
 * `<video>`, in index.html's player frame, and the hls.js instance feeding it. The player takes both
 * over: the stage puts the `<video>` into its first slot (`adoptEarlyVideo`), and that slot's first
 * load of the same episode from the same place keeps the instance (`claimEarlyPlayer`); anything else
 * stops it (`discardEarlyPlayer`).
 */
export interface EarlyPlayer {
  episodeId: number;
  startAt: number;
  hls: Hls;
  video: HTMLVideoElement;
  /** index.html's player frame, over the app's page until the stage takes the `<video>` from it. */
  overlay: HTMLElement;
  /** The master playlist is parsed and loading has begun. */
  parsed: boolean;
  /** hls.js gave up (a fatal error): the player loads the episode itself. */
  failed: boolean;
  /** The browser refused to play with sound without a tap: it plays muted. */
  mutedByAutoplay: boolean;
  /** Removes the early player's own listeners and timer: the player owns the instance from now on. */
  release: () => void;
}

declare global {
  interface Window {
    __episodicEarlyPlayer?: EarlyPlayer | undefined;
    /** hls.js as index.html's early player loaded it: the player uses the same, not a second download. */
    __episodicHls?: typeof Hls | undefined;
  }
}

let adopted: HTMLVideoElement | null = null;

/** Stops the early player (the viewer is shown something else): no sound, no downloads, no frame. */
export function discardEarlyPlayer(): void {
  const early = window.__episodicEarlyPlayer;
  if (!early) return;
  window.__episodicEarlyPlayer = undefined;
  early.release();
  early.hls.destroy();
  early.overlay.remove();
  // A `<video>` the stage took stays in its slot, emptied by the slot's own load; one it never took goes.
  if (early.video !== adopted) {
    early.video.pause();
    early.video.remove();
  }
}

/** Whether an early player is waiting for the stage to take its `<video>`. */
export function hasEarlyVideo(): boolean {
  const early = window.__episodicEarlyPlayer;
  return Boolean(early && !early.failed && adopted !== early.video);
}

/**
 * The early player's `<video>` for the stage's first slot, once; the caller puts it in its place in the
 * same task, then index.html's frame goes.
 */
export function adoptEarlyVideo(): { video: HTMLVideoElement; done: () => void } | null {
  const early = window.__episodicEarlyPlayer;
  if (!early || early.failed || adopted === early.video) return null;
  adopted = early.video;
  return {
    video: early.video,
    done: () => {
      early.overlay.remove();
    },
  };
}

/** The early player, when it plays `episodeId` from `startAt` in `video` (the slot about to load it). */
export function peekEarlyPlayer(video: HTMLVideoElement, episodeId: number, startAt: number): EarlyPlayer | null {
  const early = window.__episodicEarlyPlayer;
  return early &&
    !early.failed &&
    early.video === video &&
    early.episodeId === episodeId &&
    Math.abs(early.startAt - startAt) <= 0.5
    ? early
    : null;
}

/**
 * The early player handed over to the slot of `video` when it plays this episode from this place; any
 * other load stops it. The caller owns the instance from then on.
 */
export function claimEarlyPlayer(video: HTMLVideoElement, episodeId: number, startAt: number): EarlyPlayer | null {
  const early = peekEarlyPlayer(video, episodeId, startAt);
  if (!early) {
    discardEarlyPlayer();
    return null;
  }
  window.__episodicEarlyPlayer = undefined;
  early.release();
  early.overlay.remove();
  return early;
}
