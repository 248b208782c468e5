import type { Page } from '@playwright/test';
import { screenshot } from './browser';
import { catalogAppServer } from './catalog-server';
import { expect, test as base, type Phone } from './fixtures';

// Journeys that need a catalog: home, paged lists and search. They share one server (the shared e2e
// server when its catalog has content, otherwise one started here on a seeded data folder).
const JOURNEY_MS = 180_000;

const test = base.extend({ appServer: catalogAppServer });
// The machine running the suite may be busy; a slow answer is not a failure.
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });

let serverUrl: string;
test.beforeAll(({ appServer }) => {
  serverUrl = appServer.url;
});

// No page of these journeys throws.
const pageErrors: Error[][] = [];
test.afterEach(() => {
  expect(pageErrors.splice(0).flat()).toEqual([]);
});

async function phonePage(openPhone: () => Promise<Phone>): Promise<Page> {
  const { page, errors } = await openPhone();
  pageErrors.push(errors);
  return page;
}

/** Sum of unexpected layout shifts so far (Chromium's Layout Instability API). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          resolve(total);
        }, 300);
      }),
  );
}

async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${serverUrl}${path}`)).json()) as { data: T };
  return body.data;
}

/** The category with the most series (so its list has as many pages as the catalog allows). */
async function biggestCategory(): Promise<{ id: number; name: string; total: number }> {
  const tags = await api<{ id: number; name: string }[]>('/api/tag');
  const sized = await Promise.all(
    tags.map(async (tag) => ({
      ...tag,
      total: (await api<{ items: unknown[] }>(`/api/video?tagId=${String(tag.id)}&pageSize=50`)).items.length,
    })),
  );
  const biggest = sized.sort((a, b) => b.total - a.total)[0];
  if (!biggest) throw new Error('no categories');
  return biggest;
}

