import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiFromPage } from './account-fixtures';
import { screenshotDir } from './browser';
import { test } from './fixtures';
import { loopEpisodes, waitForPlayableSeries, waitUntilPlaying } from './player-helpers';

const LANGUAGES = ['en', 'es', 'fy', 'dy', 'pt'] as const;
type Language = (typeof LANGUAGES)[number];
const outDir = path.join(screenshotDir, 'languages');
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

type Messages = Record<string, unknown>;
const messages = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/shared/i18n/locales/${lang}.json`), 'utf8'),
    ) as Messages,
  ]),
) as Record<Language, Messages>;

/** A message of the viewer app in a language, by its dotted key. */
function msg(lang: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages[lang]);
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${lang}`);
  return value;
}

async function shot(page: Page, lang: Language, name: string): Promise<void> {
  fs.mkdirSync(path.join(outDir, lang), { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, lang, `${name}.png`) });
}

/** One picture per screen with the five languages side by side, to read them together. */
function contactSheets(): void {
  const names = fs.readdirSync(path.join(outDir, 'en')).filter((n) => n.endsWith('.png'));
  for (const name of names) {
    const inputs = LANGUAGES.map((lang) => path.join(outDir, lang, name)).filter((f) => fs.existsSync(f));
    if (inputs.length < 2) continue;
    spawnSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs.flatMap((f) => ['-i', f]),
      '-filter_complex',
      `${inputs.map((_, i) => `[${String(i)}:v]scale=390:-1[v${String(i)}]`).join(';')};${inputs.map((_, i) => `[v${String(i)}]`).join('')}hstack=inputs=${String(inputs.length)}`,
      path.join(outDir, `all-${name}`),
    ]);
  }
}

test.describe.configure({ mode: 'serial' });

test.afterAll(() => contactSheets());

for (const lang of LANGUAGES) {
  test(`viewer screens in ${lang}`, async ({ browser, baseURL }) => {
    const series = await waitForPlayableSeries(baseURL!);
    const context = await browser.newContext({ ...test.info().project.use, baseURL });
    await context.addInitScript((language) => localStorage.setItem('language', language), lang);
    const page = await context.newPage();
    await loopEpisodes(page);

    await page.goto('/');
    await page.locator('[data-page="home"]').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, lang, '01-home');
    const banner = page.getByTestId('consent-banner');
    if (await banner.count()) await banner.getByRole('button', { name: msg(lang, 'consent.reject') }).click();
    const ranked = page.locator('[data-page="home"] ol').first();
    if (await ranked.count()) {
      await ranked.scrollIntoViewIfNeeded();
      await shot(page, lang, '02-home-ranked');
    }

    await page.goto('/forYou');
    await waitUntilPlaying(page);
    await shot(page, lang, '03-for-you');

    await page.goto(`/videos/${String(series.id)}?ep=1`);
    await waitUntilPlaying(page, 1);
    await shot(page, lang, '04-player');
    // The title opens the info sheet (the chrome may have hidden itself meanwhile).
    await page.locator('h1 button').click();
    await page.getByTestId('info-sheet').waitFor();
    await shot(page, lang, '05-info-sheet');
    await page.keyboard.press('Escape');

    await page.goto(`/videos/${String(series.id)}?ep=${String(series.firstLocked.number)}`);
    const panel = page.getByTestId('locked-panel');
    await panel.waitFor();
    await shot(page, lang, '06-paywall');
    await page.goto('/shopping');
    await page.waitForLoadState('networkidle');
    await shot(page, lang, '07-shopping');

    await page.goto('/');
    await page.locator('[data-page="home"]').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, lang, '08-home-continue-watching');

    await page.goto('/search');
    await page.waitForLoadState('networkidle');
    await shot(page, lang, '09-search');

    await page.goto('/wallet');
    await page.locator('[data-page="wallet"]').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, lang, '10-wallet');

    // A membership bought in the sandbox, for the account page's plan line.
    const plans = await apiFromPage<{ id: string; kind: string }[]>(page, 'GET', '/api/plan');
    const plan = plans.data.find((p) => p.kind === 'membership');
    if (plan) {
      const order = await apiFromPage<{ id: string }>(page, 'POST', '/api/payment/order', { planId: plan.id });
      const paid = await apiFromPage<{ status: string }>(page, 'POST', '/api/payment/pay', {
        orderId: order.data.id,
        method: 'card',
        agree: true,
        card: {
          number: '4242424242424242',
          expiry: EXPIRY,
          cvv: '123',
          firstName: 'Ana',
          lastName: 'Lima',
          email: 'buyer@episodic.test',
        },
      });
      // The account page's plan line needs the membership: a refused payment stops the run here.
      if (paid.code !== 200 || paid.data.status !== 'paid')
        throw new Error(`membership not bought: ${JSON.stringify(paid)}`);
    }
    await page.goto('/my');
    await page.waitForLoadState('networkidle');
    await shot(page, lang, '11-my-member');

    await page.goto('/no-such-page');
    await page.waitForLoadState('networkidle');
    await shot(page, lang, '12-not-found');
    await context.close();
  });
}
