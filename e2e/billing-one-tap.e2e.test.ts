import type { Route } from '@playwright/test';
import { apiFromPage } from './account-fixtures';
import { screenshot } from './browser';
import { expect } from './fixtures';
import { coinsOf, countQuickCalls, orders, payAtCheckout, spendBelow } from './paywall-helpers';
import { episodeInUrl, holdEpisode, playerTest as test, waitUntilPlaying } from './player-helpers';

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

  test('without a saved card, the short balance offers "Get coins" to the plans and no one-tap button', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    const locked = series.firstLocked;
    await page.goto(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    const panel = page.getByTestId('locked-panel');
    const returnTo = encodeURIComponent(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    expect(await panel.getByRole('link', { name: 'Get coins' }).getAttribute('href')).toBe(
      `/shopping?returnTo=${returnTo}`,
    );
    await panel.getByRole('link', { name: 'Subscribe' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await panel.getByRole('button', { name: /Buy|Join/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
