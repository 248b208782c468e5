import type { Page } from '@playwright/test';
import { FAKE_PAYPAL, startFakePaypal, type FakePaypal } from '../apps/server/test/fake-paypal';
import { screenshot } from './browser';
import { apiFromPage } from './account-fixtures';
import { expect, SERVER_FIXTURE, test as base, withOwnServer } from './fixtures';

// PayPal through its REST API (Orders v2), against a local stand-in that also serves the buyer's
// approval page, as PayPal does: not the built-in sandbox page.
const test = base.extend<Record<never, never>, { paypal: FakePaypal }>({
  paypal: [
    async ({}, use) => {
      const paypal = await startFakePaypal();
      await use(paypal);
      await paypal.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ paypal }, use) =>
      withOwnServer(
        {
          DEMO_CATALOG: 'false',
          PAYPAL_CLIENT_ID: FAKE_PAYPAL.clientId,
          PAYPAL_CLIENT_SECRET: FAKE_PAYPAL.clientSecret,
          PAYPAL_API_URL: paypal.url,
        },
        use,
      ),
    SERVER_FIXTURE,
  ],
});

async function startPaypal(page: Page, plan: RegExp): Promise<string> {
  await page.goto('/shopping');
  await page.getByRole('button', { name: plan }).click();
  await page.waitForURL(/\/order\/easy\?orderId=/);
  await page.getByTestId('order-summary').waitFor();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await page.getByLabel('Email').fill('paypal-buyer@episodic.test');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.getByRole('heading', { name: 'PayPal stand-in' }).waitFor();
  return orderId;
}

test.describe('PayPal (REST)', () => {
  test('approving at PayPal comes back paid, captured once', async ({ page, pageErrors: errors, paypal }) => {
    await startPaypal(page, /Buy 300 coins for \$2\.99/);
    await page.getByText('Pay 2.99 USD').waitFor();
    await screenshot(page, 'paypal-rest-approval');
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    expect((await apiFromPage<{ coins: number }>(page, 'GET', '/api/user')).data.coins).toBe(300);
    const created = paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
    expect(created).toHaveLength(1);
    expect(created[0]!.requestId).toBeTruthy();
    expect(created[0]!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '2.99' } }],
    });
    const captures = paypal.requests.filter((r) => r.path.endsWith('/capture'));
    expect(captures).toHaveLength(1);
    expect(captures[0]!.requestId).toBeTruthy();
    expect(errors).toEqual([]);
  });

  test('cancelling at PayPal comes back cancelled, charging nothing; the plan can still be bought afterwards', async ({
    page,
    pageErrors: errors,
  }) => {
    const orderId = await startPaypal(page, /Buy 300 coins for \$2\.99/);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/order\/result\?/);
    await page.getByText('Payment cancelled').waitFor();
    await page.getByText('Nothing was charged.').waitFor();
    expect((await apiFromPage<{ coins: number }>(page, 'GET', '/api/user')).data.coins).toBe(0);

    // The cancelled order stays cancelled (its approval cannot pay it later); choosing the plan again pays.
    const again = await startPaypal(page, /Buy 300 coins for \$2\.99/);
    expect(again).not.toBe(orderId);
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    expect((await apiFromPage<{ coins: number }>(page, 'GET', '/api/user')).data.coins).toBe(300);
    expect(errors).toEqual([]);
  });
});
