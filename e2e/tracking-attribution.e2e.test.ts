import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { openPglite } from '../apps/server/src/db/connection';
import { startMetaReceiver, startTiktokReceiver, type Receiver } from '../apps/server/test/conversion-receivers';
import { apiFromPage, registerThroughForm, uniqueEmail } from './account-fixtures';
import { screenshot } from './browser';
import { expect, SERVER_FIXTURE, test as base, withOwnServer, type AppServer, type Phone } from './fixtures';
import { startPixelStandIns, type PixelCall, type PixelName, type PixelStandIns } from './pixel-stand-ins';
import { repoRoot, runNode } from './server-process';

const META_PIXEL = '123456789012345';
const GA_ID = 'G-E2ETEST01';
const TIKTOK_PIXEL = 'CE2ETIKTOK0001';
const BIGO_PIXEL = 'bigo-e2e-0001';
const PASSWORD = 'secret-pass-1';
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

interface StandIns {
  pixels: PixelStandIns;
  meta: Receiver;
  tiktok: Receiver;
}

let pixels: PixelStandIns;
let meta: Receiver;
let tiktok: Receiver;

/** Migrates a data folder and sets the four pixel ids as an operator would. */
async function prepareDataDir(dataDir: string): Promise<void> {
  const migrate = runNode(path.join(repoRoot, 'apps/server/dist/migrate.js'), [], { DATA_DIR: dataDir });
  if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    const values = {
      facebook_pixel_id: META_PIXEL,
      google_analytics: GA_ID,
      tiktok_pixel: TIKTOK_PIXEL,
      bigo_pixel: BIGO_PIXEL,
    };
    for (const [key, value] of Object.entries(values))
      await database.db.updateTable('settings').set({ config_value: value }).where('config_key', '=', key).execute();
  } finally {
    await database.close();
  }
}

function serverEnv({ pixels, meta, tiktok }: StandIns, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DEMO_CATALOG: 'false',
    META_PIXEL_SCRIPT_URL: pixels.scripts.meta,
    GOOGLE_ANALYTICS_SCRIPT_URL: pixels.scripts.ga,
    TIKTOK_PIXEL_SCRIPT_URL: pixels.scripts.tiktok,
    BIGO_PIXEL_SCRIPT_URL: pixels.scripts.bigo,
    META_CAPI_ACCESS_TOKEN: 'e2e-meta-token',
    META_CAPI_URL: `${meta.url}/v21.0`,
    TIKTOK_EVENTS_ACCESS_TOKEN: 'e2e-tiktok-token',
    TIKTOK_EVENTS_URL: `${tiktok.url}/open_api/v1.3`,
    CONVERSIONS_INTERVAL_SECONDS: '1',
    CONVERSIONS_RETRY_SECONDS: '1',
    ...extra,
  };
}

/** Every event the page reported to the server (checked against the server's records at the end). */
function collectReports(page: Page): Record<string, unknown>[] {
  const reports: Record<string, unknown>[] = [];
  const isReport = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/reports';
  // Counted when sent: a keepalive report sent just before the test moves the page to another address
  // reaches the server, but its response event may never come. One the server refused is taken out again.
  page.on('request', (request) => {
    if (isReport(request)) reports.push(request.postDataJSON() as Record<string, unknown>);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!isReport(request) || response.status() === 200) return;
    const refused = request.postDataJSON() as Record<string, unknown>;
    console.warn(`report ${String(refused.event_name)} ${String(refused.event_id)} answered ${response.status()}`);
    const index = reports.findIndex((r) => r.event_id === refused.event_id);
    if (index >= 0) reports.splice(index, 1);
  });
  return reports;
}

