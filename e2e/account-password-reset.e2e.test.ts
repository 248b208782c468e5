import { screenshot } from './browser';
import { apiFromPage, mailTo, signInThroughForm, uniqueEmail } from './account-fixtures';
import { expect, ownServer, test as base } from './fixtures';

// A server of this file's own: the test reads the mails in its data folder.
const test = base.extend({ appServer: ownServer({ DEMO_CATALOG: 'false' }) });

/** Waits for the mail to `to` in the server's outbox (in `dataDir`) and returns the reset link in it. */
function resetLinkFor(dataDir: string, to: string): Promise<URL> {
  return mailTo(dataDir, to, 'reset mail', (mail) => {
    const text = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
    const link = /https?:\/\/[^\s"'<>]+\/retrievePassword\?token=[^\s"'<>]+/.exec(text)?.[0];
    return link ? new URL(link.replace(/&amp;/g, '&')) : undefined;
  });
}

test.describe('forgot password', () => {
  test('asks for the email, answers neutrally, and the emailed link sets a new password and signs in', async ({
    page,
    pageErrors: errors,
    openPhone,
    appServer: server,
  }) => {
    const email = uniqueEmail('reset');
    const oldPassword = 'forgotten1';
    const newPassword = 'remembered2';

    // The account exists (made on another device).
    const setup = await openPhone();
    await setup.page.goto('/');
    const registered = await apiFromPage(setup.page, 'POST', '/api/user/register', {
      email,
      password: oldPassword,
      confirmPassword: oldPassword,
      agree: true,
    });
    expect(registered.code).toBe(200);
    await setup.page.context().close();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.locator('[data-page="retrieve-password"]').waitFor();
    await screenshot(page, 'account-forgot');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page
      .getByText(`If an account exists for ${email}, we've sent a link. It works once and expires in 60 minutes.`)
      .waitFor();
    await screenshot(page, 'account-forgot-sent');

    // An unknown email gets exactly the same answer.
    await page.getByRole('button', { name: 'Use a different email' }).click();
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@episodic.test');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page
      .getByText(
        "If an account exists for nobody-here@episodic.test, we've sent a link. It works once and expires in 60 minutes.",
      )
      .waitFor();

    const link = await resetLinkFor(server.dataDir!, email);
    expect(link.origin).toBe(server.url);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat password', { exact: true }).fill('remembered');
    await screenshot(page, 'account-reset-form');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Repeat password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    // The message shows for a few seconds as the account page opens: looked for first, so a slow load
    // of the account page cannot outlast it.
    await page.getByText("Your new password is saved and you're signed in.").waitFor();
    await page.waitForURL('**/my');
    await page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();
    await screenshot(page, 'account-reset-signed-in');

    // The link works once, and says so as it opens again: no form to fill in vain.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('This link has expired or was already used. Ask for a new one.').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Get a new link' }).waitFor();
    await screenshot(page, 'account-reset-expired');

    // The old password no longer signs in; the new one does.
    const other = await openPhone();
    await other.page.goto('/login');
    await signInThroughForm(other.page, email, oldPassword);
    await other.page.getByText('The email or password is not correct.').waitFor();
    await signInThroughForm(other.page, email, newPassword);
    await other.page.waitForURL('**/my');
    await other.page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();

    expect([...errors, ...other.errors]).toEqual([]);
  });
});
