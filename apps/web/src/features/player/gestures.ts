/** What a finished pointer movement over the player means. */
export type Gesture = 'next' | 'previous' | 'tap' | 'none';

export interface PointerMove {
  /** Horizontal and vertical movement in CSS pixels (negative dy: the finger went up). */
  dx: number;
  dy: number;
  /** Milliseconds between press and release. */
  dt: number;
  /** Height of the player: the distance thresholds scale with it. */
  height: number;
}

/** Movement under this many pixels (both ways) is a tap, not a drag. */
export const TAP_SLOP_PX = 10;
/** A press held longer than this is not a tap (it may be someone reading the screen). */
export const TAP_MAX_MS = 500;
/** A quick flick commits from this distance on. */
export const FLICK_MIN_PX = 30;
/** Speed (px/ms) from which a short movement counts as a flick. */
export const FLICK_SPEED = 0.45;

/** Distance a slow drag must cover to change episode: 15 % of the player, at least 60 px. */
export function swipeThreshold(height: number): number {
  return Math.max(60, height * 0.15);
}

/**
 * Classifies a press-move-release: up is the next episode, down the previous one (the feed moves with
 * the finger), a short still press is a tap, anything else (sideways, too short, undecided) nothing.
 */
export function classifyGesture({ dx, dy, dt, height }: PointerMove): Gesture {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax < TAP_SLOP_PX && ay < TAP_SLOP_PX) return dt <= TAP_MAX_MS ? 'tap' : 'none';
  // Mostly vertical only: a sideways drag (or a diagonal one) is not a request to change episode.
  if (ay < ax * 1.2) return 'none';
  const flick = ay >= FLICK_MIN_PX && dt > 0 && ay / dt >= FLICK_SPEED;
  if (!flick && ay < swipeThreshold(height)) return 'none';
  return dy < 0 ? 'next' : 'previous';
}

/**
 * How far the feed follows the finger: one to one towards an episode that exists, with resistance
 * (a third, at most an eighth of the player) where there is nothing to go to.
 */
export function dragOffset(dy: number, height: number, canNext: boolean, canPrevious: boolean): number {
  const blocked = (dy < 0 && !canNext) || (dy > 0 && !canPrevious);
  if (!blocked) return Math.max(-height, Math.min(height, dy));
  const limit = height / 8;
  return Math.sign(dy) * Math.min(limit, Math.abs(dy) / 3);
}

/** Keys that change episode: ArrowDown / PageDown go on, ArrowUp / PageUp go back. */
export function gestureForKey(key: string): Gesture {
  if (key === 'ArrowDown' || key === 'PageDown') return 'next';
  if (key === 'ArrowUp' || key === 'PageUp') return 'previous';
  return 'none';
}
