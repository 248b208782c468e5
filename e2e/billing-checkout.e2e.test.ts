import type { Page } from '@playwright/test';
import { apiFromPage, registerThroughForm, uniqueEmail } from './account-fixtures';
import { screenshot } from './browser';
import { expect } from './fixtures';
import { playerTest as test, waitUntilPlaying } from './player-helpers';

/** Next year's December, so the expiry is always in the future. */
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

interface Overview {
  orders: { items: { id: string; status: string; planId: string; failureReason: string | null }[] };
  membership: { active: boolean; autoRenew: boolean; endsAt: string | null };
}

/** Counts the page's payment calls, to prove what the form sent. */
function countPayCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payment/pay') calls += 1;
  });
  return () => calls;
}

async function fillCard(page: Page, number: string, options: { agree?: boolean; email?: string } = {}): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  const email = page.getByLabel('Email');
  if (!(await email.inputValue())) await email.fill(options.email ?? 'buyer@episodic.test');
  await page.getByLabel('Expiry').fill(EXPIRY.replace('/', ''));
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  const agree = page.getByRole('checkbox', { name: /I agree/ });
  if (options.agree ?? true) await agree.check();
  else await agree.uncheck();
}

/** From /shopping, opens an order for a plan by its button name and lands on the card page. */
async function choosePlan(page: Page, name: RegExp): Promise<string> {
  await page.getByRole('button', { name }).click();
  await page.waitForURL(/\/order\/easy\?orderId=/);
  await page.getByTestId('order-summary').waitFor();
  return new URL(page.url()).searchParams.get('orderId')!;
}

async function coinsOf(page: Page): Promise<number> {
  return (await apiFromPage<{ coins: number }>(page, 'GET', '/api/user')).data.coins;
}

