import { screenshot } from './browser';
import { expect, test } from './fixtures';

test.describe('discovery: installable app', () => {
  test('links a manifest with standalone display, colours and 192/512/maskable PNG icons', async ({ baseURL }) => {
    const baseUrl = baseURL!;
    const html = await (await fetch(baseUrl)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: expect.any(String),
      short_name: 'Episodic',
      display: 'standalone',
      start_url: '/',
      theme_color: '#0b0b0f',
      background_color: '#0b0b0f',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)].join('x')).toBe(icon.sizes);
    }
  });

  test('starts offline from the cached shell, and never caches the API or media', async ({ context, page }) => {
    await page.goto('/');
    await page.locator('[data-page="home"]').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first load was not controlled yet; the next one is.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/search');
    await page.locator('[data-page="search"]').waitFor();
    // A player page's document carries answers made for this session: it never becomes the shell.
    const series = await page.evaluate(async () => {
      const home = (await (await fetch('/api/homepage')).json()) as { data: { featured: { id: number }[] } };
      return home.data.featured[0]!.id;
    });
    const player = await page.goto(`/videos/${String(series)}?ep=1`);
    expect(await player?.text()).toContain('id="landing-data"');
    const shell = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('episodic-shell-'));
      const cached = names.length ? await (await caches.open(names[0]!)).match('/') : undefined;
      return cached ? cached.text() : '';
    });
    expect(shell).toContain('<div id="root">');
    expect(shell).not.toContain('id="landing-data"');

    await context.setOffline(true);
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Episodic/ })
      .waitFor();
    await page.locator('[data-page="home"]').waitFor();
    await screenshot(page, 'discovery-offline');
    await context.setOffline(false);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => /^\/(api|media)\//.test(url))).toEqual([]);
  });
});
