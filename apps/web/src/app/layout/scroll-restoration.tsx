import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scrollPositions';
const MAX_ENTRIES = 50;
const RESTORE_FRAMES = 40;

const positions = new Map<string, number>(readSaved());

function readSaved(): [string, number][] {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as [string, number][]) : [];
  } catch {
    return [];
  }
}

function save(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage may be off; positions then last for this page view.
  }
}

/**
 * Back and forward return to where the reader was on that page; a new navigation starts at the top.
 * Positions are kept per history entry (also across a reload, in session storage).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { key } = location;

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useEffect(() => {
    const remember = () => {
      positions.delete(key);
      positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (navigationType !== 'POP') {
      if (!window.location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.get(key);
    // Nothing saved for this entry (a first visit): scrolling, or even reading the scroll position, would
    // only force an early layout of a page that is still loading.
    if (target === undefined) return;
    // The page may still be filling in (cached data renders at once, images and lists a moment later).
    let frames = 0;
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && ++frames < RESTORE_FRAMES) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [key, navigationType]);

  return null;
}
