import { useRef, type PointerEvent, type RefObject, type WheelEvent } from 'react';
import { TAP_SLOP_PX, classifyGesture, dragOffset } from './gestures';

export type Direction = 'next' | 'previous';

interface FeedGestureOptions {
  stage: RefObject<HTMLElement | null>;
  track: RefObject<HTMLElement | null>;
  canNext: boolean;
  canPrevious: boolean;
  /** A swipe (or wheel turn) asks for another episode; `offset` is how far the feed was dragged. */
  onCommit: (direction: Direction, offset: number) => void;
  /** Any touch: the controls show. */
  onActivity: () => void;
}

/** Elements whose own pointer handling wins over the feed's swipe. */
const OWN_GESTURES = '[data-no-swipe], a, input, select, textarea, [role="slider"], button:not([data-surface])';

const SETTLE_MS = 200;
const WHEEL_STEP = 60;
const WHEEL_COOLDOWN_MS = 650;

/**
 * Vertical swipes over the player: the feed follows the finger (with resistance where there is no
 * episode to go to) and, on release, either commits to the next / previous episode or springs back.
 * `wasDrag()` tells a click handler that the press was a drag, not a tap. A mouse wheel also changes
 * episode on desktop.
 */
export function useFeedGestures({ stage, track, canNext, canPrevious, onCommit, onActivity }: FeedGestureOptions) {
  const press = useRef<{
    id: number;
    x: number;
    y: number;
    time: number;
    vertical: boolean | null;
    offset: number;
  } | null>(null);
  const dragged = useRef(false);
  const wheel = useRef({ total: 0, last: 0, reset: 0 });

  const moveTrack = (offset: number, animate: boolean) => {
    const element = track.current;
    if (!element) return;
    element.style.transition = animate ? `transform ${String(SETTLE_MS)}ms ease-out` : 'none';
    element.style.transform = offset === 0 ? '' : `translate3d(0, ${String(offset)}px, 0)`;
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    onActivity();
    dragged.current = false;
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (event.target instanceof Element && event.target.closest(OWN_GESTURES)) return;
    press.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      time: event.timeStamp,
      vertical: null,
      offset: 0,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    // A mouse moving over the player brings the controls back, as a touch does.
    if (event.pointerType === 'mouse') onActivity();
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (p.vertical === null) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < TAP_SLOP_PX) return;
      p.vertical = Math.abs(dy) > Math.abs(dx);
      dragged.current = true;
      if (p.vertical) stage.current?.setPointerCapture(event.pointerId);
    }
    if (!p.vertical) return;
    const height = stage.current?.clientHeight ?? window.innerHeight;
    p.offset = dragOffset(dy, height, canNext, canPrevious);
    moveTrack(p.offset, false);
  };

  const finish = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    press.current = null;
    if (!p.vertical) return;
    const height = stage.current?.clientHeight ?? window.innerHeight;
    const gesture = cancelled
      ? 'none'
      : classifyGesture({ dx: event.clientX - p.x, dy: event.clientY - p.y, dt: event.timeStamp - p.time, height });
    if ((gesture === 'next' && canNext) || (gesture === 'previous' && canPrevious)) onCommit(gesture, p.offset);
    else moveTrack(0, true);
  };

  const onWheel = (event: WheelEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('[data-no-swipe], [role="dialog"]')) return;
    const state = wheel.current;
    const now = event.timeStamp;
    window.clearTimeout(state.reset);
    state.reset = window.setTimeout(() => {
      state.total = 0;
    }, 200);
    if (now - state.last < WHEEL_COOLDOWN_MS) return;
    state.total += event.deltaY;
    if (Math.abs(state.total) < WHEEL_STEP) return;
    const direction: Direction = state.total > 0 ? 'next' : 'previous';
    state.total = 0;
    state.last = now;
    onActivity();
    if ((direction === 'next' && canNext) || (direction === 'previous' && canPrevious)) onCommit(direction, 0);
  };

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        finish(event, false);
      },
      onPointerCancel: (event: PointerEvent<HTMLElement>) => {
        finish(event, true);
      },
      onWheel,
    },
    /** Whether the last press moved (a click that ends a drag is not a tap). */
    wasDrag: () => dragged.current,
  };
}