test.describe('discovery: home', () => {
  test('shows the featured carousel, the sections as rails and category tabs that switch the rail', async ({
    openPhone,
  }) => {
    test.setTimeout(JOURNEY_MS);
    const page = await phonePage(openPhone);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const homepageRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/homepage') homepageRequests.push(request.url());
    });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured series' });
    await carousel.waitFor();
    const slides = carousel.getByRole('group');
    expect(await slides.count()).toBeGreaterThan(0);
    // index.html asked for the home screen before the code ran; the app took that answer over.
    expect(homepageRequests).toHaveLength(1);
    if ((await slides.count()) > 1) {
      await carousel.getByRole('button', { name: /^Show slide 2: / }).click();
      await expect
        .poll(() => carousel.getByRole('button', { name: /^Show slide 2: / }).getAttribute('aria-current'))
        .toBe('true');
    }

    // Every section has a heading, cards and a "More" link.
    const headings = page.locator('[data-page="home"] section h2');
    expect(await headings.count()).toBeGreaterThanOrEqual(2);
    const firstRail = page.locator('[data-page="home"] section ul').first();
    expect(await firstRail.getByRole('link').count()).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('link', { name: /^More / })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\/(more|browse)\/\d+$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'discovery-home');
    // The skeletons held the places of what arrived: nothing jumped.
    expect(await layoutShift(page)).toBeLessThan(0.1);

    const tablist = page.getByRole('tablist');
    await tablist.scrollIntoViewIfNeeded();
    const tabs = tablist.getByRole('tab');
    expect(await tabs.count()).toBeGreaterThanOrEqual(2);
    const panel = page.getByRole('tabpanel');
    const before = await panel.innerText();
    await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
    const second = tabs.nth(1);
    const secondName = await second.innerText();
    await second.click();
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.innerText(), { timeout: 10_000 }).not.toBe(before);
    const more = page.getByRole('link', { name: `More ${secondName}` });
    expect(await more.getAttribute('href')).toMatch(/^\/browse\/\d+$/);
    await screenshot(page, 'discovery-home-categories');

    // Keyboard: arrows move between tabs.
    await second.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  test('trending rank numbers stand beside the covers, never over them, at 390 and 320 px', async ({ openPhone }) => {
    const page = await phonePage(openPhone);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      const ranks = page.locator('[data-page="home"] [data-rank]');
      await ranks.first().waitFor();
      await ranks.first().scrollIntoViewIfNeeded();
      const overlaps = await ranks.evaluateAll((spans) =>
        spans.map((span) => {
          const cover = span.nextElementSibling?.querySelector('a > :first-child');
          if (!cover) return `rank ${span.textContent ?? ''}: no cover beside it`;
          const a = span.getBoundingClientRect();
          const b = cover.getBoundingClientRect();
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          return apart ? null : `rank ${span.textContent ?? ''} covers its cover`;
        }),
      );
      expect(overlaps.filter(Boolean), `${String(width)} px`).toEqual([]);
      await page.evaluate(() => window.scrollBy(0, -120));
      await screenshot(page, `discovery-home-trending-${String(width)}`);
    }
    await page.context().close();
  });

  test('draws the first featured slide from index.html exactly where the app draws it', async ({ openPhone }) => {
    // Without the app's code, index.html alone draws the header and the first slide's card and picture.
    const early = await phonePage(openPhone);
    await early.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await early.goto('/');
    const earlyPicture = early.locator('#early-layout main img');
    await earlyPicture.waitFor();
    await expect
      .poll(() => earlyPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // And on the same colour: the card's, under the picture (`.p-3` is the card in both).
    const drawn = (img: Element) =>
      ({
        src: img.getAttribute('src'),
        ...img.getBoundingClientRect().toJSON(),
        card: getComputedStyle(img.closest('.p-3')!).backgroundColor,
      }) as Record<string, unknown>;
    const drawnEarly = await earlyPicture.evaluate(drawn);
    await early.context().close();

    const page = await phonePage(openPhone);
    await page.goto('/');
    const picture = page.getByRole('region', { name: 'Featured series' }).locator('img').first();
    await picture.waitFor();
    const drawnByApp = await picture.evaluate(drawn);
    expect(drawnByApp).toEqual(drawnEarly);
    await page.context().close();
  });

  test('moves the carousel on by itself, and leaves it still for reduced motion', async ({ openPhone }) => {
    test.setTimeout(JOURNEY_MS);
    const page = await phonePage(openPhone);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured series' });
    await carousel.waitFor();
    const dots = carousel.getByRole('button', { name: /^Show slide / });
    if ((await dots.count()) < 2) return;
    await expect.poll(() => dots.nth(1).getAttribute('aria-current'), { timeout: 12_000 }).toBe('true');
    await page.context().close();

    const still = await phonePage(openPhone);
    await still.emulateMedia({ reducedMotion: 'reduce' });
    await still.goto('/');
    const stillCarousel = still.getByRole('region', { name: 'Featured series' });
    await stillCarousel.waitFor();
    await still.waitForTimeout(6_000);
    expect(await stillCarousel.getByRole('button', { name: /^Show slide 1: / }).getAttribute('aria-current')).toBe(
      'true',
    );
    await still.context().close();
  });
});

