/* global self, caches -- a service worker's own globals */
// Episodic's service worker: it keeps the app shell so the app starts without a network, and nothing
// else. It never caches the API (/api/*, which includes playback keys) or media (/media/*): those
// answers depend on who asks and on their rights, and must always come from the server.
//
// - Navigations: network first; the last good index.html is the offline fallback (never a document made
//   for one session, which the server marks private).
// - /assets/*: cache first (file names carry a content hash, so a cached file never goes stale).
// - Everything else passes through untouched.

const VERSION = 'v1';
const SHELL_CACHE = `episodic-shell-${VERSION}`;
const ASSET_CACHE = `episodic-assets-${VERSION}`;
const SHELL_URL = '/';
const MAX_ASSETS = 150;

function bypasses(url) {
  return url.origin !== self.location.origin || /^\/(api|media|admin)(\/|$)/.test(url.pathname);
}

async function cacheShell(response) {
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_URL, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL_URL, { cache: 'no-cache' });
      if (response.ok) {
        await cacheShell(response.clone());
        // The files index.html loads at start (entry, its chunks, the stylesheet).
        const html = await response.text();
        const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]))];
        const cache = await caches.open(ASSET_CACHE);
        await Promise.all(assets.map((asset) => cache.add(asset).catch(() => undefined)));
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('episodic-') && name !== SHELL_CACHE && name !== ASSET_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') || '';
    // A private document carries answers made for one session (a player page's first answers): it is
    // never the shell another visit starts from.
    const personal = (response.headers.get('cache-control') || '').includes('private');
    if (response.ok && type.includes('text/html') && !personal) await cacheShell(response.clone());
    return response;
  } catch (error) {
    const shell = await caches.open(SHELL_CACHE);
    const cached = await shell.match(SHELL_URL);
    if (cached) return cached;
    throw error;
  }
}

async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (bypasses(url)) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
});
