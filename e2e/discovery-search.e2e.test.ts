import type { Page } from '@playwright/test';
import { screenshot } from './browser';
import { expect } from './fixtures';
import { episodeInUrl, holdEpisode, loopEpisodes, playerTest as test, waitUntilPlaying } from './player-helpers';

// Search that finds what people mean (category names, synonyms, trending and recent searches on the
// empty screen) and Home's "Continue watching" row, on the shared server's demo catalog.
const JOURNEY_MS = 240_000;
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

interface Envelope<T> {
  code: number;
  data: T;
}

async function apiCall<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; lang?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'Accept-Language': init.lang ?? 'en' };
  if (init.token) headers['X-User-Token'] = init.token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as Envelope<T>;
}

/** Three other viewers (fresh guests) search `query` in `lang`: enough for it to trend. */
async function othersSearch(baseUrl: string, query: string, lang: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${baseUrl}/api/user`);
    const token = res.headers.get('x-user-token');
    if (!token) throw new Error('no guest token');
    const counted = await apiCall(baseUrl, '/api/search/trending', { method: 'POST', body: { query }, token, lang });
    expect(counted.code).toBe(200);
  }
}

/** A series of the CEO category whose title and synopsis do not say "ceo" (only its category does). */
async function seriesOnlyTaggedCeo(baseUrl: string, lang: string): Promise<{ id: number; title: string }> {
  const tags = (await apiCall<{ id: number; name: string }[]>(baseUrl, '/api/tag', { lang })).data;
  const ceo = tags.find((tag) => /ceo/i.test(tag.name));
  if (!ceo) throw new Error(`no CEO category among ${tags.map((t) => t.name).join(', ')}`);
  const list = await apiCall<{ items: { id: number; title: string; synopsis: string }[] }>(
    baseUrl,
    `/api/video?tagId=${String(ceo.id)}&pageSize=50`,
    { lang },
  );
  const found = list.data.items.find((s) => !/ceo/i.test(`${s.title} ${s.synopsis}`));
  if (!found) throw new Error('every CEO series says "ceo" in its texts');
  return found;
}

async function submitSearch(page: Page, query: string): Promise<void> {
  const box = page.getByRole('searchbox');
  await box.fill(query);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === query);
}

const titled = (title: string) => new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test.describe('discovery: search finds what people mean', () => {
  test('"ceo" finds a series by its category, "boss" by a synonym; trending and recent searches on the empty screen', async ({
    page,
    appServer,
  }) => {
    test.setTimeout(JOURNEY_MS);
    const baseUrl = appServer.url;
    await othersSearch(baseUrl, 'ceo', 'en');
    const tycoon = await seriesOnlyTaggedCeo(baseUrl, 'en');

    await page.goto('/search');
    const trending = page.getByRole('region', { name: 'Trending searches' });
    await trending.getByRole('button', { name: /ceo/ }).waitFor();
    await page.getByText('Your recent searches will show up here.').waitFor();

    // A tap on a trending search searches it: the series comes through its category's name.
    await trending.getByRole('button', { name: /ceo/ }).click();
    const results = page.getByRole('region', { name: 'Results for “ceo”' });
    await results.getByRole('link', { name: titled(tycoon.title) }).waitFor();
    await screenshot(page, 'discovery-search-category-en');

    // A synonym: "boss" finds the CEO stories.
    await submitSearch(page, 'boss');
    await page
      .getByRole('region', { name: 'Results for “boss”' })
      .getByRole('link', { name: titled(tycoon.title) })
      .waitFor();

    // The empty screen: the two recent searches, newest first, and the trending one.
    await page.getByRole('button', { name: 'Clear the search text' }).click();
    const recent = page.getByRole('region', { name: 'Recent searches' });
    await expect.poll(() => recent.getByRole('listitem').allInnerTexts()).toEqual(['boss', 'ceo']);
    await trending.getByRole('button', { name: /ceo/ }).waitFor();
    await screenshot(page, 'discovery-search-empty-en');
  });

  test('a search of only spaces takes the query out of the address; a long word wraps inside a 320 px screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/search');
    await submitSearch(page, 'love');
    await page.getByRole('region', { name: 'Results for “love”' }).waitFor();
    const box = page.getByRole('searchbox');
    await box.fill('     ');
    await box.press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect(box).toHaveValue('');
    // The empty screen: the recent searches, "love" among them.
    await page
      .getByRole('region', { name: 'Recent searches' })
      .getByRole('button', { name: 'love', exact: true })
      .waitFor();
    await expect(page.getByRole('region', { name: /^Results for/ })).toHaveCount(0);

    // Typed, the box takes 100 characters; an address may carry more, of which the first 100 are searched.
    for (const [how, query] of [
      ['typed', 'x'.repeat(100)],
      ['address', 'y'.repeat(300)],
    ] as const) {
      if (how === 'typed') await submitSearch(page, query);
      else await page.goto(`/search?q=${query}`);
      const nothing = page.getByText(`Nothing matches “${query.slice(0, 100)}”`);
      await nothing.waitFor();
      await screenshot(page, `discovery-search-long-word-${how}`);
      const spill = await nothing.evaluate((text) => {
        const inside = text.getBoundingClientRect();
        const frame = text.parentElement!.getBoundingClientRect();
        return {
          outsideBox: inside.left < frame.left || inside.right > frame.right,
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(spill).toEqual({ outsideBox: false, sideways: 0 });
    }
  });

  test('in Spanish: "jefe" finds the CEO series, and Spanish viewers’ searches trend', async ({ page, appServer }) => {
    test.setTimeout(JOURNEY_MS);
    const baseUrl = appServer.url;
    await othersSearch(baseUrl, 'millonario', 'es');
    const tycoon = await seriesOnlyTaggedCeo(baseUrl, 'es');
    await page.addInitScript(() => {
      localStorage.setItem('language', 'es');
    });

    await page.goto('/search');
    const trending = page.getByRole('region', { name: 'Búsquedas populares' });
    await trending.getByRole('button', { name: /millonario/ }).waitFor();
    await screenshot(page, 'discovery-search-empty-es');

    await submitSearch(page, 'jefe');
    await page
      .getByRole('region', { name: /jefe/ })
      .getByRole('link', { name: titled(tycoon.title) })
      .waitFor();
    await screenshot(page, 'discovery-search-synonym-es');
    await page.getByRole('button', { name: 'Borrar el texto de búsqueda' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Búsquedas recientes' }).getByRole('listitem').allInnerTexts())
      .toEqual(['jefe']);
  });
});

test.describe('discovery: continue watching', () => {
  for (const lang of ['en', 'es'] as const) {
    test(`after watching an episode, Home shows it in "Continue watching" and a tap resumes it (${lang})`, async ({
      page,
      series,
    }) => {
      test.setTimeout(JOURNEY_MS);
      await loopEpisodes(page);
      if (lang === 'es')
        await page.addInitScript(() => {
          localStorage.setItem('language', 'es');
        });
      const rowName = lang === 'en' ? 'Continue watching' : 'Seguir viendo';

      // A first visit has no history: no row.
      await page.goto('/');
      await page.getByRole('region', { name: lang === 'en' ? 'Featured series' : /destacad/i }).waitFor();
      expect(await page.getByRole('region', { name: rowName }).count()).toBe(0);

      await page.goto(`/videos/${String(series.id)}?ep=2`);
      await waitUntilPlaying(page, 1.5, 60_000);
      // A pause saves the place; Home then finds it (a report still under way could land after Home asked).
      const saved = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/user/history' && res.request().method() === 'POST',
      );
      await holdEpisode(page);
      await saved;
      await page.goto('/');
      const row = page.getByRole('region', { name: rowName });
      // By its address: the title is the series' title in the interface language.
      const card = row.locator(`a[href^="/videos/${String(series.id)}?ep=2"]`);
      await card.waitFor();
      await expect(card).toContainText('EP 2');
      const href = (await card.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^/videos/${String(series.id)}\\?ep=2(&t=\\d+)?$`));
      // The whole card (its episode line too) clear of the tab bar.
      await row.evaluate((el) => {
        el.scrollIntoView({ block: 'center' });
      });
      await screenshot(page, `discovery-home-continue-watching-${lang}`);

      await card.click();
      await page.waitForURL((url) => url.pathname === `/videos/${String(series.id)}`);
      expect(episodeInUrl(page)).toBe(2);
      await waitUntilPlaying(page, 0.3, 60_000);
    });
  }
});
