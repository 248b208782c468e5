import { VIEWER_ROUTES } from '@episodic/contract/constants';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility';
import { registerThroughForm, uniqueEmail } from './account-fixtures';
import { expect } from './fixtures';
import { payWithSandboxCard, spendBelow } from './paywall-helpers';
import { holdEpisode, loopEpisodes, playerTest as test, waitUntilPlaying, type PlayableSeries } from './player-helpers';

type ViewerRoute = (typeof VIEWER_ROUTES)[number];

interface Ids {
  series: PlayableSeries;
  category: number;
  section: number;
}

/** A category and a home section of the server's catalog, whatever its size. */
async function catalogIds(baseUrl: string, series: PlayableSeries): Promise<Ids> {
  const get = async <T>(path: string) => ((await (await fetch(`${baseUrl}${path}`)).json()) as { data: T }).data;
  const tags = await get<{ id: number }[]>('/api/tag');
  const home = await get<{ sections: { id: number; kind: string }[] }>('/api/homepage');
  const section = home.sections.find((s) => s.kind === 'curated') ?? home.sections[0];
  if (!tags[0] || !section) throw new Error('the catalog has no category or no home section');
  return { series, category: tags[0].id, section: section.id };
}

/** Where the journey opens each route: typed on the contract's list, so a new route cannot be left out. */
function addresses({ series, category, section }: Ids): Record<ViewerRoute, string> {
  return {
    '': '/',
    forYou: '/forYou',
    'browse/:id': `/browse/${String(category)}`,
    'more/:id': `/more/${String(section)}`,
    'videos/:id': `/videos/${String(series.id)}?ep=1`,
    individual: '/individual',
    my: '/my',
    login: '/login',
    retrievePassword: '/retrievePassword',
    register: '/register',
    favorites: '/favorites',
    historys: '/historys',
    unlocked: '/unlocked',
    wallet: '/wallet',
    search: '/search',
    'searchDetail/:id': '/searchDetail/love',
    shopping: '/shopping',
    privacyPolicy: '/privacyPolicy',
    refundPolicy: '/refundPolicy',
    serviceAgreement: '/serviceAgreement',
    contentPolicy: '/contentPolicy',
    commonQuestions: '/commonQuestions',
    contactUs: '/contactUs',
    'order/result': '/order/result',
    'order/easy': '/order/easy',
  };
}

/** Waits until the page shows its data: drawn, and no placeholder or spinner left. */
async function settled(page: Page): Promise<void> {
  await page.locator('[data-page]').first().waitFor();
  await expect(page.locator('.skeleton, .animate-spin')).toHaveCount(0);
}

/** Waits until the player plays, then pauses it: its controls stay on screen. */
async function playerShown(page: Page): Promise<void> {
  await waitUntilPlaying(page);
  await holdEpisode(page);
  await page.locator('[data-controls-visible="true"]').first().waitFor();
}

