import { contextHeaders } from '../../shared/api/client';
import { readClickIds } from '../../shared/click-ids/capture';

/**
 * POSTs JSON with the headers and click ids the API client sends, but without its toasts and tracking:
 * for background writes (play counts, watch positions) that the viewer did not ask for. With
 * `keepalive` the request outlives the page (pagehide). Resolves to whether the server took it.
 */
export async function postQuietly(
  path: string,
  body: Record<string, unknown>,
  { keepalive = false } = {},
): Promise<boolean> {
  const headers = contextHeaders();
  headers.set('Content-Type', 'application/json');
  const payload: Record<string, unknown> = { ...body };
  const clickIds = readClickIds();
  for (const name of ['fbclid', 'ttclid'] as const)
    if (clickIds[name] && payload[name] === undefined) payload[name] = clickIds[name];
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
      credentials: 'same-origin',
      keepalive,
    });
    if (!response.ok) {
      void response.body?.cancel();
      return false;
    }
    const envelope = (await response.json()) as { code?: unknown };
    return envelope.code === 200;
  } catch {
    return false;
  }
}

/** The session and context headers for media requests of this site's API (playlists, keys). */
export function mediaRequestHeaders(): [string, string][] {
  const out: [string, string][] = [];
  contextHeaders().forEach((value, name) => {
    // Accept and Accept-Language are for JSON calls; playlists and keys need only who is asking.
    if (name !== 'accept' && name !== 'accept-language') out.push([name, value]);
  });
  return out;
}
