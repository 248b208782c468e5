import path from 'node:path';
import { devices } from '@playwright/test';
import { apiFromPage } from './account-fixtures';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, ownServer, test as base } from './fixtures';
import { repoRoot, runNode } from './server-process';

// A price holds: a member renews at the price they agreed to; the operator's new price is for new members.
// The journey changes a plan's price, so it runs on a server of its own (the shared one's prices stay put).
const test = base.extend({
  appServer: ownServer({ DEMO_CATALOG: 'false' }, async (dataDir) => {
    const admin = runNode(
      path.join(repoRoot, 'apps/server/dist/create-admin.js'),
      ['--email', ADMIN_EMAIL, '--password', ADMIN_PASSWORD],
      { DATA_DIR: dataDir },
    );
    if ((await admin.exited) !== 0) throw new Error(`create-admin failed:\n${admin.output()}`);
  }),
});

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
const EXPIRY = `${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

interface Me {
  membership: { active: boolean; planName: string | null; renewalPrice: number | null; autoRenew: boolean };
}

test('a member keeps the price they agreed to when the operator raises it, and the console says so first', async ({
  page,
  pageErrors,
  browser,
  baseURL,
}) => {
  // Two browsers (the viewer's phone and the operator's desktop) and a payment: longer than one page's journey.
  test.setTimeout(150_000);
  // The viewer subscribes to Monthly at $14.99.
  await page.goto('/shopping');
  await page.getByRole('button', { name: /Subscribe for \$14\.99/ }).click();
  await page.waitForURL(/\/order\/easy\?orderId=/);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Email').fill('member@episodic.test');
  await page.getByLabel('Expiry').fill(`12${EXPIRY}`);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Pay $14.99' }).click();
  await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();

  // My account names the plan and the price it renews at, once.
  await page.goto('/my');
  const status = page.getByTestId('membership-status');
  await status.getByText('Monthly', { exact: true }).waitFor();
  const renewalLine = 'Your price: $14.99 every 30 days, until you cancel.';
  await status.getByText(renewalLine).waitFor();
  expect(await page.getByText(renewalLine).count()).toBe(1);

  // The operator raises Monthly to $19.99: before saving, the console says who it reaches.
  const operatorContext = await browser.newContext({ ...DESKTOP, baseURL });
  try {
    const ops = await operatorContext.newPage();
    await ops.goto('/admin/');
    await ops.getByLabel('Email').fill(ADMIN_EMAIL);
    await ops.getByLabel('Password').fill(ADMIN_PASSWORD);
    await ops.getByRole('button', { name: 'Sign in' }).click();
    await ops.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await ops.goto('/admin/commerce/plans');
    const row = ops.locator('tbody tr', { hasText: 'monthly' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = ops.getByRole('dialog', { name: 'Plan monthly' });
    await dialog.getByLabel('Price (USD)').fill('19.99');
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    const notice = dialog.getByRole('alert');
    await notice.getByText('The new price, $19.99, applies to new members only.').waitFor();
    await notice.getByText(/^1 current member keeps their price/).waitFor();
    await screenshot(ops, 'admin-plan-price-confirm');
    // Not saved until confirmed.
    expect(
      (await apiFromPage<{ id: string; price: number }[]>(page, 'GET', '/api/plan')).data.find(
        (p) => p.id === 'monthly',
      )?.price,
    ).toBe(1499);
    await dialog.getByRole('button', { name: 'Confirm: new members only' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('$19.99').waitFor();
  } finally {
    await operatorContext.close();
  }

  // New members see the new price; this member still renews at theirs.
  await page.goto('/shopping');
  await page.getByRole('button', { name: /Subscribe for \$19\.99/ }).waitFor();
  await page.goto('/my');
  await status.getByText(renewalLine).waitFor();
  await screenshot(page, 'my-price-holds');
  const me = await apiFromPage<Me>(page, 'GET', '/api/user');
  expect(me.data.membership).toMatchObject({ active: true, autoRenew: true, planName: 'Monthly', renewalPrice: 1499 });
  expect(pageErrors).toEqual([]);
});
