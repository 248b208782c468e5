import fs from 'node:fs/promises';
import { devices, type Page } from '@playwright/test';
import { apiFromPage } from './account-fixtures';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './fixtures';
import { coinsOf, orders, payAtCheckout } from './paywall-helpers';

// A refund of a coin pack whose coins were partly spent: the operator sees, before confirming, the
// coins left and spent and on which episodes, refunds part of the payment and takes those unlocks
// away; the viewer's episodes are locked again (their keys refused).

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
test.use(DESKTOP);

interface Episode {
  id: number;
  number: number;
  free: boolean;
  unlocked: boolean;
  cost: number;
}

/** The viewer's answer for an episode's key: 200 with the key, 403 when they may not watch it. */
const keyStatus = (page: Page, episodeId: number) =>
  page.evaluate(async (id) => {
    const token = localStorage.getItem('userToken');
    const res = await fetch(`/api/media/keys/${String(id)}`, { headers: token ? { 'x-User-Token': token } : {} });
    return res.status;
  }, episodeId);

/** Two locked episodes of one series that 300 coins cover, with their series' title. */
async function twoLockedEpisodes(page: Page): Promise<{ seriesId: number; title: string; episodes: Episode[] }> {
  const home = await apiFromPage<{ sections: { items: { id: number; title: string }[] }[] }>(
    page,
    'GET',
    '/api/homepage',
  );
  const series = new Map(home.data.sections.flatMap((s) => s.items.map((i) => [i.id, i.title] as const)));
  for (const [id, title] of series) {
    const list = await apiFromPage<Episode[]>(page, 'GET', `/api/video/episode?seriesId=${String(id)}`);
    const locked = list.data.filter((e) => !e.free && !e.unlocked && e.cost > 0 && e.cost <= 100);
    if (locked.length >= 2) return { seriesId: id, title, episodes: locked.slice(0, 2) };
  }
  throw new Error('no series with two locked episodes of at most 100 coins');
}

test('an operator refunds part of a coin pack whose coins were spent, and takes the episodes bought with them away', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  // The viewer buys 300 coins and unlocks two episodes with them.
  await payAtCheckout(page, /Buy 300 coins for \$2\.99/, '$2.99');
  const [order] = await orders(page);
  const { seriesId, title, episodes } = await twoLockedEpisodes(page);
  for (const e of episodes) {
    const unlocked = await apiFromPage(page, 'POST', '/api/video/unlock', { episodeId: e.id });
    expect(unlocked.code, unlocked.message).toBe(200);
    expect(await keyStatus(page, e.id)).toBe(200);
  }
  const spent = episodes.reduce((sum, e) => sum + e.cost, 0);
  const left = await coinsOf(page);

  // The operator opens the order and its refund dialog.
  const console = await browser.newContext({ ...DESKTOP, baseURL: new URL(page.url()).origin });
  const admin = await console.newPage();
  await admin.goto('/admin/');
  await admin.getByLabel('Email').fill(ADMIN_EMAIL);
  await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await admin.goto(`/admin/commerce/orders/${order!.id}`);
  await admin.getByRole('heading', { level: 1, name: /300 coins · \$2\.99/ }).waitFor();
  await admin.getByRole('button', { name: 'Refund…' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund payment' });
  const coins = dialog.getByRole('region', { name: 'Coins' });
  await coins.waitFor();
  await expect(coins.getByText('Still in the balance')).toBeVisible();
  await expect(coins.locator('dd').nth(1)).toHaveText(String(Math.min(left, 300)));
  await expect(coins.locator('dd').nth(2)).toHaveText(String(spent));
  for (const e of episodes)
    await expect(coins.getByText(`episode ${String(e.number)}`, { exact: false })).toBeVisible();
  await expect(coins.getByText(title).first()).toBeVisible();
  await fs.mkdir('/tmp', { recursive: true });
  await dialog.screenshot({ path: '/tmp/refunds-dialog-full.png' });
  await admin.screenshot({ path: '/tmp/refunds-dialog.png' });
  await screenshot(admin, 'admin-refund-dialog');

  // Too much is refused on the field; a part of it goes through, with the unlocks.
  const amount = dialog.getByLabel('Amount to refund');
  await amount.fill('3.50');
  await expect(dialog.getByText('At most $2.99 is left to refund.')).toBeVisible();
  await amount.fill('1.00');
  // In proportion: 1.00 of 2.99 takes back a third of the 300 coins, as far as the balance holds them.
  const share = Math.min(Math.floor((300 * 100) / 299), Math.min(left, 300));
  await expect(dialog.getByText(`This refund takes back ${String(share)} coins.`)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Also take away the 2 unlocked episodes/ }).check();
  await dialog.getByLabel('Reason', { exact: true }).fill('Charged for episodes that did not play');
  await admin.screenshot({ path: '/tmp/refunds-dialog-partial.png' });
  await dialog.getByRole('button', { name: 'Refund $1.00' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect(admin.getByText('partially refunded')).toBeVisible();
  await expect(admin.getByText('Unlocks taken away')).toBeVisible();
  await expect(admin.getByText(String(share), { exact: true })).toBeVisible();
  await admin.screenshot({ path: '/tmp/refunds-order-partial.png' });
  await screenshot(admin, 'admin-order-partially-refunded');

  // The viewer's episodes are locked again: their keys are refused, the list says locked.
  for (const e of episodes) expect(await keyStatus(page, e.id)).toBe(403);
  const list = await apiFromPage<Episode[]>(page, 'GET', `/api/video/episode?seriesId=${String(seriesId)}`);
  for (const e of episodes) expect(list.data.find((x) => x.id === e.id)?.unlocked).toBe(false);
  expect(pageErrors).toEqual([]);
  await console.close();
});
