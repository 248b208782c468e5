import { screenshot } from './browser';
import { apiFromPage, mailTo, uniqueEmail } from './account-fixtures';
import { expect, ownServer, test as base } from './fixtures';

// A server of this file's own: the journey reads the receipt in its data folder.
const test = base.extend({ appServer: ownServer({ DEMO_CATALOG: 'false' }) });

const EXPIRY = `12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

/** Waits for the receipt to `to` in the server's outbox and returns its text. */
function receiptFor(dataDir: string, to: string): Promise<string> {
  return mailTo(dataDir, to, 'receipt', (mail) =>
    mail.subject === 'Your Episodic receipt' ? (mail.text ?? '') : undefined,
  );
}

test.describe('a guest’s purchase', () => {
  test('a guest buys a membership with an email; another phone follows the receipt’s link, sets a password and has it', async ({
    page,
    pageErrors: errors,
    openPhone,
    appServer: server,
  }) => {
    const email = uniqueEmail('guest-buyer');
    await page.goto('/shopping');
    await page.getByRole('button', { name: /Subscribe for \$14\.99/ }).click();
    await page.waitForURL(/\/order\/easy\?orderId=/);
    await page.getByText('Your receipt is sent here, with a link to reach what you buy from any device.').waitFor();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Expiry').fill(EXPIRY);
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Lima');
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Pay $14.99' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();

    const receipt = await receiptFor(server.dataDir!, email);
    expect(receipt).toContain('/api/payment/cancel-link?');
    const link = new URL(/https?:\/\/[^\s"'<>]+\/retrievePassword\?token=[^\s"'<>]+/.exec(receipt)![0]);
    expect(link.origin).toBe(server.url);
    expect(link.searchParams.get('purchase')).toBe('1');

    // Another phone: opening the link changes nothing by itself; sending the form does.
    const other = await openPhone();
    await other.page.goto(`${link.pathname}${link.search}`);
    await other.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    const before = await apiFromPage<{ isGuest: boolean }>(other.page, 'GET', '/api/user');
    expect(before.data.isGuest).toBe(true);
    await other.page.getByLabel('New password', { exact: true }).fill('drama2026!');
    await other.page.getByLabel('Repeat password', { exact: true }).fill('drama2026!');
    await screenshot(other.page, 'guest-set-password');
    await other.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await other.page.waitForURL('**/my');
    await other.page.getByText('Password set. Your purchases are in your account.').waitFor();
    await other.page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();
    const me = await apiFromPage<{ email: string; isGuest: boolean; membership: { active: boolean } }>(
      other.page,
      'GET',
      '/api/user',
    );
    expect(me.data).toMatchObject({ email, isGuest: false, membership: { active: true } });
    await screenshot(other.page, 'guest-purchase-signed-in');
    expect([...errors, ...other.errors]).toEqual([]);
  });
});
