import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from './track';

let lastPath: string | null = null;

/**
 * Tracks a PageView for the first page and for every change of path. Query changes (an episode, a
 * search) are not new pages; the guard also keeps React's double effects in development from counting twice.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === lastPath) return;
    lastPath = pathname;
    track('PageView');
  }, [pathname]);
}
