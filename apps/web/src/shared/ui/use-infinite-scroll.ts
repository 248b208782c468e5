import { useEffect, useEffectEvent, useRef, useState } from 'react';

interface InfiniteScrollOptions {
  /** Whether reaching the end should load more (there is a next page and nothing is loading or failed). */
  enabled: boolean;
  onReachEnd: () => void;
  /** How early to start loading, before the end is actually on screen. */
  rootMargin?: string;
}

/**
 * Calls `onReachEnd` when the element given to the returned ref callback scrolls into view
 * (IntersectionObserver), and again after each load while it stays in view. Where the observer is
 * missing, nothing happens: the list's "Load more" button still works.
 */
export function useInfiniteScroll({ enabled, onReachEnd, rootMargin = '600px 0px' }: InfiniteScrollOptions) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const visibleRef = useRef(false);
  const reachEnd = useEffectEvent(() => {
    if (enabled) onReachEnd();
  });

  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        visibleRef.current = entries.some((entry) => entry.isIntersecting);
        if (visibleRef.current) reachEnd();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      visibleRef.current = false;
    };
  }, [node, rootMargin]);

  // A page short enough to leave the end in view: ask again once the previous load settled.
  useEffect(() => {
    if (enabled && visibleRef.current) reachEnd();
  }, [enabled]);

  return setNode;
}
