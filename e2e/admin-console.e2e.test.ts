import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { devices, type BrowserContextOptions, type Page } from '@playwright/test';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test as base } from './fixtures';
import { waitUntilPlaying } from './player-helpers';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };

// The operator signs in once per worker; each test opens the console in a fresh context with that session.
const test = base.extend<Record<never, never>, { operatorState: StorageState }>({
  operatorState: [
    async ({ browser, appServer }, use) => {
      const context = await browser.newContext({ ...DESKTOP, baseURL: appServer.url });
      const page = await context.newPage();
      await page.goto('/admin/');
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      // The console's session is out of every page script's reach: no stored token, no readable cookie.
      expect(
        await page.evaluate(() => ({ stored: localStorage.getItem('userToken'), cookies: document.cookie })),
      ).toEqual({ stored: null, cookies: '' });
      const [operator] = (await context.cookies()).filter((c) => c.name === 'episodic_operator');
      expect(operator).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  storageState: async ({ operatorState }, use) => {
    await use(operatorState);
  },
});
test.use(DESKTOP);
// The journeys build on each other (a series created, then given a video, …): in order, and the rest
// is skipped after a failure.
test.describe.configure({ mode: 'serial' });

let baseUrl: string;
let page: Page;
const errors: Error[] = [];
const stamp = Date.now().toString(36);
let createdSeriesId = 0;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Calls the API from the test, as the holder of a session token. */
async function api<T>(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Envelope<T> & { token: string | null }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'x-user-token': token } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { ...((await res.json()) as Envelope<T>), token: res.headers.get('x-user-token') };
}

/** A registered viewer who bought a coin pack, arriving from a Facebook ad. */
async function buyerWithCoins(email: string): Promise<{ token: string; orderId: string }> {
  const registered = await api('POST', '/api/user/register', {
    email,
    password: 'buyer password 1',
    confirmPassword: 'buyer password 1',
    agree: true,
  });
  const token = registered.token!;
  const order = await api<{ id: string }>('POST', '/api/payment/order', { planId: 'coins-1000' }, token, {
    fbclid: `IwAR-e2e-${stamp}`,
  });
  const expiry = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
  const card = { number: '4242 4242 4242 4242', expiry, cvv: '123', firstName: 'Ana', lastName: 'Lima', email };
  const paid = await api<{ status: string }>(
    'POST',
    '/api/payment/pay',
    { orderId: order.data.id, method: 'card', card, agree: true },
    token,
  );
  expect(paid.data.status).toBe('paid');
  return { token, orderId: order.data.id };
}

/** Screenshots once every picture on the page has loaded. */
async function shoot(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await screenshot(page, name);
}

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

test.beforeAll(({ appServer }) => {
  baseUrl = appServer.url;
});

// Every test starts signed in, on a page of its own; the helpers above act on it.
test.beforeEach(({ page: signedIn }) => {
  page = signedIn;
  page.on('pageerror', (error) => {
    errors.push(error);
  });
});

test.describe('the operator console on a desktop', () => {
  test('shows the dashboard for a period, with charts', async () => {
    await page.goto('/admin/');
    await page.getByRole('img', { name: /^Plays per day/ }).waitFor();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('img', { name: /^Purchases by source/ }).waitFor();
  });

  test('creates a series in five languages with a cover and tags, adds episodes, and refuses to publish one without video', async () => {
    await page.goto('/admin/');
    await nav('Content').click();
    await heading('Content').waitFor();
    await page.locator('tbody tr').first().waitFor();
    await shoot('admin-content');

    const title = `Midnight Heiress ${stamp}`;
    await page.getByRole('button', { name: 'New series' }).click();
    await page.getByLabel('English title', { exact: true }).fill(title);
    await page.getByLabel('English synopsis', { exact: true }).fill('She inherits a hotel, and its secrets.');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await heading(title).waitFor();

    await page.getByRole('tab', { name: 'Spanish' }).click();
    await page.getByLabel('Title (Spanish)', { exact: true }).fill(`La heredera de medianoche ${stamp}`);
    await page.getByLabel('Synopsis (Spanish)', { exact: true }).fill('Hereda un hotel y sus secretos.');
    await page.getByRole('tab', { name: 'German' }).click();
    await page.getByLabel('Synopsis (German)', { exact: true }).fill('Sie erbt ein Hotel.');
    await page.getByLabel('Romance', { exact: true }).check();
    await page.getByRole('button', { name: 'Save details' }).click();
    // A language with a synopsis needs a title: the field says so and nothing is saved.
    await page.getByText('Add a title for this language, or clear its text.').waitFor();
    await page.getByLabel('Title (German)', { exact: true }).fill(`Die Erbin um Mitternacht ${stamp}`);
    await page.getByRole('button', { name: 'Save details' }).click();
    // A draft: nobody sees it yet, and the confirmation does not pretend otherwise.
    await page.getByText('Saved. Viewers see it once the series is published.').waitFor();

    const picture = path.join(os.tmpdir(), `cover-${stamp}.png`);
    await promisify(execFile)('/usr/bin/ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x8e44ad:s=600x800',
      '-frames:v',
      '1',
      picture,
    ]);
    await page.getByLabel('Replace cover', { exact: true }).setInputFiles(picture);
    await page.getByRole('img', { name: 'Cover' }).waitFor();
    await fs.rm(picture, { force: true });

    await page.getByRole('button', { name: 'Add episode' }).click();
    await page.getByRole('dialog').getByLabel('Title (English)', { exact: true }).fill('The will');
    await page.getByLabel('Free to watch', { exact: true }).check();
    await page.getByRole('button', { name: 'Add episode' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add episode' }).click();
    await page.getByLabel('Unlock price (coins)', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Add episode' }).last().click();
    await page.getByText('A locked episode needs a price of at least 1 coin (or make it free).').waitFor();
    await page.getByLabel('Unlock price (coins)', { exact: true }).fill('60');
    await page.getByRole('button', { name: 'Add episode' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('tr[data-episode]').nth(1).getByText('60 coins').waitFor();
    // The cover and the episodes changed the series but not its details: the form, open since its
    // last save, saves again without being taken for a stale one.
    await page.getByLabel('Accent color', { exact: true }).fill('#8e44ad');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Saved. Viewers see it once the series is published.').waitFor();

    await page.locator('tr[data-episode]').first().getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/has no ready video yet/).waitFor();
    await page.getByRole('button', { name: 'Publish series' }).click();
    await page.getByText('Published, but viewers do not see it yet').waitFor();
    await shoot('admin-series');

    const id = Number(new URL(page.url()).pathname.split('/').pop());
    createdSeriesId = id;
    const detail = await api<{
      status: string;
      texts: Record<string, { title: string }>;
      accentColor: string | null;
      cover: string | null;
      tagIds: number[];
      episodeList: { free: boolean; unlockCost: number }[];
    }>('GET', `/api/admin/series/${id}`, undefined, undefined, await operatorCookie());
    expect(detail.data.status).toBe('published');
    expect(Object.keys(detail.data.texts).sort()).toEqual(['dy', 'en', 'es']);
    expect(detail.data.cover).toMatch(/^\/media\/covers\/series-/);
    expect(detail.data.accentColor).toBe('#8e44ad');
    expect(detail.data.episodeList.map((e) => [e.free, e.unlockCost])).toEqual([
      [true, 50],
      [false, 60],
    ]);
    // Not visible to viewers: no episode has a video yet.
    expect((await api('GET', `/api/video?id=${id}`)).code).toBe(404);
  });

  test('uploads a video through a dropped connection, shows the packaging, publishes it, and it plays in the viewer app', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.goto(`/admin/content/series/${createdSeriesId}`);
    const row = page.locator('tr[data-episode]').first();
    await row.getByText('No video').waitFor();
    const clip = path.join(os.tmpdir(), `episode-${stamp}.mp4`);
    await promisify(execFile)('/usr/bin/ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=360x640:r=15:d=3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
    // The first chunk's connection drops: the upload has to notice, ask the server how far it got, and go on.
    let dropped = 0;
    await page.route('**/api/admin/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && dropped === 0) {
        dropped += 1;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await row.getByLabel('Video file for episode 1', { exact: true }).setInputFiles(clip);
    await row
      .getByRole('progressbar', { name: /^Packaging|^Waiting to be packaged/ })
      .waitFor({ timeout: 60_000 })
      .then(
        async () => {
          await row.scrollIntoViewIfNeeded();
          await shoot('admin-video-packaging');
        },
        () => undefined,
      );
    await row.getByText(/^Video ready/).waitFor({ timeout: 120_000 });
    expect(dropped).toBe(1);
    await page.unroute('**/api/admin/uploads/*');
    await fs.rm(clip, { force: true });

    await row.getByRole('button', { name: 'Publish' }).click();
    await row.getByRole('button', { name: 'Unpublish' }).waitFor();
    await page.getByText('Published, but viewers do not see it yet').waitFor({ state: 'detached' });
    await row.scrollIntoViewIfNeeded();
    await shoot('admin-series-published');

    // A viewer's phone, without the operator's session.
    const viewer = await browser.newContext({ ...devices['iPhone 13'], baseURL: baseUrl, storageState: undefined });
    const phone = await viewer.newPage();
    await phone.goto(`/videos/${createdSeriesId}?ep=1`);
    await waitUntilPlaying(phone);
    await viewer.close();
  });

  test('shows the tags', async () => {
    await page.goto(`/admin/content/series/${createdSeriesId}`);
    await page.getByRole('link', { name: '← All series' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('button', { name: 'New tag' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await shoot('admin-tags');
  });

  test('curates a home section that viewers see at once, then removes it', async () => {
    await page.goto('/admin/');
    await nav('Homepage').click();
    await heading('Homepage').waitFor();
    await page.locator('ol > li').first().getByText('Featured carousel', { exact: true }).waitFor();
    await shoot('admin-homepage');

    const slug = `staff-picks-${stamp}`;
    await page.getByRole('button', { name: 'New section' }).click();
    await page.getByLabel('Id', { exact: true }).fill(slug);
    await page.getByLabel('Title (English)', { exact: true }).fill('Staff picks');
    await page.getByRole('button', { name: 'Add section' }).click();
    const card = page.locator('li', { has: page.getByRole('heading', { name: /Staff picks/ }) });
    await card.waitFor();
    const visible = (
      await api<{ items: { id: number; title: string; visible: boolean }[] }>(
        'GET',
        '/api/admin/series?status=published&pageSize=50',
        undefined,
        undefined,
        await operatorCookie(),
      )
    ).data.items.find((s) => s.visible)!;
    await card.getByLabel('Add a series', { exact: true }).fill(visible.title.slice(0, 12));
    await card.getByRole('button', { name: `+ ${visible.title}` }).click();
    await card.getByRole('button', { name: 'Save series' }).click();
    await expect
      .poll(async () =>
        (await api<{ sections: { title: string; items: { id: number }[] }[] }>('GET', '/api/homepage')).data.sections
          .find((s) => s.title === 'Staff picks')
          ?.items.map((i) => i.id),
      )
      .toEqual([visible.id]);
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    expect(
      (await api<{ sections: { title: string }[] }>('GET', '/api/homepage')).data.sections.map((s) => s.title),
    ).not.toContain('Staff picks');
  });

  test('finds an order by email, refunds it, and the buyer loses the coins', async () => {
    await page.goto('/admin/');
    const email = `refund-${stamp}@episodic.test`;
    const buyer = await buyerWithCoins(email);
    expect((await api<{ coins: number }>('GET', '/api/user', undefined, buyer.token)).data.coins).toBe(1100);

    await nav('Commerce').click();
    await heading('Commerce').waitFor();
    await page.getByLabel('Search', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('tbody tr', { hasText: email });
    await row.getByText('Facebook').waitFor();
    await shoot('admin-orders');
    await row.getByRole('link', { name: 'Open' }).click();
    await heading('1,000 coins · $8.99').waitFor();
    await page.getByRole('button', { name: 'Refund…' }).click();
    await page.getByLabel('Reason', { exact: true }).fill('Bought by mistake');
    await page.getByRole('dialog').getByRole('button', { name: 'Refund $8.99' }).click();
    await page.getByText('1100', { exact: true }).waitFor();
    await shoot('admin-order-refunded');
    expect((await api<{ coins: number }>('GET', '/api/user', undefined, buyer.token)).data.coins).toBe(0);
    const order = await api<{ status: string }>(
      'GET',
      `/api/payment/order?id=${buyer.orderId}`,
      undefined,
      buyer.token,
    );
    expect(order.data.status).toBe('refunded');

    await page.getByRole('link', { name: '← All orders' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Plans and coin packs' }).click();
    await page.getByRole('heading', { name: 'Coin packs' }).waitFor();
    await shoot('admin-plans');
  });

  test('finds a user, grants coins, disables the account (its session ends)', async () => {
    await page.goto('/admin/');
    const email = `user-${stamp}@episodic.test`;
    const buyer = await buyerWithCoins(email);
    await nav('Users').click();
    await heading('Users').waitFor();
    await page.getByLabel('Search', { exact: true }).fill(`user-${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: email }).click();
    await heading(email).waitFor();

    await page.getByRole('button', { name: 'Give coins' }).click();
    await page.getByLabel('Coins', { exact: true }).fill('120');
    await page.getByLabel('Reason', { exact: true }).fill('Playback problem on the train');
    await page.getByRole('dialog').getByRole('button', { name: 'Give' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('+120').waitFor();
    expect((await api<{ coins: number }>('GET', '/api/user', undefined, buyer.token)).data.coins).toBe(1220);
    await shoot('admin-user');

    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByLabel('Reason', { exact: true }).fill('Chargeback fraud');
    await page.getByRole('button', { name: 'Disable and sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Enable account' }).waitFor();
    expect((await api('GET', '/api/user/favorite', undefined, buyer.token)).code).toBe(401);
    expect((await api('POST', '/api/user/login', { email, password: 'buyer password 1' })).code).toBe(401);
  });

  test('sets a pixel id the viewer app reads, and shows mail and payment status', async () => {
    await page.goto('/admin/');
    await nav('Settings').click();
    await heading('Settings').waitFor();
    const pixel = `9${stamp.replace(/\D/g, '')}1`.slice(0, 15);
    const input = page.getByLabel('Value of bigo_pixel', { exact: true });
    await input.fill(pixel);
    await page.locator('tr', { has: input }).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ list: { config_key: string; config_value: string }[] }>('GET', '/api/config')).data.list.find(
            (e) => e.config_key === 'bigo_pixel',
          )?.config_value,
      )
      .toBe(pixel);
    await page.getByRole('heading', { name: 'Payment providers' }).waitFor();
    await shoot('admin-settings');
    await input.fill('');
    await page.locator('tr', { has: input }).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ list: { config_key: string; config_value: string }[] }>('GET', '/api/config')).data.list.find(
            (e) => e.config_key === 'bigo_pixel',
          )?.config_value,
      )
      .toBe('');
  });

  test('shows every change in the audit log, with before and after', async () => {
    await page.goto('/admin/');
    await nav('Audit log').click();
    await heading('Audit log').waitFor();
    for (const action of [
      'series.create',
      'series.publish',
      'episode.upload',
      'episode.publish',
      'order.refund',
      'user.grant-coins',
      'user.disable',
      'setting.update',
      'homepage.delete-section',
    ]) {
      await page.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    const refund = page.locator('tr', { has: page.getByRole('cell', { name: 'order.refund', exact: true }) }).first();
    await refund.getByRole('button', { name: 'Details' }).click();
    await page.getByText('Reason: ').first().waitFor();
    await shoot('admin-audit-log');

    // The day's sales and refunds are on the dashboard.
    await nav('Dashboard').click();
    await page.getByRole('img', { name: /^Purchases by source: Facebook ads [1-9]/ }).waitFor();
    await shoot('admin-dashboard');
    expect(errors).toEqual([]);
  });
});

/**
 * The console's session, for the test's own API calls: read from the browser's cookie jar (page
 * scripts cannot read it: it is HttpOnly) and sent as the cookie the console API takes.
 */
async function operatorCookie(): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies(`${baseUrl}/api/admin/session`)).find(
    (c) => c.name === 'episodic_operator',
  );
  if (!cookie) throw new Error('the console holds no operator cookie');
  return { cookie: `${cookie.name}=${cookie.value}` };
}
