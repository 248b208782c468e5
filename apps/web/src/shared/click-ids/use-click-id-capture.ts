import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureClickIdsOnRouteChange } from './capture';

/** Captures click ids from the query string on every client-side navigation (a new location each time). */
export function useClickIdCapture(): void {
  const location = useLocation();
  useEffect(() => {
    captureClickIdsOnRouteChange(location.search);
  }, [location]);
}
