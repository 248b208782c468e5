import type { Frame, Page } from '@playwright/test';
import {
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  startFakeStripe,
  type FakeStripe,
} from '../apps/server/test/fake-stripe';
import { apiFromPage } from './account-fixtures';
import { screenshot } from './browser';
import { expect, SERVER_FIXTURE, test as base, withOwnServer } from './fixtures';

const WEBHOOK_SECRET = 'whsec_e2e_stripe_journeys';
const CARDS = ['4242424242424242', '4000000000000002', '4000002500003155'];

// A stand-in of Stripe (API, Stripe.js, its card frame on its own origin, the bank's page, signed
// webhooks), and a server of this file's own that takes cards through it.
const test = base.extend<Record<never, never>, { stripe: FakeStripe }>({
  stripe: [
    async ({}, use) => {
      const stripe = await startFakeStripe();
      await use(stripe);
      await stripe.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ stripe }, use) =>
      withOwnServer(
        {
          DEMO_CATALOG: 'false',
          STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
          STRIPE_API_URL: stripe.url,
          STRIPE_JS_URL: `${stripe.url}/v3/`,
        },
        async (server) => {
          stripe.setWebhook({ url: `${server.url}/api/webhook/payment/stripe`, secret: WEBHOOK_SECRET });
          await use(server);
        },
      ),
    SERVER_FIXTURE,
  ],
});

/** Every request the page sends to our own origin, to prove no card number is among them. */
function ownRequests(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === origin) seen.push(`${request.url()}\n${request.postData() ?? ''}`);
  });
  return seen;
}

/** Opens an order for a plan and its payment page (and waits for the checkout, unless told not to). */
async function openOrder(page: Page, planId: string, { checkout = true } = {}): Promise<string> {
  await page.goto('/shopping');
  await page.getByTestId('membership-plan').first().waitFor();
  const order = await apiFromPage<{ id: string }>(page, 'POST', '/api/payment/order', { planId });
  await page.goto(`/order/easy?orderId=${order.data.id}`);
  if (checkout) await page.getByTestId('stripe-checkout').waitFor();
  return order.data.id;
}