test.describe('paying for a membership from the paywall', () => {
  test('checks the card before sending it, pays once, and goes back to the episode, which now plays', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    const payCalls = countPayCalls(page);
    const locked = series.firstLocked;
    const episodePath = `/videos/${String(series.id)}?ep=${String(locked.number)}`;

    // The paywall leads to the plans, keeping the episode to come back to.
    await page.goto(episodePath);
    await page.getByTestId('locked-panel').getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/shopping\?returnTo=/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(episodePath);

    // Prices are visible before any tap: three memberships and three coin packs.
    await expect.poll(() => page.getByTestId('membership-plan').count()).toBe(3);
    expect(await page.getByTestId('coin-pack').count()).toBe(3);
    await page.getByText('$14.99').first().waitFor();
    await page.getByTestId('coin-balance').getByText('0').waitFor();
    await page.getByText('Free plan').waitFor();
    await screenshot(page, 'shopping');

    const orderId = await choosePlan(page, /Subscribe for \$14\.99/);
    expect(await page.getByTestId('order-summary').innerText()).toContain('Monthly');
    await screenshot(page, 'order-easy');

    // Empty, then wrong: every problem is named under its field and nothing is sent.
    await page.getByRole('button', { name: 'Pay $14.99' }).click();
    await page.getByText('Please enter your card number.').waitFor();
    await page.getByText('Please enter the expiry date (MM/YY).').waitFor();
    await page.getByText('Please enter the security code.').waitFor();
    await page.getByText('Please tick “I agree” to pay.').waitFor();
    await fillCard(page, '4242 4242 4242 4241', { agree: false });
    await page.getByLabel('Expiry').fill('0120');
    await page.getByLabel('CVV').fill('12');
    await page.getByRole('button', { name: 'Pay $14.99' }).click();
    await page.getByText('This card number is not valid.').waitFor();
    await page.getByText('This card has expired.').waitFor();
    await page.getByText('The security code has 3 digits.').waitFor();
    await page.getByText('Please tick “I agree” to pay.').waitFor();
    expect(await page.getByLabel('Card number').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'order-easy-errors');
    expect(payCalls()).toBe(0);

    // A good card: paid, and the result page offers the way back.
    await fillCard(page, '4242424242424242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $14.99' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    await page.getByText(/You're a member: Renews on /).waitFor();
    await screenshot(page, 'order-result-paid');
    expect(payCalls()).toBe(1);

    const overview = await apiFromPage<Overview>(page, 'GET', '/api/payment');
    expect(overview.data.orders.items.filter((o) => o.id === orderId).map((o) => o.status)).toEqual(['paid']);
    expect(overview.data.membership.active).toBe(true);

    // Back to the episode: no paywall, it plays.
    await page.getByRole('link', { name: 'Back to the episode' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/videos/${String(series.id)}` && url.searchParams.get('ep') === String(locked.number),
    );
    await waitUntilPlaying(page);
    expect(await page.getByTestId('locked-panel').count()).toBe(0);

    // Cancelling is one tap on My account; access stays to the end of the period.
    await page.goto('/my');
    const status = page.getByTestId('membership-status');
    await status.getByRole('button', { name: 'Cancel auto-renewal' }).click();
    await page.getByText(/^Auto-renewal is off\. You keep access until /).waitFor();
    await status.getByText("Auto-renewal is off: you won't be charged again.").waitFor();
    expect(await status.getByRole('button', { name: 'Cancel auto-renewal' }).count()).toBe(0);
    await screenshot(page, 'my-renewal-cancelled');
    const after = await apiFromPage<Overview>(page, 'GET', '/api/payment');
    expect(after.data.membership).toMatchObject({ active: true, autoRenew: false });
    expect(errors).toEqual([]);
  });
});

test.describe('the test cards, through the form', () => {
  const declines: [string, string][] = [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
  ];

  test('shows each decline with its reason, then takes another card for the same order', async ({
    page,
    pageErrors: errors,
  }) => {
    await page.goto('/shopping');
    const orderId = await choosePlan(page, /Buy 300 coins for \$2\.99/);
    for (const [card, reason] of declines) {
      await fillCard(page, card);
      await page.getByRole('button', { name: 'Pay $2.99' }).click();
      await page.getByRole('alert').filter({ hasText: reason }).waitFor();
      expect(page.url()).toContain('/order/easy');
    }
    await screenshot(page, 'order-easy-declined');
    expect(await coinsOf(page)).toBe(0);

    // The result page says the same for the failed order.
    await page.goto(`/order/result?orderId=${orderId}`);
    await page.getByRole('alert').filter({ hasText: 'Payment failed' }).waitFor();
    await page.getByText("Your card's security code is incorrect.").waitFor();
    await page.getByText('You were not charged.').waitFor();
    await screenshot(page, 'order-result-failed');

    // Try again with a good card: the same order is paid, the coins arrive once.
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(/\/order\/easy/);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    await page.getByText('Your balance is now 300 coins.').waitFor();
    expect(await coinsOf(page)).toBe(300);
    expect(errors).toEqual([]);
  });

  test('runs the 3-D Secure challenge: completed it pays, cancelled it fails with the reason', async ({
    page,
    pageErrors: errors,
  }) => {
    await page.goto('/shopping');
    await choosePlan(page, /Buy 1,000 coins for \$8\.99/);
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay $8.99' }).click();
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await screenshot(page, 'order-3ds-challenge');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => coinsOf(page)).toBe(1100);

    await page.goto('/shopping');
    await choosePlan(page, /Buy 300 coins for \$2\.99/);
    await fillCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await page.getByRole('alert').filter({ hasText: 'Payment failed' }).waitFor({ timeout: 15_000 });
    await page.getByText('The card authentication was not completed.').waitFor();
    expect(await coinsOf(page)).toBe(1100);
    expect(errors).toEqual([]);
  });

  test("back from the bank's page, another card pays; the first card's page charges nothing after", async ({
    page,
    pageErrors: errors,
  }) => {
    await page.goto('/shopping');
    const orderId = await choosePlan(page, /Buy 300 coins for \$2\.99/);
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    const bankPage = page.url();
    await page.goBack();
    await page.waitForURL(/\/order\/easy\?orderId=/);
    await page.getByTestId('order-summary').waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    expect(await coinsOf(page)).toBe(300);
    // The first card's bank page, opened again, passes nothing: it leads to the paid order.
    await page.goto(bankPage);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(new RegExp(`/order/result\\?orderId=${orderId}`));
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    expect(await coinsOf(page)).toBe(300);
    expect(errors).toEqual([]);
  });

  test('charges once when Pay is tapped twice', async ({ page, pageErrors: errors }) => {
    const payCalls = countPayCalls(page);
    await page.goto('/shopping');
    const orderId = await choosePlan(page, /Buy 300 coins for \$2\.99/);
    await fillCard(page, '4242424242424242');
    const pay = page.getByRole('button', { name: 'Pay $2.99' });
    // Two taps in the same frame, before the page can re-render.
    await pay.evaluate((button) => {
      (button as HTMLButtonElement).click();
      (button as HTMLButtonElement).click();
    });
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    expect(payCalls()).toBe(1);
    expect(await coinsOf(page)).toBe(300);
    const overview = await apiFromPage<Overview>(page, 'GET', '/api/payment');
    expect(overview.data.orders.items.filter((o) => o.id === orderId && o.status === 'paid')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

test.describe('the consent says what is bought, in the viewer’s language', () => {
  test('a membership names its price, period and first renewal in German; a coin pack is a one-time purchase', async ({
    page,
    pageErrors: errors,
  }) => {
    await page.goto('/shopping?lang=dy');
    await choosePlan(page, /Abonnieren für 14,99\s\$/);
    expect(await page.getByTestId('order-summary').innerText()).toContain('14,99\u00a0$');
    // The date paying now would set, written the German way by the browser's own Intl.
    const firstRenewal = await page.evaluate(() =>
      new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        Date.now() + 30 * 86_400_000,
      ),
    );
    const consent = page.getByRole('checkbox', {
      name: `Ich stimme den Nutzungsbedingungen, dem Nutzungsvertrag und der Erstattungsrichtlinie zu. Meine Mitgliedschaft beginnt heute und verlängert sich automatisch alle 30 Tage zum Preis von 14,99\u00a0$ (erste Verlängerung am ${firstRenewal}), bis ich kündige. Ich kann jederzeit unter Mein Konto kündigen.`,
    });
    await consent.waitFor();
    await page.getByRole('button', { name: '14,99\u00a0$ bezahlen' }).waitFor();
    await screenshot(page, 'order-easy-membership-dy');

    await page.goto('/shopping');
    await choosePlan(page, /300 Münzen für 2,99\s\$ kaufen/);
    await page
      .getByRole('checkbox', {
        name: /Dies ist ein einmaliger Kauf von 300 Münzen für 2,99\s\$; nichts verlängert sich\.$/,
      })
      .waitFor();
    await screenshot(page, 'order-easy-coins-dy');
    expect(errors).toEqual([]);
  });
});

test.describe('PayPal', () => {
  test('needs consent, approves at PayPal and comes back paid; cancelling there comes back cancelled', async ({
    page,
    pageErrors: errors,
  }) => {
    await page.goto('/shopping');
    await choosePlan(page, /Buy 300 coins for \$2\.99/);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByText('Please tick “I agree” to pay.').waitFor();
    // A guest gives the email the receipt goes to before PayPal opens.
    await page.getByText('Please enter your email.').waitFor();
    await page.getByLabel('Email').fill('buyer@episodic.test');
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('heading', { name: 'Pay with PayPal' }).waitFor();
    await page.getByText('2.99 USD').waitFor();
    await screenshot(page, 'paypal-approval');
    await page.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/order\/result\?orderId=/);
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
    expect(await coinsOf(page)).toBe(300);

    await page.goto('/shopping');
    await choosePlan(page, /Subscribe for \$4\.99/);
    await page.getByLabel('Email').fill('buyer@episodic.test');
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await page.waitForURL(/\/order\/result\?status=cancelled/);
    await page.getByText('Payment cancelled').waitFor();
    await page.getByText('Nothing was charged.').waitFor();
    const me = await apiFromPage<{ membership: { active: boolean } }>(page, 'GET', '/api/user');
    expect(me.data.membership.active).toBe(false);
    expect(errors).toEqual([]);
  });
});

test.describe('coins, unlocks and the unlocked list', () => {
  test('buys coins from the paywall, unlocks the episode, and lists it under Unlocked episodes', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    const locked = series.firstLocked;
    const episodePath = `/videos/${String(series.id)}?ep=${String(locked.number)}`;
    await page.goto('/unlocked');
    await page.getByText('Episodes you unlock with coins will be listed here.').waitFor();

    await page.goto(episodePath);
    const panel = page.getByTestId('locked-panel');
    // No coins: "Get coins" is the paywall's way forward (to the plans, coming back here).
    await panel.getByRole('link', { name: 'Get coins' }).click();
    await page.waitForURL(/\/shopping\?returnTo=/);
    await choosePlan(page, /Buy 300 coins for \$2\.99/);
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByRole('link', { name: 'Back to the episode' }).click();
    await panel.getByText('Your balance: 300 coins').waitFor();
    await panel.getByRole('button', { name: `Unlock for ${String(locked.cost)} coins` }).click();
    await waitUntilPlaying(page);

    await page.goto('/unlocked');
    const row = page.getByRole('link', { name: new RegExp(series.title) });
    await row.getByText(/^1 of \d+ episodes unlocked$/).waitFor();
    await screenshot(page, 'unlocked');
    await row.click();
    await page.waitForURL(
      (url) => url.pathname === `/videos/${String(series.id)}` && url.searchParams.get('ep') === String(locked.number),
    );
    expect(errors).toEqual([]);
  });

  test('keeps a membership bought as a guest after registering', async ({ page, pageErrors: errors }) => {
    await page.goto('/shopping');
    await choosePlan(page, /Subscribe for \$4\.99/);
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();

    await page.goto('/register');
    await registerThroughForm(page, uniqueEmail('member'), 'longpass123');
    await page.waitForURL((url) => url.pathname === '/my');
    await page
      .getByTestId('membership-status')
      .getByText(/Renews on /)
      .waitFor();
    const me = await apiFromPage<{ isGuest: boolean; membership: { active: boolean } }>(page, 'GET', '/api/user');
    expect(me.data).toMatchObject({ isGuest: false, membership: { active: true } });
    expect(errors).toEqual([]);
  });
});
