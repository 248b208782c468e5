import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { captureClickIdsOnRouteChange, searchWithoutStored } from './capture';

/**
 * Captures click ids from the query string on every client-side navigation (a new location each time),
 * then takes them out of the address, in place of the entry and keeping its state.
 */
export function useClickIdCapture(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    captureClickIdsOnRouteChange(location.search);
    const search = searchWithoutStored(location.search);
    if (search !== null) void navigate({ ...location, search }, { replace: true, state: location.state });
  }, [location, navigate]);
}