test.describe('discovery: paged lists', () => {
  test('scrolls a category to "No more content", loading pages as the end comes near', async ({ openPhone }) => {
    test.setTimeout(JOURNEY_MS);
    const category = await biggestCategory();
    const page = await phonePage(openPhone);
    const pagesAsked: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/video' && url.searchParams.get('tagId') === String(category.id))
        pagesAsked.push(url.searchParams.get('page') ?? '');
    });
    await page.goto(`/browse/${String(category.id)}`);
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    const grid = page.getByRole('list', { name: category.name });
    await grid.waitFor();
    await screenshot(page, 'discovery-browse');
    const end = page.getByText('No more content');
    for (let i = 0; i < 20 && !(await end.isVisible()); i++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(250);
    }
    await end.waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(category.total);
    if (category.total > 18) expect(new Set(pagesAsked).size).toBeGreaterThan(1);
    await screenshot(page, 'discovery-browse-end');
    await page.context().close();
  });

  test('shows a home section in full under its title at /more/{id}', async ({ openPhone }) => {
    test.setTimeout(JOURNEY_MS);
    const home = await api<{ sections: { id: number; title: string; items: unknown[] }[] }>('/api/homepage');
    const section = home.sections.find((s) => s.items.length > 0);
    if (!section) throw new Error('no section with series');
    const page = await phonePage(openPhone);
    await page.goto('/');
    await page.getByRole('link', { name: `More ${section.title}` }).click();
    await page.getByRole('heading', { level: 1, name: section.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/more/${String(section.id)}`);
    await page.getByRole('list', { name: section.title }).waitFor();
    await page
      .getByText(/No more content|Load more/)
      .first()
      .waitFor();
    await screenshot(page, 'discovery-more');
    await page.context().close();
  });
});

test.describe('discovery: search', () => {
  test('finds a series despite a typo, as suggestions and as results', async ({ openPhone }) => {
    test.setTimeout(JOURNEY_MS);
    const page = await phonePage(openPhone);
    const keywords: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/video' && url.searchParams.has('keyword'))
        keywords.push(url.searchParams.get('keyword') ?? '');
    });
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search series' });
    await box.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await box.fill('billionare');
    const suggestions = page.getByRole('region', { name: 'Suggestions' });
    const suggestion = suggestions.getByRole('link', { name: /Billionaire/ }).first();
    await suggestion.waitFor();
    expect(keywords).toContain('billionare');
    await screenshot(page, 'discovery-search-suggestions');

    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Results for “billionare”' });
    await results
      .getByRole('link', { name: /Billionaire/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('billionare');
    await results.getByText('No more content').waitFor();
    await screenshot(page, 'discovery-search-results');

    // All results for a keyword have their own address.
    await box.fill('billionares');
    await suggestions.getByRole('link', { name: 'See all results for “billionares”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Search results' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/searchDetail/billionares');
    await page
      .getByRole('region', { name: 'Results for “billionares”' })
      .getByRole('link', { name: /Billionaire/ })
      .first()
      .waitFor();
    await screenshot(page, 'discovery-search-detail');
    await page.context().close();
  });

  test('keeps a guest’s recent searches: newest first, remove one, clear all, and Cancel leaves', async ({
    openPhone,
  }) => {
    test.setTimeout(JOURNEY_MS);
    const page = await phonePage(openPhone);
    await page.goto('/');
    await page.locator('[data-page="home"]').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    const box = page.getByRole('searchbox', { name: 'Search series' });
    for (const query of ['moonlight', 'jade palace', 'ceo bride']) {
      await box.fill(query);
      await box.press('Enter');
      await page.getByRole('region', { name: `Results for “${query}”` }).waitFor();
    }
    await page.getByRole('button', { name: 'Clear the search text' }).click();
    const history = page.getByRole('region', { name: 'Recent searches' });
    await expect
      .poll(() => history.getByRole('listitem').allInnerTexts())
      .toEqual(['ceo bride', 'jade palace', 'moonlight']);
    await screenshot(page, 'discovery-search-history');

    await history.getByRole('button', { name: 'Remove “jade palace” from recent searches' }).click();
    await expect.poll(() => history.getByRole('listitem').allInnerTexts()).toEqual(['ceo bride', 'moonlight']);
    // Searching again moves an entry to the top; the list survives a reload.
    await history.getByRole('button', { name: 'moonlight', exact: true }).click();
    await page.getByRole('region', { name: 'Results for “moonlight”' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Clear the search text' }).click();
    await expect.poll(() => history.getByRole('listitem').allInnerTexts()).toEqual(['moonlight', 'ceo bride']);
    await history.getByRole('button', { name: 'Clear all recent searches' }).click();
    await history.getByText('Your recent searches will show up here.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('searchHistory'))).toBeNull();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-page="home"]').waitFor();
    await page.context().close();
  });
});
