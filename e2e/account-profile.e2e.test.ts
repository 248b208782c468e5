import fs from 'node:fs/promises';
import { screenshot } from './browser';
import { registerThroughForm, signInThroughForm, uniqueEmail } from './account-fixtures';
import { expect, test } from './fixtures';

test.describe('profile and settings', () => {
  test('a guest is asked to register before the account-only settings', async ({ page, pageErrors: errors }) => {
    await page.goto('/individual');
    await page.getByText(/Create an account to keep your list and history/).waitFor();
    expect(await page.getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
    await screenshot(page, 'account-individual-guest');
    expect(errors).toEqual([]);
  });

  test('saves preferences, changes the password, downloads the data and deletes the account', async ({
    page,
    pageErrors: errors,
    baseURL,
  }) => {
    const email = uniqueEmail('profile');
    await page.goto('/register?returnTo=%2Findividual');
    await registerThroughForm(page, email, 'profile123');
    await page.waitForURL('**/individual');
    await page.locator('[data-page="individual"]').getByText(email, { exact: true }).waitFor();
    await screenshot(page, 'account-individual');

    // Auto-unlock is explained and saved.
    const toggle = page.getByRole('switch', { name: 'Auto-unlock' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          fetch('/api/user')
            .then((r) => r.json())
            .then((b: { data: { autoUnlock: boolean } }) => b.data.autoUnlock),
        ),
      )
      .toBe(true);

    // The language follows the header chooser's choice and is saved to the account.
    const language = page.locator('[data-page="individual"]').getByRole('combobox', { name: /Language/ });
    await language.selectOption('dy');
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() =>
          fetch('/api/user')
            .then((r) => r.json())
            .then((b: { data: { language: string } }) => b.data.language),
        ),
      )
      .toBe('dy');
    await screenshot(page, 'account-individual-dy');
    await language.selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    // Change password: the rules are shown, a wrong current password is said under its field.
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Change password' }) });
    await form.getByLabel('Current password', { exact: true }).fill('not-it-1');
    await form.getByLabel('New password', { exact: true }).fill('profile456');
    await form.getByLabel('Repeat password', { exact: true }).fill('profile456');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('This is not your current password.').waitFor();
    await form.getByLabel('Current password', { exact: true }).fill('profile123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed. Other devices were signed out.').waitFor();

    // Download my data: a JSON file about this account.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^episodic-data-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = await download.path();
    const exported = JSON.parse(await fs.readFile(saved, 'utf8')) as { account: { email: string } };
    expect(exported.account.email).toBe(email);

    // Delete: the dialog says what happens to a membership and asks for the password.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog
      .getByText(
        'Deleting your account cancels any membership renewal; you will not be charged again, and remaining paid time and coins are lost.',
      )
      .waitFor();
    await screenshot(page, 'account-delete-dialog');
    const confirmPassword = dialog.getByLabel('Enter your password to confirm', { exact: true });
    await confirmPassword.fill('profile123');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('This is not your password.').waitFor();
    await confirmPassword.fill('profile456');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByText('Your account was deleted.').waitFor();

    // The account is gone: signing in with it fails.
    await page.goto('/login');
    await signInThroughForm(page, email, 'profile456');
    await page.getByText('The email or password is not correct.').waitFor();
    expect(errors).toEqual([]);
  });
});
