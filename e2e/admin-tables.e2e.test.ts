import fs from 'node:fs/promises';
import { devices, type BrowserContextOptions, type Download, type Page } from '@playwright/test';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test as base } from './fixtures';

// The console's tables people work in: a filtered, sorted, paged list survives opening a row and
// coming Back (and a reload), and the CSV downloads hold what the list shows.

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };

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
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const BUYER = `tables-${stamp}@e2e.test`;
/** More than a page of orders (25), in three prices. */
const PLANS = ['coins-300', 'coins-1000', 'coins-2500'];
const ORDERS = 27;
let baseUrl: string;

async function api<T>(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'x-user-token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { ...((await res.json()) as { code: number; data: T }), token: res.headers.get('x-user-token') };
}

/** Reads a downloaded CSV file as rows of fields (RFC 4180; the byte-order mark dropped). */
async function csvOf(download: Download): Promise<string[][]> {
  const text = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

async function download(page: Page, link: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  return file;
}

test.beforeAll(async ({ appServer }) => {
  baseUrl = appServer.url;
  const registered = await api('POST', '/api/user/register', {
    email: BUYER,
    password: 'buyer password 1',
    confirmPassword: 'buyer password 1',
    agree: true,
  });
  const token = registered.token!;
  const expiry = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
  const card = { number: '4242 4242 4242 4242', expiry, cvv: '123', firstName: 'Ana', lastName: 'Lima', email: BUYER };
  for (let i = 0; i < ORDERS; i++) {
    const order = await api<{ id: string }>('POST', '/api/payment/order', { planId: PLANS[i % 3] }, token);
    const paid = await api<{ status: string }>(
      'POST',
      '/api/payment/pay',
      { orderId: order.data.id, method: 'card', card, agree: true },
      token,
    );
    expect(paid.data.status).toBe('paid');
  }
});

test.describe('tables in the operator console', () => {
  test('a filtered, sorted second page of orders survives opening an order, Back and a reload', async ({ page }) => {
    await page.goto('/admin/commerce');
    await page.getByLabel('Search').fill(`tables-${stamp}`);
    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`1–25 of ${ORDERS}`)).toBeVisible();
    await page.getByRole('button', { name: /^Amount/ }).click();
    await expect(page.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('button', { name: /^Amount/ }).click();
    await expect(page.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`26–${ORDERS} of ${ORDERS}`)).toBeVisible();
    const view = `?q=tables-${stamp}&status=paid&sort=amount&dir=asc&page=2`;
    expect(new URL(page.url()).search).toBe(view);
    // Ascending by amount: the second page holds the dearest packs.
    await expect(page.locator('tbody tr').first()).toContainText('$19.99');
    await screenshot(page, 'admin-tables-orders');

    await page.getByRole('link', { name: 'Open' }).first().click();
    await page.getByRole('heading', { level: 1, name: /\$19\.99/ }).waitFor();
    await page.goBack();
    expect(new URL(page.url()).search).toBe(view);
    await expect(page.getByText(`26–${ORDERS} of ${ORDERS}`)).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue(`tables-${stamp}`);
    await expect(page.getByLabel('Status')).toHaveValue('paid');
    await expect(page.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');

    await page.reload();
    await expect(page.getByText(`26–${ORDERS} of ${ORDERS}`)).toBeVisible();
    // A page past the end says so instead of showing an empty table.
    await page.goto(`/admin/commerce?q=tables-${stamp}&page=9`);
    await expect(page.getByText('This page is past the last one.')).toBeVisible();
  });

  test('downloads the orders and accounts the filters find, every page, as CSV', async ({ page }) => {
    await page.goto(`/admin/commerce?q=tables-${stamp}&status=paid&sort=amount&dir=desc&page=2`);
    await expect(page.getByText(`26–${ORDERS} of ${ORDERS}`)).toBeVisible();
    const orders = await download(page, 'Download orders (CSV)');
    expect(orders.suggestedFilename()).toMatch(/^episodic-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = await csvOf(orders);
    const col = (name: string) => header!.indexOf(name);
    // Every page, not the one on screen; in the list's order; money as decimals, UTC times.
    expect(rows).toHaveLength(ORDERS);
    expect(rows.every((r) => r[col('Buyer email')] === BUYER && r[col('Status')] === 'paid')).toBe(true);
    const amounts = rows.map((r) => Number(r[col('Amount')]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(rows[0]![col('Amount')]).toBe('19.99');
    expect(rows[0]![col('Currency')]).toBe('USD');
    expect(rows[0]![col('Opened (UTC)')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    await page.goto(`/admin/users?q=tables-${stamp}`);
    await expect(page.getByRole('link', { name: BUYER })).toBeVisible();
    const users = await download(page, 'Download accounts (CSV)');
    expect(users.suggestedFilename()).toMatch(/^episodic-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const [userHeader, ...userRows] = await csvOf(users);
    expect(userRows.map((r) => r[userHeader!.indexOf('Email')])).toEqual([BUYER]);
    expect(userRows[0]![userHeader!.indexOf('Paid orders')]).toBe(String(ORDERS));
  });

  test('a saved setting is confirmed, and the audit log shows it readably and downloads it', async ({ page }) => {
    // A value built to break a CSV file and to run as a spreadsheet formula.
    const hostile = `=cmd|' /c calc'!A0, "quoted" ${stamp}`;
    await page.goto('/admin/settings');
    await page.getByLabel('New key').fill(`tables_${stamp}`);
    await page.getByLabel('Value', { exact: true }).fill('first');
    await page.getByRole('button', { name: 'Add key' }).click();
    const input = page.getByLabel(`Value of tables_${stamp}`);
    await input.fill(hostile);
    await input.locator('xpath=ancestor::tr').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. Viewers see the change now.')).toBeVisible();
    await screenshot(page, 'admin-tables-settings-saved');
    await page.getByLabel(`Value of tables_${stamp}`).fill('edited again');
    await expect(page.getByText('Saved. Viewers see the change now.')).toBeHidden();

    await page.goto('/admin/audit-log');
    await page.getByLabel('Action').fill('setting');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(new URL(page.url()).search).toBe('?action=setting');
    const row = page.locator('tbody tr', { hasText: `tables_${stamp}` }).first();
    // The operator's address, and a time to the second.
    await expect(row).toContainText(/127\.0\.0\.1|::1/);
    await expect(row.locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
    await expect(row.getByRole('link', { name: /^Setting/ })).toHaveAttribute('href', '/admin/settings');
    await row.getByRole('button', { name: 'Details' }).click();
    await screenshot(page, 'admin-tables-audit');

    const log = await download(page, 'Download log (CSV)');
    expect(log.suggestedFilename()).toMatch(/^episodic-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = await csvOf(log);
    expect(rows.every((r) => r[header!.indexOf('Action')]!.startsWith('setting.'))).toBe(true);
    const change = rows.find(
      (r) => r[header!.indexOf('After')]!.includes(stamp) && r[header!.indexOf('After')]!.includes('cmd'),
    )!;
    expect(JSON.parse(change[header!.indexOf('After')]!)).toEqual({ value: hostile });
    expect(change[header!.indexOf('Operator address')]).toMatch(/127\.0\.0\.1|::1/);
  });
});
