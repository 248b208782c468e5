import type { Page } from '@playwright/test';
import { apiFromPage } from './account-fixtures';

/** Next year's December, so the expiry is always in the future. */
const EXPIRY = `12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

interface Overview {
  orders: { items: { id: string; status: string; planId: string }[] };
}

export async function payAtCheckout(page: Page, plan: RegExp, amount: string): Promise<void> {
  await page.goto('/shopping');
  await page.getByRole('button', { name: plan }).click();
  await page.waitForURL(/\/order\/easy\?orderId=/);
  await payWithSandboxCard(page, amount);
}

/** Fills the card form on `/order/easy` with the sandbox's paying test card and pays `amount`. */
export async function payWithSandboxCard(page: Page, amount: string): Promise<void> {
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

export const orders = async (page: Page) =>
  (await apiFromPage<Overview>(page, 'GET', '/api/payment?page=1&pageSize=50')).data.orders.items;
export const coinsOf = async (page: Page) =>
  (await apiFromPage<{ coins: number }>(page, 'GET', '/api/user')).data.coins;

/**
 * Spends coins on locked episodes of other series until the balance no longer covers `cost`: a
 * balance that covers the episode unlocks it with coins, and the paywall offers no coin purchase then.
 */
export async function spendBelow(page: Page, cost: number, keepSeries: number): Promise<number> {
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
export function countQuickCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payment/quick') calls += 1;
  });
  return () => calls;
}
