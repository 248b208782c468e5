import { devices, type Browser, type Page } from '@playwright/test';
import { apiFromPage, homepageSeries, registerThroughForm, uniqueEmail } from './account-fixtures';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './fixtures';
import { payAtCheckout } from './paywall-helpers';
import { loopEpisodes, waitUntilPlaying } from './player-helpers';

// Archiving a series a viewer paid for: the operator sees who is affected before confirming, the buyer
// keeps watching what they unlocked (from their unlocked list, with a note that it left the catalog),
// and another viewer no longer finds the series.

const titled = (title: string) => new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The operator's console, at desktop size, signed in. */
async function openConsole(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    baseURL,
  });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

test.describe('archiving a series someone paid for', () => {
  test('the buyer keeps playing it from their unlocked list; nobody else finds it', async ({
    page,
    browser,
    appServer,
    openPhone,
    pageErrors: errors,
  }) => {
    test.setTimeout(180_000);
    // A viewer buys coins and unlocks a paid episode of the series.
    await loopEpisodes(page);
    await page.goto('/register');
    await registerThroughForm(page, uniqueEmail('archive'), 'keeping42');
    await page.waitForURL('**/my');
    await payAtCheckout(page, /Buy 300 coins for \$2\.99/, '$2.99');
    // The last series on the homepage with a paid episode: the one other journeys on a shared server
    // use least (a series the console journey published may come after it, with free episodes only).
    const all = await homepageSeries(appServer.url);
    let chosen: { series: (typeof all)[number]; paid: { id: number; number: number } } | null = null;
    for (const candidate of [...all].reverse()) {
      const list = await apiFromPage<{ id: number; number: number; free: boolean; cost: number }[]>(
        page,
        'GET',
        `/api/video/episode?seriesId=${String(candidate.id)}`,
      );
      const found = list.data.find((e) => !e.free && e.cost > 0);
      if (found) {
        chosen = { series: candidate, paid: found };
        break;
      }
    }
    if (!chosen) throw new Error('the journey needs a series with a paid episode on the homepage');
    const { series, paid } = chosen;
    expect((await apiFromPage(page, 'POST', '/api/video/unlock', { episodeId: paid.id })).code).toBe(200);

    async function buyerAndOthers(): Promise<void> {
      // The buyer still finds it in their unlocked list and plays the episode they paid for.
      await page.goto('/unlocked');
      await page
        .getByRole('list', { name: 'Unlocked series' })
        .getByRole('link', { name: titled(series.title) })
        .click();
      await page.waitForURL(new RegExp(`/videos/${String(series.id)}\\?ep=${String(paid.number)}`));
      await waitUntilPlaying(page);
      // Only the kept episode is listed: the header's total is never below the number shown ("EP 3 / 1").
      const n = String(paid.number);
      await expect(page.getByText(`EP ${n} / ${n}`, { exact: true })).toHaveCount(1);
      await screenshot(page, 'archived-series-buyer-header');
      await page.getByRole('button', { name: 'Episodes' }).first().click();
      await page.getByText('No longer in the catalog — you keep the episodes you unlocked.').waitFor();
      await screenshot(page, 'archived-series-buyer');
      // Their progress is saved and they find it in Continue watching.
      expect((await apiFromPage(page, 'POST', '/api/user/history', { episodeId: paid.id, position: 1 })).code).toBe(
        200,
      );
      const history = await apiFromPage<{ items: { series: { id: number } }[] }>(page, 'GET', '/api/user/history');
      expect(history.data.items.map((i) => i.series.id)).toContain(series.id);

      // Another viewer: not in search results, and its page is not found.
      const other = await openPhone();
      await other.page.goto('/search');
      const box = other.page.getByRole('searchbox');
      await box.fill(series.title);
      await box.press('Enter');
      await other.page.waitForURL((url) => url.searchParams.get('q') === series.title);
      const answer = await apiFromPage<{ items: { id: number }[] }>(
        other.page,
        'GET',
        `/api/video?keyword=${encodeURIComponent(series.title)}`,
      );
      expect(answer.data.items.map((s) => s.id)).not.toContain(series.id);
      await expect(other.page.getByRole('link', { name: titled(series.title) })).toHaveCount(0);
      const detail = await apiFromPage(other.page, 'GET', `/api/video?id=${String(series.id)}`);
      expect(detail.code).toBe(404);
      expect(other.errors).toEqual([]);
    }

    // The operator archives the series, told first that one viewer paid for it.
    const console_ = await openConsole(browser, appServer.url);
    await console_.goto(`/admin/content/series/${String(series.id)}`);
    await console_.getByRole('button', { name: 'Archive…' }).click();
    const affected = console_.getByRole('list', { name: 'Who is affected' });
    await affected.getByText(/^1 viewer unlocked its episodes .*they keep watching what they unlocked/).waitFor();
    await screenshot(console_, 'admin-archive-impact');
    await console_.getByRole('button', { name: 'Archive series' }).click();
    await console_.getByText(/^Archived on /).waitFor();
    try {
      await buyerAndOthers();
    } finally {
      // Restored as it was, so later journeys on a shared server find the whole catalog.
      await console_.getByRole('button', { name: 'Restore series' }).click();
      await console_.getByText('Restored: the series is back as it was before archiving.').waitFor();
      await console_.context().close();
    }
    expect(errors).toEqual([]);
  });
});