/** Tab and Shift+Tab, once round the sheet and a step more each way: focus never leaves it. */
async function tabStaysInside(page: Page, sheet: Locator): Promise<void> {
  const inside = () => sheet.evaluate((dialog) => dialog.contains(document.activeElement));
  expect(await inside(), 'focus is in the sheet as it opens').toBe(true);
  const stops = await sheet.evaluate(
    (dialog) =>
      dialog.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]',
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= stops; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} ${String(i + 1)} left the sheet`).toBe(true);
    }
  }
}

/**
 * Opens a sheet with the keyboard from `opener`, runs `meanwhile` while it is open, checks that Tab
 * stays inside it, closes it with Escape and checks that focus is back on the opener.
 */
async function checkSheetFocus(
  page: Page,
  opener: Locator,
  sheet: Locator,
  meanwhile: () => Promise<void>,
): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await sheet.waitFor();
  await meanwhile();
  await tabStaysInside(page, sheet);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('accessibility (axe: WCAG 2.1 A and AA, no serious or critical violation)', () => {
  // Each journey has a page of its own: the two workers share them out.
  test.describe.configure({ mode: 'parallel' });

  // One test per route of the contract, so a new route is checked without being listed here, and a slow
  // machine spends the timeout on one page, not on all of them.
  for (const route of VIEWER_ROUTES) {
    test(`/${route}${route === 'videos/:id' || route === 'forYou' ? ' (with the controls shown)' : ''}`, async ({
      page,
      pageErrors: errors,
      series,
      appServer,
    }) => {
      await loopEpisodes(page);
      const routes: Partial<Record<string, string>> = addresses(await catalogIds(appServer.url, series));
      // Journeys run without the type check: a route added to the contract fails here until it has an address.
      const address = routes[route];
      if (address === undefined) throw new Error(`no address to check /${route} at: add it to addresses()`);
      await page.goto(address);
      await (route === 'videos/:id' || route === 'forYou' ? playerShown(page) : settled(page));
      expect(await page.locator('[data-page="not-found"]').count(), `${address} shows its page`).toBe(0);
      await expectNoSeriousViolations(page, `/${route} (${address})`);
      expect(errors).toEqual([]);
    });
  }

  test('home in German, and not found', async ({ page, pageErrors: errors }) => {
    await page.goto('/no/such/place');
    await page.locator('[data-page="not-found"]').waitFor();
    await expectNoSeriousViolations(page, 'not found');

    await page.goto('/');
    await page.getByRole('combobox', { name: /Language/ }).selectOption('dy');
    await page.locator('html[lang="de"]').waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'home (German)');
    expect(errors).toEqual([]);
  });

  test('the header: categories sheet, search with suggestions, the consent banner', async ({
    page,
    pageErrors: errors,
  }) => {
    // The operator requires consent: the banner shows over the first page.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { tracking: Record<string, unknown> } };
      answer.data.tracking.consentMode = 'required';
      await route.fulfill({ response, json: answer });
    });
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Ads and measurement' });
    await banner.waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'consent banner');
    await banner.getByRole('button', { name: 'Reject' }).click();
    await banner.waitFor({ state: 'detached' });

    await checkSheetFocus(
      page,
      page.getByRole('button', { name: 'Categories' }),
      page.getByRole('dialog', { name: 'Categories' }),
      async () => {
        await page.getByRole('dialog', { name: 'Categories' }).getByRole('link').first().waitFor();
        await expectNoSeriousViolations(page, 'categories sheet');
      },
    );

    await page.goto('/search');
    await page.getByRole('searchbox').fill('the');
    await page.getByRole('region', { name: 'Suggestions' }).getByRole('link').first().waitFor();
    await expectNoSeriousViolations(page, 'search suggestions');
    expect(errors).toEqual([]);
  });

  test("the player's sheets (focus kept inside, back on the opener), share and the paywall", async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    test.setTimeout(90_000);
    await loopEpisodes(page);
    // The player and the feed themselves are checked with the routes.
    await page.goto(`/videos/${String(series.id)}?ep=1`);
    await playerShown(page);

    await checkSheetFocus(
      page,
      page.getByRole('button', { name: 'Episodes' }).last(),
      page.getByRole('dialog', { name: 'Episodes' }),
      () => expectNoSeriousViolations(page, 'episode sheet'),
    );
    await checkSheetFocus(
      page,
      page.getByRole('button', { name: series.title }),
      page.getByRole('dialog', { name: series.title }),
      () => expectNoSeriousViolations(page, 'info sheet'),
    );
    await checkSheetFocus(
      page,
      page.getByRole('button', { name: 'Playback settings' }),
      page.getByRole('dialog', { name: 'Playback settings' }),
      () => expectNoSeriousViolations(page, 'settings sheet'),
    );
    // Without a share sheet the link is copied and a toast says so.
    await page.evaluate(() => {
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('status').filter({ hasText: /cop/i }).first().waitFor();
    await expectNoSeriousViolations(page, 'share toast');

    // A guest's locked episode: coins short, "Get coins" and the packs.
    const locked = series.firstLocked;
    await page.goto(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    const paywall = page.getByRole('dialog', { name: `EP ${String(locked.number)} is locked` });
    await paywall.getByRole('link', { name: 'Get coins' }).waitFor();
    await paywall.getByTestId('coin-packs').locator('li').first().waitFor();
    await expectNoSeriousViolations(page, 'paywall (coins short)');
    await tabStaysInside(page, paywall);
    await page.keyboard.press('Escape');
    await expect(paywall).toBeHidden();
    // Closed, the locked episode keeps a way to open it again.
    await checkSheetFocus(page, page.getByRole('button', { name: `Unlock EP ${String(locked.number)}` }), paywall, () =>
      expectNoSeriousViolations(page, 'paywall opened again'),
    );
    expect(errors).toEqual([]);
  });

  test('forms with their errors shown', async ({ page, pageErrors: errors }) => {
    const forms: [string, string, string][] = [
      ['/login', 'Sign in', 'sign-in form'],
      ['/register', 'Create account', 'registration form'],
      ['/retrievePassword', 'Send link', 'password reset form'],
      ['/contactUs', 'Send message', 'contact form'],
    ];
    for (const [path, submit, label] of forms) {
      await page.goto(path);
      await page.getByRole('button', { name: submit, exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectNoSeriousViolations(page, `${label} with errors`);
    }
    expect(errors).toEqual([]);
  });

  test('a signed-in viewer: checkout with card errors, the result, wallet, account dialogs and the one-tap paywall', async ({
    page,
    pageErrors: errors,
    series,
  }) => {
    test.setTimeout(150_000);
    // Through the form, so the app keeps the account's session as a viewer's would.
    await page.goto('/register');
    await registerThroughForm(page, uniqueEmail('a11y'), 'access1234');
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));

    await page.goto('/shopping');
    await page.getByTestId('coin-pack').first().waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'plans (signed in)');
    await page.getByRole('button', { name: /Buy 300 coins for \$2\.99/ }).click();
    await page.waitForURL(/\/order\/easy\?orderId=/);
    await page.getByTestId('order-summary').waitFor();
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByText('Please enter your card number.').waitFor();
    await expectNoSeriousViolations(page, 'card form with errors');
    await payWithSandboxCard(page, '$2.99');
    await settled(page);
    await expectNoSeriousViolations(page, 'order result (paid)');

    for (const path of ['/wallet', '/my', '/individual']) {
      await page.goto(path);
      await settled(page);
      await expectNoSeriousViolations(page, `${path} (signed in)`);
    }
    await checkSheetFocus(
      page,
      page.getByRole('button', { name: 'Sign out everywhere' }),
      page.getByRole('alertdialog', { name: 'Sign out on every device?' }),
      () => expectNoSeriousViolations(page, 'sign out everywhere dialog'),
    );
    await checkSheetFocus(
      page,
      page.getByRole('button', { name: 'Delete my account' }),
      page.getByRole('alertdialog', { name: 'Delete your account?' }),
      async () => {
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account for good' }).click();
        await page.getByRole('alertdialog').locator('[aria-invalid="true"]').waitFor();
        await expectNoSeriousViolations(page, 'delete account dialog with errors');
      },
    );

    // The saved card: one tap from the paywall; coins short, the packs are buttons.
    const locked = series.firstLocked;
    await spendBelow(page, locked.cost, series.id);
    await page.goto(`/videos/${String(series.id)}?ep=${String(locked.number)}`);
    const paywall = page.getByRole('dialog', { name: `EP ${String(locked.number)} is locked` });
    const pack = paywall.getByRole('button', { name: /Buy 300 coins/ });
    await pack.waitFor();
    await expectNoSeriousViolations(page, 'paywall with one tap (coins short)');
    await checkSheetFocus(page, pack, page.getByRole('dialog', { name: 'Buy 300 coins for $2.99?' }), () =>
      expectNoSeriousViolations(page, 'one-tap confirmation'),
    );
    expect(errors).toEqual([]);
  });
});
