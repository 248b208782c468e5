import type { Page, Route } from '@playwright/test';
import { apiFromPage } from './account-fixtures';
import { screenshot } from './browser';
import { expect } from './fixtures';
import { episodeInUrl, holdEpisode, playerTest as test, waitUntilPlaying } from './player-helpers';

/** Next year's December, so the expiry is always in the future. */
const EXPIRY = `12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

interface Overview {
  orders: { items: { id: string; status: string; planId: string }[] };
}

async function payAtCheckout(page: Page, plan: RegExp, amount: string): Promise<void> {
  await page.goto('/shopping');
  await page.getByRole('button', { name: plan }).click();
  await page.waitForURL(/\/order\/easy\?orderId=/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Email').fill('buyer@episodic.test');
  await page.getByLabel('Expiry').fill(EXPIRY);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
}

const orders = async (page: Page) =>
  (await apiFromPage<Overview>(page, 'GET', '/api/payment?page=1&pageSize=50')).data.orders.items;
const coinsOf = async (page: Page) => (await apiFromPage<{ coins: number }>(page, 'GET', '/api/user')).data.coins;

/**
 * Spends coins on locked episodes of other series until the balance no longer covers `cost`: a
 * balance that covers the episode unlocks it with coins, and the paywall offers no coin purchase then.
 */
async function spendBelow(page: Page, cost: number, keepSeries: number): Promise<number> {
  const home = await apiFromPage<{ sections: { items: { id: number }[] }[] }>(page, 'GET', '/api/homepage');
  const ids = [...new Set(home.data.sections.flatMap((s) => s.items.map((i) => i.id)))].filter(
    (id) => id !== keepSeries,
  );
  let coins = await coinsOf(page);
  for (const seriesId of ids) {
    const list = await apiFromPage<{ id: number; free: boolean; unlocked: boolean; cost: number }[]>(
      page,
      'GET',
      `/api/video/episode?seriesId=${String(seriesId)}`,
    );
    for (const episode of list.data.filter((e) => !e.free && !e.unlocked && e.cost > 0)) {
      if (coins < cost) return coins;
      if (episode.cost > coins) continue;
      coins = (await apiFromPage<{ coins: number }>(page, 'POST', '/api/video/unlock', { episodeId: episode.id })).data
        .coins;
    }
  }
  return coins;
}

/** Counts the page's one-tap purchase calls. */
function countQuickCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payment/quick') calls += 1;
  });
  return () => calls;
}

test.describe('one tap from the player', () => {
  test('a viewer with a saved card buys coins from the paywall, confirms once, and the episode unlocks and plays there', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    // A checkout, then the player: longer than one screen's journey on a busy machine.
    test.setTimeout(180_000);
    const quickCalls = countQuickCalls(page);
    // A first purchase at the checkout saves the card.
    await payAtCheckout(page, /Buy 300 coins for \$2\.99/, '$2.99');
    expect(await orders(page)).toHaveLength(1);

    const locked = series.firstLocked;
    await page.goto(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    const panel = page.getByTestId('locked-panel');
    const oneTap = panel.getByTestId('one-tap');
    await oneTap.getByText('Pay in one tap with your Visa •••• 4242').waitFor();
    await expect(oneTap.getByRole('button', { name: /Join · \$4\.99\/week/ })).toBeVisible();
    // 300 coins cover the episode: the paywall unlocks with them and offers no coin purchase.
    expect(await oneTap.getByRole('button', { name: /Buy 300 coins/ }).count()).toBe(0);
    const before = await spendBelow(page, locked.cost, series.id);
    expect(before).toBeLessThan(locked.cost);
    await page.reload();
    const buy = oneTap.getByRole('button', { name: /Buy 300 coins · \$2\.99/ });
    await screenshot(page, 'one-tap-paywall');

    await buy.click();
    const dialog = page.getByRole('dialog', { name: 'Buy 300 coins for $2.99?' });
    await dialog.getByText(/will be charged to your Visa •••• 4242 now/).waitFor();
    const confirm = dialog.getByRole('button', { name: /Confirm and pay/ });
    await expect(confirm).toBeFocused();
    await screenshot(page, 'one-tap-confirm');
    // A double tap on Confirm sends one purchase.
    await confirm.dblclick();

    await expect(dialog).toBeHidden();
    await waitUntilPlaying(page);
    await holdEpisode(page);
    expect(episodeInUrl(page)).toBe(locked.number);
    expect(new URL(page.url()).pathname).toBe(`/videos/${String(series.id)}`);
    expect(quickCalls()).toBe(1);
    const after = await orders(page);
    expect(after).toHaveLength(2);
    expect(after.filter((o) => o.status === 'paid')).toHaveLength(2);
    expect(await coinsOf(page)).toBe(before + 300 - locked.cost);
    expect(errors).toEqual([]);
  });

  test('a late answer keeps the viewer in the player, “Confirming your payment…”, until the membership opens the episode', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    test.setTimeout(180_000);
    await payAtCheckout(page, /Buy 300 coins for \$2\.99/, '$2.99');
    // The processor answers late: the purchase's answer says "processing", and so does the order until
    // the picture is taken; then the order's own state (paid) comes through.
    let holding = true;
    const processing = async (route: Route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...answer, data: { ...answer.data, status: 'processing' } } });
    };
    await page.route(
      (url) => url.pathname === '/api/payment/quick',
      (route) => (route.request().method() === 'POST' ? processing(route) : route.fallback()),
    );
    await page.route(
      (url) => url.pathname === '/api/payment/order',
      (route) => (holding ? processing(route) : route.fallback()),
    );

    const locked = series.firstLocked;
    await page.goto(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    const oneTap = page.getByTestId('locked-panel').getByTestId('one-tap');
    await oneTap.getByRole('button', { name: /Join · \$4\.99\/week/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Join .+ for \$4\.99\?$/ });
    await dialog.getByRole('button', { name: 'Confirm and pay $4.99' }).click();
    const confirming = dialog.getByRole('button', { name: 'Confirming your payment…' });
    await confirming.waitFor();
    await expect(confirming).toBeDisabled();
    await screenshot(page, 'one-tap-confirming');
    holding = false;

    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await waitUntilPlaying(page);
    await holdEpisode(page);
    expect(episodeInUrl(page)).toBe(locked.number);
    const me = await apiFromPage<{ membership: { active: boolean } }>(page, 'GET', '/api/user');
    expect(me.data.membership.active).toBe(true);
    expect((await orders(page)).filter((o) => o.status === 'paid')).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  test('without a saved card the paywall is as before', async ({ page, pageErrors: errors, series }) => {
    await page.goto(`/videos/${String(series.id)}?ep=${String(series.firstLocked.number)}`);
    const panel = page.getByTestId('locked-panel');
    await panel.getByRole('link', { name: 'Subscribe' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await panel.getByTestId('one-tap').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