const callsOf = (pixel: PixelName, match: (args: unknown[]) => boolean): PixelCall[] =>
  pixels.calls.filter((c) => c.pixel === pixel && match(c.args));
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function eventually(check: () => void, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

interface Journey {
  page: Page;
  reports: Record<string, unknown>[];
  landingPageViews: string[];
  userId: string;
  orderId: string;
  email: string;
  requestedUrls: string[];
}

/** Lands from an ad with click ids and a referrer token, registers, and buys the monthly membership. */
async function landRegisterAndBuy(
  openPhone: () => Promise<Phone>,
  ids: { fbclid: string; ttclid: string; token: string },
  beforePaying?: () => void,
): Promise<Journey> {
  const { page, errors } = await openPhone();
  const reports = collectReports(page);
  const requestedUrls: string[] = [];
  page.on('request', (request) => requestedUrls.push(request.url()));

  await page.goto(`/?fbclid=${ids.fbclid}&ttclid=${ids.ttclid}&token=${ids.token}`);
  await eventually(() => {
    expect(reports.some((r) => r.event_name === 'PageView')).toBe(true);
  });
  const landingPageViews = reports.filter((r) => r.event_name === 'PageView').map((r) => String(r.event_id));

  const email = uniqueEmail('tracked');
  await page.goto('/register');
  await registerThroughForm(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/register');
  const user = await apiFromPage<{ id: string; isGuest: boolean }>(page, 'GET', '/api/user');
  expect(user.data.isGuest).toBe(false);

  await page.goto('/shopping');
  await page.getByRole('button', { name: /Subscribe for \$14\.99/ }).click();
  await page.waitForURL(/\/order\/easy\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  const emailField = page.getByLabel('Email');
  if (!(await emailField.inputValue())) await emailField.fill(email);
  await page.getByLabel('Expiry').fill(EXPIRY.replace('/', ''));
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  beforePaying?.();
  await page.getByRole('button', { name: 'Pay $14.99' }).click();
  await page.waitForURL(/\/order\/result\?orderId=/);
  await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
  await eventually(() => {
    expect(reports.map((r) => r.event_name)).toEqual(
      expect.arrayContaining(['CompleteRegistration', 'InitiateCheckout', 'AddPaymentInfo', 'Purchase', 'Subscribe']),
    );
  });
  expect(errors).toEqual([]);
  return { page, reports, landingPageViews, userId: user.data.id, orderId, email, requestedUrls };
}

/** The server's accepted deliveries of one event, by platform. */
function delivered(eventId: string) {
  const metaEvents = meta
    .accepted()
    .flatMap((r) => (r.body.data as Record<string, unknown>[]).filter((e) => e.event_id === eventId));
  const tiktokEvents = tiktok
    .accepted()
    .flatMap((r) => (r.body.data as Record<string, unknown>[]).filter((e) => e.event_id === eventId));
  return { meta: metaEvents, tiktok: tiktokEvents };
}

// The pixel libraries' and the ad platforms' stand-ins, and a server of this file's own for each describe
// (started on a migrated data folder with the pixel ids set).
const test = base.extend<
  Record<never, never>,
  { standIns: StandIns; attributionServer: AppServer; consentServer: AppServer }
>({
  standIns: [
    async ({}, use) => {
      const [p, m, t] = await Promise.all([startPixelStandIns(), startMetaReceiver(), startTiktokReceiver()]);
      [pixels, meta, tiktok] = [p, m, t];
      await use({ pixels: p, meta: m, tiktok: t });
      await Promise.all([p.close(), m.close(), t.close()]);
    },
    { scope: 'worker' },
  ],
  attributionServer: [
    async ({ standIns }, use) => withOwnServer(serverEnv(standIns), use, prepareDataDir),
    SERVER_FIXTURE,
  ],
  consentServer: [
    async ({ standIns }, use) => withOwnServer(serverEnv(standIns, { CONSENT_MODE: 'required' }), use, prepareDataDir),
    SERVER_FIXTURE,
  ],
});

test.describe('ad attribution, end to end', () => {
  // The journeys build on each other: in order, and the rest is skipped after a failure.
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: async ({ attributionServer }, use) => use(attributionServer.url) });
  let first: Journey;
  let second: Journey;
  /** The ids of every page view Meta's pixel saw in the first journey (each must be on the server). */
  let metaPageViews: string[] = [];

  test('lands from an ad, registers and buys: pixels and server reports share event ids, and each platform gets the conversion once', async ({
    openPhone,
  }) => {
    // The TikTok library's host does not answer at first: the pixel tries again after 2 seconds.
    pixels.holdNextTiktokScript();
    first = await landRegisterAndBuy(openPhone, {
      fbclid: 'IwAR0e2eFbClick',
      ttclid: 'E2E.tt.click',
      token: 'ref-e2e-1',
    });
    const { userId, orderId, reports, landingPageViews } = first;
    const registration = `registration-${userId}`;
    const purchase = `purchase-${orderId}`;
    const subscribe = `subscribe-${orderId}`;
    expect(reports.find((r) => r.event_name === 'Purchase')).toMatchObject({
      event_id: purchase,
      value: 14.99,
      currency: 'USD',
      custom_data: { order_id: orderId, currency: 'USD', value: 14.99 },
      action_source: 'website',
    });
    expect(reports.find((r) => r.event_name === 'CompleteRegistration')?.event_id).toBe(registration);
    expect(reports.find((r) => r.event_name === 'Subscribe')?.event_id).toBe(subscribe);

    await eventually(() => {
      // Meta: initialised with the configured pixel, every event with the id the server recorded.
      expect(callsOf('meta', (a) => a[0] === 'init')[0]?.args).toEqual(['init', META_PIXEL]);
      const pageViews = callsOf('meta', (a) => a[0] === 'track' && a[1] === 'PageView').map(
        (c) => (c.args[3] as { eventID: string }).eventID,
      );
      expect(pageViews).toContain(landingPageViews[0]);
      // Each is checked against the server's records once it has stopped (below): a report sent as the
      // journey moves the page on reaches the server though the browser may never show its request.
      metaPageViews = pageViews;
      expect(callsOf('meta', (a) => a[1] === 'CompleteRegistration').map((c) => c.args[3])).toEqual([
        { eventID: registration },
      ]);
      expect(callsOf('meta', (a) => a[1] === 'Purchase').map((c) => c.args.slice(2))).toEqual([
        [{ value: 14.99, currency: 'USD', order_id: orderId, content_type: 'membership' }, { eventID: purchase }],
      ]);
      expect(callsOf('meta', (a) => a[1] === 'Subscribe').map((c) => c.args[3])).toEqual([{ eventID: subscribe }]);

      // Google Analytics 4: its own event names, the same ids.
      expect(callsOf('ga', (a) => a[0] === 'config')[0]?.args).toEqual(['config', GA_ID, { send_page_view: false }]);
      expect(
        callsOf('ga', (a) => a[1] === 'page_view').map((c) => (c.args[2] as { event_id: string }).event_id),
      ).toContain(landingPageViews[0]);
      expect(callsOf('ga', (a) => a[1] === 'sign_up').map((c) => (c.args[2] as { event_id: string }).event_id)).toEqual(
        [registration],
      );
      expect(callsOf('ga', (a) => a[1] === 'purchase').map((c) => c.args[2])).toEqual([
        { event_id: purchase, value: 14.99, currency: 'USD', transaction_id: orderId },
      ]);

      // TikTok: loaded for the pixel code, page views with page(), events with their ids.
      expect(callsOf('tiktok', (a) => a[0] === 'load')[0]?.args).toEqual(['load', TIKTOK_PIXEL]);
      expect(callsOf('tiktok', (a) => a[0] === 'page').length).toBeGreaterThanOrEqual(1);
      expect(callsOf('tiktok', (a) => a[1] === 'CompleteRegistration').map((c) => c.args[3])).toEqual([
        { event_id: registration },
      ]);
      expect(callsOf('tiktok', (a) => a[1] === 'Purchase').map((c) => c.args[3])).toEqual([{ event_id: purchase }]);

      // Bigo: its standard web events.
      expect(callsOf('bigo', (a) => a[0] === 'init')[0]?.args).toEqual(['init', BIGO_PIXEL]);
      expect(
        callsOf('bigo', (a) => a[1] === 'page_view').map((c) => (c.args[2] as { event_id: string }).event_id),
      ).toContain(landingPageViews[0]);
      expect(
        callsOf('bigo', (a) => a[1] === 'ec_register').map((c) => (c.args[2] as { event_id: string }).event_id),
      ).toEqual([registration]);
      expect(callsOf('bigo', (a) => a[1] === 'ec_purchase').map((c) => c.args[2])).toEqual([
        { event_id: purchase, value: 14.99, currency: 'USD', order_id: orderId },
      ]);
    });

    // The first TikTok script never arrived; the retry loaded it.
    const tiktokScripts = pixels.scriptRequests.filter((r) => r.pixel === 'tiktok');
    expect(tiktokScripts.length).toBeGreaterThanOrEqual(2);
    expect(tiktokScripts[0]?.url).toBe(`/i18n/pixel/events.js?sdkid=${TIKTOK_PIXEL}&lib=ttq`);

    // Server to server: one Purchase per platform, with the click ids and the right amounts.
    await eventually(() => {
      expect(delivered(purchase).meta).toHaveLength(1);
      expect(delivered(purchase).tiktok).toHaveLength(1);
      expect(delivered(registration).meta).toHaveLength(1);
    });
    const metaPurchase = delivered(purchase).meta[0] as {
      event_name: string;
      user_data: Record<string, unknown>;
      custom_data: Record<string, unknown>;
    };
    expect(metaPurchase.event_name).toBe('Purchase');
    expect(metaPurchase.custom_data).toEqual({ value: 14.99, currency: 'USD', order_id: orderId });
    expect(metaPurchase.user_data.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR0e2eFbClick$/);
    expect(metaPurchase.user_data.em).toEqual([sha256(first.email.toLowerCase())]);
    expect(metaPurchase.user_data.client_user_agent).toMatch(/iPhone/);
    const tiktokPurchase = delivered(purchase).tiktok[0] as {
      event: string;
      user: Record<string, unknown>;
      properties: Record<string, unknown>;
    };
    expect(tiktokPurchase.event).toBe('Purchase');
    expect(tiktokPurchase.user.ttclid).toBe('E2E.tt.click');
    expect(tiktokPurchase.properties).toMatchObject({ value: 14.99, currency: 'USD', order_id: orderId });
    expect(delivered(subscribe).meta).toHaveLength(1);

    // Error reporting is off (no DSN in this build): its code is not even part of the build, and nothing
    // of Sentry was requested.
    const manifest = JSON.parse(
      await fs.readFile(
        path.join(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'), '.vite/manifest.json'),
        'utf8',
      ),
    ) as Record<string, { file: string }>;
    expect(Object.keys(manifest).filter((key) => key.includes('@sentry'))).toEqual([]);
    expect(first.requestedUrls.filter((url) => /sentry/i.test(url))).toEqual([]);
    await first.page.context().close();
  });

  test('delivers once when the ad platforms fail at first', async ({ openPhone }) => {
    const failedBefore = {
      meta: meta.requests.filter((r) => r.status === 500).length,
      tiktok: tiktok.requests.filter((r) => r.status === 500).length,
    };
    second = await landRegisterAndBuy(
      openPhone,
      { fbclid: 'IwAR0e2eSecond', ttclid: 'E2E.tt.second', token: 'ref-e2e-2' },
      () => {
        meta.failNext(2);
        tiktok.failNext(2);
      },
    );
    const purchase = `purchase-${second.orderId}`;
    const subscribe = `subscribe-${second.orderId}`;
    await eventually(() => {
      expect(delivered(purchase).meta).toHaveLength(1);
      expect(delivered(subscribe).meta).toHaveLength(1);
      expect(delivered(purchase).tiktok).toHaveLength(1);
      expect(delivered(subscribe).tiktok).toHaveLength(1);
    }, 30_000);
    expect(meta.requests.filter((r) => r.status === 500).length - failedBefore.meta).toBe(2);
    expect(tiktok.requests.filter((r) => r.status === 500).length - failedBefore.tiktok).toBe(2);
    // Nothing more arrives later: each conversion was delivered once.
    await new Promise((r) => setTimeout(r, 3000));
    expect(delivered(purchase).meta).toHaveLength(1);
    expect(delivered(purchase).tiktok).toHaveLength(1);
    expect((delivered(purchase).meta[0] as { user_data: { fbc: string } }).user_data.fbc).toMatch(/\.IwAR0e2eSecond$/);
    await second.page.context().close();
  });

  test('copied the click ids and the referrer token onto each order', async ({ attributionServer: server }) => {
    expect(await server.stop()).toBe(0);
    const database = await openPglite(path.join(server.dataDir!, 'db'));
    try {
      const orders = await database.db
        .selectFrom('orders')
        .select(['id', 'attribution'])
        .where('id', 'in', [first.orderId, second.orderId])
        .execute();
      const byId = Object.fromEntries(orders.map((o) => [o.id, o.attribution]));
      expect(byId[first.orderId]).toMatchObject({
        fbclid: 'IwAR0e2eFbClick',
        ttclid: 'E2E.tt.click',
        refererToken: 'ref-e2e-1',
        firstTouch: { fbclid: 'IwAR0e2eFbClick', ttclid: 'E2E.tt.click', refererToken: 'ref-e2e-1' },
        lastTouch: { fbclid: 'IwAR0e2eFbClick', ttclid: 'E2E.tt.click', refererToken: 'ref-e2e-1' },
      });
      expect(String((byId[first.orderId] as { firstTouch: { landingUrl: string } }).firstTouch.landingUrl)).toContain(
        'fbclid=IwAR0e2eFbClick',
      );
      expect(byId[second.orderId]).toMatchObject({
        fbclid: 'IwAR0e2eSecond',
        ttclid: 'E2E.tt.second',
        refererToken: 'ref-e2e-2',
      });
      // The events the pixels saw are the events the server recorded, with the same ids and the visitor's click ids.
      const ids = [
        ...new Set([first.landingPageViews[0]!, ...metaPageViews]),
        `registration-${first.userId}`,
        `purchase-${first.orderId}`,
        `subscribe-${first.orderId}`,
      ];
      const recorded = await database.db
        .selectFrom('tracking_events')
        .select(['event_id', 'event_name', 'user_id', 'fbclid', 'ttclid', 'referer_token', 'user_agent'])
        .where('event_id', 'in', ids)
        .execute();
      expect(recorded.map((r) => r.event_id).sort()).toEqual([...ids].sort());
      for (const row of recorded)
        expect(row).toMatchObject({
          user_id: first.userId,
          fbclid: 'IwAR0e2eFbClick',
          ttclid: 'E2E.tt.click',
          referer_token: 'ref-e2e-1',
          user_agent: expect.stringContaining('iPhone'),
        });
      const outbox = await database.db
        .selectFrom('conversion_outbox')
        .select(['event_id', 'platform', 'status'])
        .where('event_id', '=', `purchase-${second.orderId}`)
        .execute();
      expect(outbox.map((r) => [r.platform, r.status]).sort()).toEqual([
        ['meta', 'delivered'],
        ['tiktok', 'delivered'],
      ]);
    } finally {
      await database.close();
    }
  });
});

test.describe('consent required', () => {
  test.use({ baseURL: async ({ consentServer }, use) => use(consentServer.url) });

  test('loads no pixel until "Accept", then starts them with consent signals and remembers the answer', async ({
    page,
    pageErrors: errors,
    consentServer: server,
  }) => {
    const reports = collectReports(page);
    const scriptsBefore = pixels.scriptRequests.length;
    const callsBefore = pixels.calls.length;
    await page.goto('/?fbclid=IwAR0consent');
    const banner = page.getByRole('dialog', { name: 'Ads and measurement' });
    await banner.waitFor();
    await screenshot(page, 'tracking-consent-banner');
    await eventually(() => {
      expect(reports.some((r) => r.event_name === 'PageView')).toBe(true);
    });
    await page.waitForTimeout(1500);
    expect(pixels.scriptRequests.length).toBe(scriptsBefore);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    const landing = String(reports.find((r) => r.event_name === 'PageView')?.event_id);
    await eventually(() => {
      const calls = pixels.calls.slice(callsBefore).filter((c) => c.page.startsWith(server.url));
      const metaCalls = calls.filter((c) => c.pixel === 'meta').map((c) => c.args);
      expect(metaCalls.slice(0, 3)).toEqual([
        ['consent', 'grant'],
        ['init', META_PIXEL],
        ['track', 'PageView', {}, { eventID: landing }],
      ]);
      const gaConsent = calls
        .filter((c) => c.pixel === 'ga' && c.args[0] === 'consent')
        .map((c) => [c.args[1], (c.args[2] as { ad_storage: string }).ad_storage]);
      expect(gaConsent).toEqual([
        ['default', 'denied'],
        ['update', 'granted'],
      ]);
      expect(calls.some((c) => c.pixel === 'tiktok' && c.args[0] === 'grantConsent')).toBe(true);
    });
    await eventually(() => {
      expect(reports.find((r) => r.event_name === 'consent_update')).toMatchObject({ consent: 'granted' });
    });

    // Next visit: no question, the pixels start at once.
    const scriptsAtReload = pixels.scriptRequests.length;
    await page.reload();
    await page.locator('footer').getByRole('button', { name: 'Privacy choices' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Ads and measurement' }).count()).toBe(0);
    await eventually(() => {
      expect(pixels.scriptRequests.length).toBeGreaterThan(scriptsAtReload);
    });
    expect(errors).toEqual([]);
  });
});
