import type { Page } from '@playwright/test';
import { startFakeFacebook, type FakeFacebook } from '../apps/server/test/fake-facebook';
import { screenshot } from './browser';
import { apiFromPage, registerThroughForm, signInThroughForm, uniqueEmail } from './account-fixtures';
import { expect, SERVER_FIXTURE, test as base, withOwnServer } from './fixtures';

const APP_ID = 'e2e-app';
const APP_SECRET = 'e2e-secret';

// A stand-in for Facebook, and a server of this file's own that signs in through it.
const test = base.extend<Record<never, never>, { facebook: FakeFacebook }>({
  facebook: [
    async ({}, use) => {
      const facebook = await startFakeFacebook(APP_ID, APP_SECRET, {
        id: 'fb-4242',
        name: 'Dana Viewer',
        email: `dana-${String(Date.now())}@episodic.test`,
      });
      await use(facebook);
      await facebook.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ facebook }, use) =>
      withOwnServer(
        {
          DEMO_CATALOG: 'false',
          FACEBOOK_APP_ID: APP_ID,
          FACEBOOK_APP_SECRET: APP_SECRET,
          FACEBOOK_AUTH_URL: facebook.authUrl,
          FACEBOOK_GRAPH_URL: facebook.graphUrl,
        },
        use,
      ),
    SERVER_FIXTURE,
  ],
});

test.describe('Facebook sign-in', () => {
  test('continues through the Facebook dialog and lands signed in', async ({
    page,
    pageErrors: errors,
    facebook,
    appServer: server,
  }) => {
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Continue with Facebook' });
    await button.waitFor();
    await screenshot(page, 'account-login-facebook');
    await button.click();
    await page.waitForURL(`${facebook.authUrl}**`);
    await page.getByRole('link', { name: 'Continue as Dana Viewer' }).click();
    await page.waitForURL(new RegExp(`^${server.url}/my(\\?lang=en)?$`));
    await page
      .locator('[data-page="my"]')
      .getByText(facebook.profile.email ?? '')
      .waitFor();
    await page.getByText('Signed in', { exact: true }).waitFor();
    // The server's `?lang=` is read as the app loads, then leaves the address as the click ids do.
    await expect(page).toHaveURL(`${server.url}/my`);
    expect(errors).toEqual([]);
  });

  test('returns to the sign-in page with the refusal explained after "Not now"', async ({
    page,
    pageErrors: errors,
    facebook,
  }) => {
    await page.goto('/login?returnTo=%2Ffavorites');
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.waitForURL(`${facebook.authUrl}**`);
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.waitForURL(/\/login\?error=facebook_denied/);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Facebook sign-in was cancelled. Try again, or sign in with your email.' })
      .waitFor();
    // Where the viewer was going is kept for the next try.
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toBe(
      '/api/user/oauth/facebook?returnTo=%2Ffavorites',
    );
    await screenshot(page, 'account-login-facebook-denied');
    const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as {
      data: { isGuest: boolean };
    };
    expect(user.data.isGuest).toBe(true);
    expect(errors).toEqual([]);
  });

  test("comes back in the account's saved language: an account saved in German, an English interface", async ({
    openPhone,
    facebook,
    appServer: server,
  }) => {
    const signInWithFacebook = async (page: Page) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Continue with Facebook' }).click();
      await page.waitForURL(`${facebook.authUrl}**`);
      await page.getByRole('link', { name: /^Continue as / }).click();
    };
    Object.assign(facebook.profile, { id: 'fb-german', name: 'Greta Viewer', email: uniqueEmail('greta') });
    const first = await openPhone();
    await signInWithFacebook(first.page);
    await first.page.waitForURL(new RegExp(`^${server.url}/my(\\?lang=en)?$`));
    await apiFromPage(first.page, 'POST', '/api/user/profile', { language: 'dy' });
    await first.page.context().close();

    const next = await openPhone();
    await signInWithFacebook(next.page);
    await next.page.waitForURL(new RegExp(`^${server.url}/my(\\?lang=dy)?$`));
    await next.page.getByRole('heading', { level: 1, name: 'Mein Konto' }).waitFor();
    await next.page.getByText('Angemeldet', { exact: true }).waitFor();
    await expect(next.page).toHaveURL(`${server.url}/my`);
    await screenshot(next.page, 'account-facebook-german');
    // Without `lang` in the address, the language stays: a reload is still German.
    await next.page.reload();
    await next.page.getByRole('heading', { level: 1, name: 'Mein Konto' }).waitFor();
    expect(next.errors).toEqual([]);
    await next.page.context().close();
  });

  test('asks for the password of an account holding the Facebook email without a confirmed address, then links', async ({
    page,
    pageErrors: errors,
    openPhone,
    facebook,
    appServer: server,
  }) => {
    const email = uniqueEmail('held');
    const password = 'drama2026!';
    const owner = await openPhone();
    await owner.page.goto('/register');
    await registerThroughForm(owner.page, email, password);
    await owner.page.waitForURL(/\/my$/);
    await owner.page.context().close();
    Object.assign(facebook.profile, { id: 'fb-held-e2e', name: 'Held Owner', email });

    // Facebook vouches for the address, the account never proved it: nothing is linked yet.
    await page.goto('/login?returnTo=%2Fmy');
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.waitForURL(`${facebook.authUrl}**`);
    await page.getByRole('link', { name: 'Continue as Held Owner' }).click();
    await page.waitForURL(/\/login\?error=facebook_link/);
    await page
      .getByRole('status')
      .filter({
        hasText: 'An account with this email already exists. Sign in with its password to link Facebook to it.',
      })
      .waitFor();
    await screenshot(page, 'account-login-facebook-link');
    expect((await apiFromPage<{ isGuest: boolean }>(page, 'GET', '/api/user')).data.isGuest).toBe(true);

    // The account's password, in this browser, links Facebook.
    await signInThroughForm(page, email, password);
    await page.waitForURL(/\/my$/);
    await page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();
    // Facebook vouched for the address and the password proved the account: nothing left to confirm.
    expect(await page.getByText('Please confirm your email address').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();

    // From now on Facebook signs straight into the account.
    const next = await openPhone();
    await next.page.goto('/login');
    await next.page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await next.page.waitForURL(`${facebook.authUrl}**`);
    await next.page.getByRole('link', { name: 'Continue as Held Owner' }).click();
    await next.page.waitForURL(new RegExp(`^${server.url}/my(\\?lang=en)?$`));
    await next.page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();
    expect(next.errors).toEqual([]);
    await next.page.context().close();
  });
});