/** Stripe's card frame: its inputs are on Stripe's origin, out of the page's reach. */
async function cardFrame(page: Page, stripeUrl: string): Promise<Frame> {
  await page.locator('[data-testid="stripe-payment"] iframe').waitFor();
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${stripeUrl}/elements/payment`))).toBe(true);
  return page.frames().find((f) => f.url().startsWith(`${stripeUrl}/elements/payment`))!;
}

async function fillOurs(page: Page): Promise<void> {
  // A guest has no email on the account yet: the receipt needs one.
  const email = page.getByLabel('Email');
  if (!(await email.inputValue())) await email.fill('buyer@episodic.test');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
}

async function fillCard(frame: Frame, number: string): Promise<void> {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill('1234');
  await frame.getByLabel('Security code').fill('123');
}

async function orderStatus(page: Page, orderId: string): Promise<string> {
  return (await apiFromPage<{ status: string }>(page, 'GET', `/api/payment/order?id=${orderId}`)).data.status;
}

test.describe('paying through Stripe’s Payment Element', () => {
  test('pays by card: the webhook makes the membership active, and the card never reaches our server', async ({
    page,
    pageErrors: errors,
    stripe,
    appServer: server,
  }) => {
    stripe.setWallets(false);
    const sent = ownRequests(page, server.url);
    const orderId = await openOrder(page, 'monthly');
    const frame = await cardFrame(page, stripe.url);
    // The page's own script cannot read the card inputs: they belong to another origin.
    const readable = await page.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>('[data-testid="stripe-payment"] iframe')!;
      try {
        return iframe.contentDocument?.querySelector('input') ? 'readable' : 'hidden';
      } catch {
        return 'hidden';
      }
    });
    expect(readable).toBe('hidden');
    await expect(page.getByTestId('stripe-express')).toBeHidden();
    await fillOurs(page);
    await fillCard(frame, CARDS[0]!);
    await screenshot(page, 'order-easy-stripe');
    await page.getByRole('button', { name: 'Pay $14.99' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await page.getByText('Payment successful').waitFor();
    expect(await orderStatus(page, orderId)).toBe('paid');
    const overview = await apiFromPage<{ membership: { active: boolean } }>(page, 'GET', '/api/payment');
    expect(overview.data.membership.active).toBe(true);
    // The browser confirmed at Stripe; our server only made the intent, and the signed webhook paid the order.
    expect(stripe.requests.some((r) => r.path.endsWith('/confirm') && r.body.key === FAKE_STRIPE_PUBLISHABLE_KEY)).toBe(
      true,
    );
    expect(stripe.requests.some((r) => r.path === '/v1/payment_intents' && r.body.confirm !== undefined)).toBe(false);
    for (const text of sent) for (const number of CARDS) expect(text).not.toContain(number);
    expect(sent.some((text) => text.includes('/api/payment/intent'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a retry loads Stripe.js after a failed load; a declined card shows Stripe’s message, and another card pays the same order', async ({
    page,
    pageErrors: errors,
    stripe,
    appServer: server,
  }) => {
    stripe.setWallets(false);
    const sent = ownRequests(page, server.url);
    // Stripe.js fails to load once: the page says so in place of the form, and its retry loads it.
    await page.route(`${stripe.url}/v3/`, (route) => route.abort('failed'), { times: 1 });
    const orderId = await openOrder(page, 'coins-300', { checkout: false });
    const failed = page.getByRole('alert').filter({ hasText: 'The secure card form could not be loaded.' });
    await failed.waitFor();
    await screenshot(page, 'order-easy-stripe-load-error');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('stripe-checkout').waitFor();
    const frame = await cardFrame(page, stripe.url);
    await fillOurs(page);
    await fillCard(frame, CARDS[1]!);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    expect(page.url()).toContain('/order/easy');
    await expect.poll(() => orderStatus(page, orderId)).toBe('failed');
    await fillCard(frame, CARDS[0]!);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await expect.poll(() => orderStatus(page, orderId)).toBe('paid');
    const intents = [...stripe.intents.values()].filter(
      (i) => (i.metadata as Record<string, string>).order_id === orderId,
    );
    expect(intents).toHaveLength(1);
    for (const text of sent) for (const number of CARDS) expect(text).not.toContain(number);
    expect(errors).toEqual([]);
  });

  test('3-D Secure: the bank’s page, then back to the result page, paid by the webhook', async ({
    page,
    pageErrors: errors,
    stripe,
  }) => {
    stripe.setWallets(false);
    const orderId = await openOrder(page, 'coins-300');
    const frame = await cardFrame(page, stripe.url);
    await fillOurs(page);
    await fillCard(frame, CARDS[2]!);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${stripe.url}/authenticate/**`);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    const back = new URL(page.url());
    expect(back.searchParams.get('orderId')).toBe(orderId);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    await page.getByText('Payment successful').waitFor();
    expect(await orderStatus(page, orderId)).toBe('paid');
    expect(errors).toEqual([]);
  });

  test('offers the wallet button when Stripe has a wallet, and it pays', async ({
    page,
    pageErrors: errors,
    stripe,
  }) => {
    stripe.setWallets(true);
    const orderId = await openOrder(page, 'coins-300');
    const express = page.getByTestId('stripe-express');
    await expect(express).toBeVisible();
    const wallet = page.frameLocator('[data-testid="stripe-express"] iframe');
    // Without our fields and the consent, the wallet's sheet stays shut and the form says why.
    await wallet.getByRole('button', { name: 'Google Pay' }).click();
    await expect(page.getByText('Please tick “I agree” to pay.')).toBeVisible();
    expect(await orderStatus(page, orderId)).toBe('pending');
    await fillOurs(page);
    await wallet.getByRole('button', { name: 'Google Pay' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await expect.poll(() => orderStatus(page, orderId)).toBe('paid');
    stripe.setWallets(false);
    await openOrder(page, 'coins-300');
    await cardFrame(page, stripe.url);
    await expect(page.getByTestId('stripe-express')).toBeHidden();
    expect(errors).toEqual([]);
  });
});
