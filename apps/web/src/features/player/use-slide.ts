import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Length of the slide between two episodes. */
export const SLIDE_MS = 260;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The slide between episodes: after `slideFrom(px)` and a change of `key`, the track is drawn where
 * the finger left the new episode and settles in place. `sliding` is true meanwhile.
 */
export function useSlide(track: RefObject<HTMLElement | null>, key: unknown) {
  const from = useRef<number | null>(null);
  const [sliding, setSliding] = useState(false);

  useLayoutEffect(() => {
    const element = track.current;
    const offset = from.current;
    from.current = null;
    if (!element) return;
    element.style.transition = 'none';
    if (offset === null || prefersReducedMotion()) {
      element.style.transform = '';
      return;
    }
    element.style.transform = `translate3d(0, ${String(offset)}px, 0)`;
    // Commit the starting point before the transition to the end point.
    void element.offsetHeight;
    element.style.transition = `transform ${String(SLIDE_MS)}ms cubic-bezier(0.2, 0.8, 0.2, 1)`;
    element.style.transform = '';
    setSliding(true);
    const timer = window.setTimeout(() => {
      setSliding(false);
    }, SLIDE_MS + 40);
    return () => {
      window.clearTimeout(timer);
    };
  }, [track, key]);

  return {
    sliding,
    slideFrom: (offset: number) => {
      from.current = offset;
    },
  };
}
