import type { Request } from '@playwright/test';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './fixtures';

// No page of these journeys throws.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

const ROUTES: [string, string][] = [
  ['/', 'home'],
  ['/browse/1', 'browse'],
  ['/more/1', 'more'],
  ['/videos/1', 'videos'],
  ['/individual', 'individual'],
  ['/my', 'my'],
  ['/login', 'login'],
  ['/retrievePassword', 'retrieve-password'],
  ['/register', 'register'],
  ['/favorites', 'favorites'],
  ['/historys', 'historys'],
  ['/unlocked', 'unlocked'],
  ['/search', 'search'],
  ['/searchDetail/1', 'search-detail'],
  ['/shopping', 'shopping'],
  ['/privacyPolicy', 'privacy-policy'],
  ['/refundPolicy', 'refund-policy'],
  ['/serviceAgreement', 'service-agreement'],
  ['/contentPolicy', 'content-policy'],
  ['/commonQuestions', 'common-questions'],
  ['/contactUs', 'contact-us'],
  ['/order/result', 'order-result'],
  ['/order/easy', 'order-easy'],
];

test.describe('the viewer app shell', () => {
  test('renders every route of the specification in a phone viewport', async ({ page }) => {
    // Two dozen routes, each loaded and photographed: the limit grows with the list, not per route.
    test.setTimeout(ROUTES.length * 8_000);
    for (const [path, name] of ROUTES) {
      await page.goto(path);
      await page.locator(`[data-page="${name}"]`).waitFor({ timeout: 15_000 });
      await expect(
        page
          .locator('h1')
          .first()
          .isVisible()
          .catch(() => false),
      ).resolves.toBeDefined();
      await screenshot(page, `shell-${name}`);
    }
  });

  test('shows a real not-found page for any other path, with a way home', async ({ page }) => {
    const res = await page.goto('/no/such/place');
    // Any address that is no client route: HTTP 404, with the app's own not-found page.
    expect(res?.status()).toBe(404);
    await page.locator('[data-page="not-found"]').waitFor();
    await screenshot(page, 'shell-not-found');
    const home = page.locator('[data-page="not-found"] a[href="/"]').first();
    await home.click();
    await page.locator('[data-page="home"]').waitFor();
  });

  test('switches every visible text and <html lang> with the language chooser, and remembers it', async ({ page }) => {
    await page.goto('/no/such/place');
    await page.locator('[data-page="not-found"]').waitFor();
    const chooser = page.getByRole('combobox', { name: /Language/ });
    const seen = new Map<string, string>();
    for (const [code, html] of [
      ['es', 'es'],
      ['fy', 'fr'],
      ['dy', 'de'],
      ['pt', 'pt'],
      ['en', 'en'],
    ] as const) {
      await chooser.selectOption(code);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(html);
      const text = await page.locator('[data-page="not-found"]').innerText();
      const footer = await page.locator('footer').innerText();
      seen.set(code, text + footer);
      if (code === 'dy') await screenshot(page, 'shell-not-found-dy');
    }
    expect(new Set(seen.values()).size).toBe(5);
    await chooser.selectOption('dy');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('dy');
  });

  test('keeps click ids from the landing address and sends them with every API call', async ({ page }) => {
    const apiRequests: Request[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiRequests.push(req);
    });
    await page.goto('/?token=ref-42&fbclid=fb.1.abc&ttclid=tt-xyz');
    await page.locator('[data-page="home"]').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userid'))).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await page.evaluate(() => ({
      ref: localStorage.getItem('xUserRefererToken'),
      fb: localStorage.getItem('FBCLID'),
      tt: localStorage.getItem('TTCLID'),
      token: localStorage.getItem('userToken'),
    }));
    expect(stored).toMatchObject({
      ref: 'ref-42',
      fb: 'fb.1.abc',
      tt: 'tt-xyz',
      token: expect.stringMatching(/^[\w-]{43}$/),
    });

    // The next visit, without any parameter, still carries them: as headers and as params.
    apiRequests.length = 0;
    await page.goto('/search');
    await page.locator('[data-page="search"]').waitFor();
    await expect.poll(() => apiRequests.some((r) => new URL(r.url()).pathname === '/api/user')).toBe(true);
    const call = apiRequests.find((r) => new URL(r.url()).pathname === '/api/user')!;
    const headers = await call.allHeaders();
    expect(headers['x-user-referer-token']).toBe('ref-42');
    expect(headers['fbclid']).toBe('fb.1.abc');
    expect(headers['ttclid']).toBe('tt-xyz');
    expect(headers['x-user-token']).toBe(stored.token);
    const url = new URL(call.url());
    if (call.method() === 'GET') {
      expect(url.searchParams.get('fbclid')).toBe('fb.1.abc');
      expect(url.searchParams.get('ttclid')).toBe('tt-xyz');
    } else {
      expect(call.postDataJSON()).toMatchObject({ fbclid: 'fb.1.abc', ttclid: 'tt-xyz' });
    }
  });

  test('updates the referrer token and click ids on a route change, each under its own key', async ({ page }) => {
    await page.goto('/?fbclid=fb-first');
    await page.locator('[data-page="home"]').waitFor();
    await page.evaluate(() => {
      history.pushState({}, '', '/search?token=ref-2&ttclid=tt-2');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('[data-page="search"]').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('TTCLID'))).toBe('tt-2');
    expect(
      await page.evaluate(() => [localStorage.getItem('xUserRefererToken'), localStorage.getItem('FBCLID')]),
    ).toEqual(['ref-2', 'fb-first']);
  });
});

test.describe('the operator console', () => {
  test('asks for sign-in, refuses a wrong password, and opens for an operator', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/');
    await page.getByLabel(/email/i).waitFor();
    await screenshot(page, 'admin-sign-in');
    await page.getByLabel(/email/i).fill(ADMIN_EMAIL);
    await page.getByLabel(/password/i).fill('wrong-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByText(/not correct/i).waitFor();
    await page.getByLabel(/password/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByRole('navigation').getByText('Dashboard').waitFor();
    await screenshot(page, 'admin-shell');
  });
});
