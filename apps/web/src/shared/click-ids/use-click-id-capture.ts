import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext as NavigationContext, useLocation, type Location } from 'react-router';
import { captureClickIdsOnRouteChange } from './capture';

/**
 * Captures click ids from the query string on every client-side navigation (a new location each time),
 * then takes the stored ones out of the address, in place of the entry. The layout runs it after counting
 * the page view, so the landing page is reported with the ids it came with.
 */
export function useClickIdCapture(): void {
  const location = useLocation();
  // The history itself: its location is the newest (a page may already have replaced the one rendered,
  // as the player does when it writes its episode into the address).
  const { navigator } = useContext(NavigationContext);
  useEffect(() => {
    const current = (navigator as unknown as { location: Location }).location;
    const search = captureClickIdsOnRouteChange(current.search, current.pathname);
    if (search !== null) navigator.replace({ ...current, search });
  }, [location, navigator]);
}
