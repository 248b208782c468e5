import type { Page } from '@playwright/test';
import { apiFromPage } from './account-fixtures';
import { screenshot } from './browser';
import { expect } from './fixtures';
import { coinsOf, countQuickCalls, payAtCheckout, spendBelow } from './paywall-helpers';
import {
  episodeInUrl,
  loopEpisodes,
  playerTest as test,
  swipe,
  waitUntilPlaying,
  withoutLandingData,
} from './player-helpers';

/** The series of the feed item on screen. */
const itemOnScreen = (page: Page) =>
  page
    .locator('[data-testid="feed-item"]')
    .getAttribute('data-series')
    .then((id) => Number(id));

/** The `<video>` below the one on screen has its first frame decoded (the next item is preloaded). */
const nextPreloaded = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.querySelectorAll('video')).some(
      (v) => v.dataset.current !== 'true' && v.readyState >= 2 && v.style.visibility !== 'hidden',
    ),
  );

test.describe('For You', () => {
  test('opens from the tab bar, swipes between preloaded items and continues a series from its button', async ({
    context,
    page,
    pageErrors: errors,
  }) => {
    await loopEpisodes(page);
    await page.goto('/');
    await page.locator('[data-page="home"]').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For You' }).click();
    await page.waitForURL('**/forYou');
    await page.locator('[data-page="for-you"]').waitFor();
    await page.getByRole('heading', { level: 1, name: 'For You' }).waitFor();
    await waitUntilPlaying(page);
    const first = await itemOnScreen(page);
    await screenshot(page, 'for-you');

    // The next item waits below with its first frame decoded; the swipe shows that very slot, playing.
    await nextPreloaded(page);
    const preloadedSlot = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll<HTMLVideoElement>('video')).find(
          (v) => v.dataset.current !== 'true' && v.readyState >= 2 && v.style.visibility !== 'hidden',
        )?.dataset.slot,
    );
    await swipe(context, page, 'up');
    await expect.poll(() => itemOnScreen(page)).not.toBe(first);
    await waitUntilPlaying(page);
    expect(await page.locator('video[data-current="true"]').getAttribute('data-slot')).toBe(preloadedSlot);
    const second = await itemOnScreen(page);

    // And back.
    await swipe(context, page, 'down');
    await expect.poll(() => itemOnScreen(page)).toBe(first);
    await waitUntilPlaying(page);

    // Each item continues its series: a new viewer goes on at episode 2 (episode 1 where the series has
    // only one: the journeys share a server, and the console's journeys add such series).
    const episodes = (await (await page.request.get(`/api/video/episode?seriesId=${String(first)}`)).json()) as {
      data: unknown[];
    };
    const next = episodes.data.length > 1 ? 2 : 1;
    await page.getByRole('link', { name: `Watch EP ${String(next)}` }).click();
    await page.waitForURL(new RegExp(`/videos/${String(first)}\\?ep=${String(next)}`));
    await page.locator('[data-page="videos"]').waitFor();
    expect(second).not.toBe(first);
    expect(errors).toEqual([]);
  });

  test('each item has its like (count shown), My list and Share; swiping away and back keeps what the viewer did', async ({
    context,
    page,
    pageErrors: errors,
  }) => {
    await loopEpisodes(page);
    // The document's own script starts the first item (boot/early-player.ts), above the tab bar; the
    // feed then plays on in that same <video>.
    await page.addInitScript(() => {
      document.addEventListener(
        'playing',
        (event) => {
          const w = window as unknown as { firstPlayed?: EventTarget | null };
          w.firstPlayed ??= event.target;
        },
        true,
      );
    });
    await page.goto('/forYou');
    await page.locator('[data-page="for-you"]').waitFor();
    await waitUntilPlaying(page);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { firstPlayed?: EventTarget }).firstPlayed ===
          document.querySelector('[data-page="for-you"] video[data-current="true"]'),
      ),
    ).toBe(true);
    const feed = page.locator('[data-page="for-you"]');
    const first = await itemOnScreen(page);
    const like = feed.getByRole('button', { name: /^Like / });
    const count = async () => Number(/(\d+)\s*$/.exec((await like.textContent()) ?? '')?.[1]);
    const before = await count();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await feed.getByRole('button', { name: 'Share' }).waitFor();
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(count).toBe(before + 1);
    await feed.getByRole('button', { name: 'Add to my list' }).click();
    await feed.getByRole('button', { name: 'Remove from my list' }).waitFor();
    // Its toast sits clear of the controls along the bottom (the seek bar, the buttons), in the phone viewport.
    const toast = page.getByRole('status').getByText('Added to my list');
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    for (const control of [
      feed.getByRole('slider', { name: 'Position in episode' }),
      feed.getByRole('button', { name: 'Remove from my list' }),
      feed.getByRole('button', { name: 'Share' }),
      like,
    ]) {
      const box = (await control.boundingBox())!;
      expect(toastBox.y + toastBox.height, await control.evaluate((e) => e.outerHTML.slice(0, 80))).toBeLessThan(box.y);
    }
    await screenshot(page, 'for-you-liked');

    await swipe(context, page, 'up');
    await expect.poll(() => itemOnScreen(page)).not.toBe(first);
    await feed.getByRole('button', { name: 'Add to my list' }).waitFor();
    await swipe(context, page, 'down');
    await expect.poll(() => itemOnScreen(page)).toBe(first);
    // The feed's page still says "not liked, not listed": the item shows what the viewer did.
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(await count()).toBe(before + 1);
    await feed.getByRole('button', { name: 'Remove from my list' }).waitFor();
    const list = await apiFromPage<{ items: { id: number }[] }>(page, 'GET', '/api/user/favorite');
    expect(list.data.items.map((s) => s.id)).toContain(first);
    expect(errors).toEqual([]);
  });

  test('the last episode of a series flows into the feed, without that series', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    // The series as if its second (free) episode were its last.
    await withoutLandingData(page);
    await page.route(/\/api\/video\/episode\?seriesId=/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { number: number }[] };
      body.data = body.data.filter((e) => e.number <= 2);
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/videos/${String(series.id)}?ep=2`);
    await page.locator('[data-page="videos"]').waitFor();
    await waitUntilPlaying(page);
    // The 4-second episode ends: the feed takes over instead of a still last frame.
    await page.waitForURL(`**/forYou?after=${String(series.id)}`, { timeout: 30_000 });
    await page.locator('[data-page="for-you"]').waitFor();
    await waitUntilPlaying(page);
    expect(await itemOnScreen(page)).not.toBe(series.id);
    expect(errors).toEqual([]);
  });
});

test.describe('the paywall sheet', () => {
  test('short of coins: "Get coins" with packs that say how many episodes they buy; one tap on the saved card unlocks and plays', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    // A checkout, then the player: longer than one screen's journey on a busy machine.
    test.setTimeout(180_000);
    const quickCalls = countQuickCalls(page);
    await payAtCheckout(page, /Buy 300 coins for \$2\.99/, '$2.99');
    const locked = series.firstLocked;
    const before = await spendBelow(page, locked.cost, series.id);
    expect(before).toBeLessThan(locked.cost);

    await page.goto(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    const sheet = page.getByRole('dialog', { name: `EP ${String(locked.number)} is locked` });
    await sheet.waitFor();
    // Focus is in the sheet.
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await sheet.getByText(`You need ${String(locked.cost - before)} more coins for this episode.`).waitFor();
    await sheet.getByRole('heading', { name: 'Get coins' }).waitFor();
    const pack = sheet.getByRole('button', { name: /Buy 300 coins · \$2\.99/ });
    await expect(pack).toContainText(`Unlocks ${String(Math.floor(300 / locked.cost))} episodes`);
    await sheet.getByRole('button', { name: 'My list' }).waitFor();
    await sheet.getByRole('button', { name: 'Share' }).waitFor();
    await screenshot(page, 'paywall-sheet');

    await pack.click();
    const confirm = page.getByRole('dialog', { name: 'Buy 300 coins for $2.99?' });
    await confirm.getByRole('button', { name: /Confirm and pay/ }).click();
    await expect(confirm).toBeHidden();
    await expect(sheet).toBeHidden();
    await waitUntilPlaying(page);
    expect(episodeInUrl(page)).toBe(locked.number);
    expect(quickCalls()).toBe(1);
    expect(await coinsOf(page)).toBe(before + 300 - locked.cost);
    expect(errors).toEqual([]);
  });
});

test.describe('screens in German', () => {
  test('the feed, the info sheet and the paywall sheet', async ({ page, pageErrors: errors, series }) => {
    await loopEpisodes(page);
    await page.goto('/forYou?lang=dy');
    await page.getByRole('heading', { level: 1, name: 'Für dich' }).waitFor();
    await waitUntilPlaying(page);
    await screenshot(page, 'for-you-dy');

    await page.goto(`/videos/${String(series.id)}?ep=1`);
    await waitUntilPlaying(page);
    await page.locator('h1 button').click();
    const info = page.getByTestId('info-sheet');
    await info.waitFor();
    await screenshot(page, 'player-info-sheet-dy');
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    await page.goto(`/videos/${String(series.id)}?ep=${String(series.firstLocked.number)}`);
    await page.getByRole('dialog', { name: `Folge ${String(series.firstLocked.number)} ist gesperrt` }).waitFor();
    await page.getByRole('link', { name: 'Münzen holen' }).waitFor();
    await screenshot(page, 'paywall-sheet-dy');

    // And the info sheet in English.
    await page.goto(`/videos/${String(series.id)}?ep=1&lang=en`);
    await waitUntilPlaying(page);
    await page.locator('h1 button').click();
    await info.getByText('Running time').waitFor();
    await info.getByText('Episodes', { exact: true }).waitFor();
    await screenshot(page, 'player-info-sheet');
    expect(errors).toEqual([]);
  });
});
