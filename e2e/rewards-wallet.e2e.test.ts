import { screenshot } from './browser';
import { apiFromPage, mailTo, registerThroughForm, uniqueEmail } from './account-fixtures';
import { expect, ownServer, test as base } from './fixtures';

// A server of this file's own: the journey reads the verification mail in its data folder.
const test = base.extend({ appServer: ownServer({ DEMO_CATALOG: 'false' }) });

/** Waits for the verification mail to `to` in the server's outbox and returns the link in it. */
function verifyLinkFor(dataDir: string, to: string): Promise<URL> {
  return mailTo(dataDir, to, 'verification mail', (mail) => {
    const text = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
    const link = /https?:\/\/[^\s"'<>]+\/my\?verifyToken=[^\s"'<>]+/.exec(text)?.[0];
    return link ? new URL(link.replace(/&amp;/g, '&')) : undefined;
  });
}

test.describe('rewards and the wallet', () => {
  test('a new viewer registers, confirms the email, collects welcome coins, checks in and sees every line', async ({
    page,
    pageErrors: errors,
    appServer: server,
  }) => {
    test.setTimeout(120_000);
    // A guest sees the rewards, locked, with the way to an account.
    await page.goto('/wallet');
    const wallet = page.locator('[data-page="wallet"]');
    await wallet.getByText('Bonus coins are spent first, then bought coins. Coins never expire.').waitFor();
    await wallet.getByText('No coin movements yet.').waitFor();
    expect(await wallet.getByRole('button', { name: /Check in/ }).count()).toBe(0);
    await screenshot(page, 'rewards-wallet-guest');

    const email = uniqueEmail('rewards');
    await page.goto('/register');
    await registerThroughForm(page, email, 'rewards123');
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));
    // Not yet confirmed: the rewards say so.
    await page.goto('/wallet');
    await wallet.getByText('Confirm your email with the link we sent you to collect rewards.').first().waitFor();

    const link = await verifyLinkFor(server.dataDir!, email);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Thank you: your email address is confirmed.').waitFor();
    await page.getByRole('link', { name: 'Wallet and rewards' }).click();
    await page.waitForURL('**/wallet');

    await wallet.getByRole('heading', { name: 'Welcome gift: 30 coins' }).waitFor();
    await screenshot(page, 'rewards-wallet-new-account');
    await wallet.getByRole('button', { name: 'Collect 30 coins' }).click();
    await page.getByText('30 welcome coins added').first().waitFor();
    await expect(wallet.getByTestId('bonus-coins')).toHaveText('30');
    await expect(wallet.getByTestId('paid-coins')).toHaveText('0');

    const checkIn = wallet.getByTestId('check-in');
    await checkIn.getByText('0-day streak').waitFor();
    await checkIn.getByRole('button', { name: 'Check in: +5 coins' }).click();
    await checkIn.getByText('Checked in today: +5 coins. Come back tomorrow.').waitFor();
    await checkIn.getByText('1-day streak').waitFor();
    await expect(wallet.getByTestId('bonus-coins')).toHaveText('35');

    const lines = wallet.getByRole('list', { name: 'Coin history' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Daily check-in, day 1');
    await expect(lines.nth(0)).toContainText('+5');
    await expect(lines.nth(1)).toContainText('Welcome coins');
    await expect(lines.nth(1)).toContainText('+30');
    await screenshot(page, 'rewards-wallet-collected');
    // The toasts said their piece; the lines are photographed without them.
    // One at a time, the first each time: a toast may also leave by itself meanwhile.
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    for (let i = 0; i < 5 && (await dismiss.count()) > 0; i++)
      await dismiss
        .first()
        .click({ timeout: 2000 })
        .catch(() => undefined);
    await wallet.getByRole('list', { name: 'Coin history' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'rewards-wallet-lines');

    // Claimed twice (another tab, a double tap): nothing more.
    const again = await apiFromPage<{ wallet: { coins: number } }>(page, 'POST', '/api/rewards/check-in', {});
    expect(again.data.wallet.coins).toBe(35);
    const user = await apiFromPage<{ coins: number; paidCoins: number; bonusCoins: number }>(page, 'GET', '/api/user');
    expect(user.data).toMatchObject({ coins: 35, paidCoins: 0, bonusCoins: 35 });

    // The same screen in the other four languages.
    for (const language of ['es', 'fy', 'dy', 'pt']) {
      await page.evaluate((lang) => {
        localStorage.setItem('language', lang);
      }, language);
      await page.reload();
      await wallet.getByTestId('bonus-coins').waitFor();
      await expect(wallet.getByRole('list').last().getByRole('listitem')).toHaveCount(2);
      await screenshot(page, `rewards-wallet-${language}`);
      await wallet.getByRole('list').last().scrollIntoViewIfNeeded();
      await screenshot(page, `rewards-wallet-lines-${language}`);
    }
    expect(errors).toEqual([]);
  });
});
