import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakeFacebook, type FakeFacebook } from '../apps/server/test/fake-facebook';
import { launchBrowser, screenshot } from './browser';
import { apiFromPage, phonePage, registerThroughForm, signInThroughForm, uniqueEmail } from './account-fixtures';
import { startServer, type RunningServer } from './server-process';

const APP_ID = 'e2e-app';
const APP_SECRET = 'e2e-secret';

let browser: Browser;
let facebook: FakeFacebook;
let server: RunningServer;

beforeAll(async () => {
  facebook = await startFakeFacebook(APP_ID, APP_SECRET, {
    id: 'fb-4242',
    name: 'Dana Viewer',
    email: `dana-${String(Date.now())}@episodic.test`,
  });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      DEMO_CATALOG: 'false',
      FACEBOOK_APP_ID: APP_ID,
      FACEBOOK_APP_SECRET: APP_SECRET,
      FACEBOOK_AUTH_URL: facebook.authUrl,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
    }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await facebook?.close();
});

describe('Facebook sign-in', () => {
  it('continues through the Facebook dialog and lands signed in', async () => {
    const { page, errors } = await phonePage(browser, server.url);
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Continue with Facebook' });
    await button.waitFor();
    await screenshot(page, 'account-login-facebook');
    await button.click();
    await page.waitForURL(`${facebook.authUrl}**`);
    await page.getByRole('link', { name: 'Continue as Dana Viewer' }).click();
    await page.waitForURL(`${server.url}/my`);
    await page
      .locator('[data-page="my"]')
      .getByText(facebook.profile.email ?? '')
      .waitFor();
    await page.getByText('Signed in', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('returns to the sign-in page with the refusal explained after "Not now"', async () => {
    const { page, errors } = await phonePage(browser, server.url);
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
    await page.context().close();
  });

  it('asks for the password of an account holding the Facebook email without a confirmed address, then links', async () => {
    const email = uniqueEmail('held');
    const password = 'drama2026!';
    const owner = await phonePage(browser, server.url);
    await owner.page.goto('/register');
    await registerThroughForm(owner.page, email, password);
    await owner.page.waitForURL(/\/my$/);
    await owner.page.context().close();
    Object.assign(facebook.profile, { id: 'fb-held-e2e', name: 'Held Owner', email });

    // Facebook vouches for the address, the account never proved it: nothing is linked yet.
    const { page, errors } = await phonePage(browser, server.url);
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
    const next = await phonePage(browser, server.url);
    await next.page.goto('/login');
    await next.page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await next.page.waitForURL(`${facebook.authUrl}**`);
    await next.page.getByRole('link', { name: 'Continue as Held Owner' }).click();
    await next.page.waitForURL(`${server.url}/my`);
    await next.page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();
    expect(next.errors).toEqual([]);
    await next.page.context().close();
  });
});
