import { onRequestFailure } from '../../shared/api/client';
import { track } from './track';

/** `/api/user/favorite` -> `api_user_favorite`: event names must be plain identifiers. */
function eventNameForPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '_');
}

/** Tracks each API call that failed in transport as `http_error_{path}_{status}` (started before the first call). */
export function trackRequestFailures(): void {
  onRequestFailure(({ url, status, kind }) => {
    track(`http_error_${eventNameForPath(url)}_${String(status)}`, { url, status, kind });
  });
}
