import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakeFacebook, type FakeFacebook } from '../apps/server/test/fake-facebook';
import { launchBrowser, screenshot } from './browser';
import { phonePage } from './account-fixtures';
import { startServer, type RunningServer } from './server-process';

const APP_ID = 'e2e-app';
const APP_SECRET = 'e2e-secret';

let browser: Browser;
let facebook: FakeFacebook;
let server: RunningServer;

beforeAll(async () => {
  facebook = await startFakeFacebook(APP_ID, APP_SECRET, { id: 'fb-4242', name: 'Dana Viewer', email: `dana-${String(Date.now())}@episodic.test` });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ DEMO_CATALOG: 'false', FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_AUTH_URL: facebook.authUrl, FACEBOOK_GRAPH_URL: facebook.graphUrl }),
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
    await page.locator('[data-page="my"]').getByText(facebook.profile.email ?? '').waitFor();
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
    await page.getByRole('alert').filter({ hasText: 'Facebook sign-in was cancelled. Try again, or sign in with your email.' }).waitFor();
    // Where the viewer was going is kept for the next try.
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toBe('/api/user/oauth/facebook?returnTo=%2Ffavorites');
    await screenshot(page, 'account-login-facebook-denied');
    const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { data: { isGuest: boolean } };
    expect(user.data.isGuest).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
