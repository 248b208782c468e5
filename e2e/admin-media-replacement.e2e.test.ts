import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { devices, type Page } from '@playwright/test';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './fixtures';
import { loopEpisodes, waitUntilPlaying } from './player-helpers';

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
test.use(DESKTOP);

const stamp = Date.now().toString(36);
const UNREADABLE = (file: string) =>
  `“${file}” could not be read as a video. Export it again as MP4 (H.264) and upload it.`;

/** The console's own calls, made with the signed-in operator's cookie. */
async function consoleApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { 'content-type': 'application/json', origin: new URL(page.url()).origin },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  expect(envelope.code, envelope.message).toBe(200);
  return envelope.data;
}

/** A viewer's call to the API, as the holder of a session token. */
async function viewerApi<T>(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-user-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { ...((await res.json()) as { code: number; data: T }), token: res.headers.get('x-user-token') };
}

/** A viewer who bought two coin packs today; answers the orders. */
async function buyTwoPacks(base: string): Promise<string[]> {
  const email = `replacement-${stamp}@episodic.test`;
  const password = 'buyer password 1';
  const { token } = await viewerApi(base, '/api/user/register', {
    email,
    password,
    confirmPassword: password,
    agree: true,
  });
  const expiry = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
  const card = { number: '4242 4242 4242 4242', expiry, cvv: '123', firstName: 'Ana', lastName: 'Lima', email };
  const orders: string[] = [];
  for (const planId of ['coins-1000', 'coins-300']) {
    const order = await viewerApi<{ id: string }>(base, '/api/payment/order', { planId }, token!);
    const paid = await viewerApi<{ status: string }>(
      base,
      '/api/payment/pay',
      { orderId: order.data.id, method: 'card', card, agree: true },
      token!,
    );
    expect(paid.data.status).toBe('paid');
    orders.push(order.data.id);
  }
  return orders;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

async function makeClip(file: string): Promise<void> {
  await promisify(execFile)('/usr/bin/ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=15:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
}

test('a replacement video that cannot be read leaves the published one playing, and the row says why', async ({
  page,
  browser,
  appServer,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  // The dashboard's money figures, as an operator sees them at 1440 × 900: two sales, one refunded.
  const [, refunded] = await buyTwoPacks(appServer.url);
  await consoleApi(page, 'POST', `/api/admin/orders/${refunded}/refund`, { reason: 'Bought by mistake' });
  await page.reload();
  await page.getByText('Net revenue').waitFor();
  await expect(page.getByText(/^\d+ refunds? made in the period$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'admin-dashboard');
  // A period that ends before it starts: the server's refusal shows on the field.
  await page.getByLabel('From', { exact: true }).fill('2026-03-10');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await expect(page.getByText('Net revenue')).toHaveCount(0);
  await screenshot(page, 'admin-dashboard-range-refused');

  const series = await consoleApi<{ id: number }>(page, 'POST', '/api/admin/series', {
    texts: { en: { title: `Second Take ${stamp}`, synopsis: 'A video replaced.' } },
  });
  await consoleApi(page, 'POST', `/api/admin/series/${series.id}/episodes`, {
    titles: { en: 'The audition' },
    free: true,
  });
  await page.goto(`/admin/content/series/${series.id}`);
  const row = page.locator('tr[data-episode]').first();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replacement-'));
  const good = path.join(dir, 'audition.mp4');
  await makeClip(good);
  await row.getByLabel('Video file for episode 1', { exact: true }).setInputFiles(good);
  await row.getByText(/^Video ready/).waitFor({ timeout: 120_000 });
  await row.getByRole('button', { name: 'Publish' }).click();
  await row.getByRole('button', { name: 'Unpublish' }).waitFor();
  await page.getByRole('button', { name: 'Publish series' }).click();
  await page.getByRole('button', { name: 'Unpublish series' }).waitFor();

  // The operator picks the wrong file: bytes that are no video, named like one.
  const broken = path.join(dir, 'clip.mov');
  await fs.writeFile(broken, randomBytes(256 * 1024));
  await row.getByLabel('Video file for episode 1', { exact: true }).setInputFiles(broken);
  await row.getByText('Replacement failed; the previous video is still live').waitFor({ timeout: 120_000 });
  await expect(row.getByText(UNREADABLE('clip.mov'))).toBeVisible();
  await expect(row.getByText('Replace video')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'admin-replacement-failed');
  await fs.rm(dir, { recursive: true, force: true });

  // A viewer's phone still plays the episode, its old video.
  const viewer = await browser.newContext({ ...devices['iPhone 13'], baseURL: appServer.url, storageState: undefined });
  const phone = await viewer.newPage();
  await loopEpisodes(phone);
  await phone.goto(`/videos/${series.id}?ep=1`);
  await waitUntilPlaying(phone);
  await viewer.close();
});
