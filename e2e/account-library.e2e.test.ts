import { screenshot } from './browser';
import {
  apiFromPage,
  episodesOf,
  homepageSeries,
  registerThroughForm,
  signInThroughForm,
  uniqueEmail,
} from './account-fixtures';
import { catalogAppServer } from './catalog-server';
import { payAtCheckout } from './paywall-helpers';
import { expect, test as base } from './fixtures';

// The shared server's catalog when it has one; otherwise a server of this file on a seeded folder.
const test = base.extend({ appServer: catalogAppServer });

let series: { id: number; title: string }[];

test.beforeAll(async ({ appServer }) => {
  series = await homepageSeries(appServer.url);
  if (series.length < 2) throw new Error(`the journeys need two series; the homepage shows ${String(series.length)}`);
});

test.describe('an account keeps its list and history', () => {
  test('register → add to my list and watch → log out → sign in again → the same list and history', async ({
    page,
    pageErrors: errors,
  }) => {
    const email = uniqueEmail('library');
    const password = 'watching42';
    const [first, second] = series;
    if (!first || !second) throw new Error('the journey needs two series');

    // Registration: the rules are visible and ticked before sending, the prompts are the placeholders.
    await page.goto('/register');
    await page.locator('[data-page="register"]').waitFor();
    await screenshot(page, 'account-register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter your email.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await screenshot(page, 'account-register-errors');
    await registerThroughForm(page, email, password);
    await page.waitForURL('**/my');
    await page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();

    // The series page's own button is someone else's work: add and watch through the API, as the page would.
    const watched = (await episodesOf(page, first.id))[1];
    if (!watched) throw new Error('the journey needs a second episode');
    const position = Math.max(1, Math.floor(watched.duration / 2));
    expect((await apiFromPage(page, 'POST', '/api/user/favorite', { seriesId: first.id })).code).toBe(200);
    expect((await apiFromPage(page, 'POST', '/api/user/favorite', { seriesId: second.id })).code).toBe(200);
    expect(
      (await apiFromPage(page, 'POST', '/api/user/history', { episodeId: watched.id, position, finished: false })).code,
    ).toBe(200);

    await page.reload();
    await page
      .getByRole('list', { name: 'My list' })
      .getByRole('link', { name: titled(first.title) })
      .waitFor();
    await page
      .getByRole('list', { name: 'Continue watching' })
      .getByRole('link', { name: titled(first.title) })
      .waitFor();
    await screenshot(page, 'account-my-signed-in');

    await page.goto('/favorites');
    const grid = page.getByRole('list', { name: 'Series in my list' });
    await grid.getByRole('link', { name: titled(second.title) }).waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(2);
    await page.getByText('No more content').waitFor();
    await screenshot(page, 'account-favorites');

    await page.goto('/historys');
    const row = page.getByRole('list', { name: 'Series you watched' }).getByRole('link', { name: titled(first.title) });
    await row.waitFor();
    expect(await row.getAttribute('href')).toBe(
      `/videos/${String(first.id)}?ep=${String(watched.number)}&t=${String(position)}`,
    );
    expect(await row.innerText()).toContain(`EP ${String(watched.number)}`);
    await screenshot(page, 'account-historys');

    // Log out on this device: the page says so and becomes a guest's.
    await page.goto('/my');
    await page.getByRole('button', { name: 'Log out on this device' }).click();
    await page.getByText("You're logged out on this device.", { exact: false }).waitFor();
    await page.getByText("You're watching as a guest").waitFor();
    await page.getByText('Nothing in your list yet.').waitFor();
    await screenshot(page, 'account-my-guest');

    // Sign in again, then the same list and history.
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.locator('[data-page="login"]').waitFor();
    await screenshot(page, 'account-login');
    await signInThroughForm(page, email, 'wrong-password1');
    await page.getByText('The email or password is not correct.').waitFor();
    await screenshot(page, 'account-login-refused');
    await signInThroughForm(page, email, password);
    await page.waitForURL('**/my');
    await page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();

    await page.goto('/favorites');
    await page
      .getByRole('list', { name: 'Series in my list' })
      .getByRole('link', { name: titled(first.title) })
      .waitFor();
    expect(await page.getByRole('list', { name: 'Series in my list' }).getByRole('listitem').count()).toBe(2);
    await page.goto('/historys');
    await page
      .getByRole('list', { name: 'Series you watched' })
      .getByRole('link', { name: titled(first.title) })
      .waitFor();

    // Removing from the list is immediate and can be undone.
    await page.goto('/favorites');
    await page.getByRole('button', { name: `Remove ${second.title} from my list` }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    expect(await page.getByRole('list', { name: 'Series in my list' }).getByRole('listitem').count()).toBe(1);
    await screenshot(page, 'account-favorites-removed');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Series in my list' }).getByRole('listitem').count())
      .toBe(2);

    expect(errors).toEqual([]);
  });

  test('a guest list and history survive registration', async ({ page, pageErrors: errors }) => {
    const [first] = series;
    if (!first) throw new Error('the journey needs a series');

    await page.goto('/favorites');
    await page.getByText('Your list is empty.', { exact: false }).waitFor();
    await screenshot(page, 'account-favorites-empty');
    await page.goto('/historys');
    await page.getByText('Nothing watched yet.', { exact: false }).waitFor();
    await screenshot(page, 'account-historys-empty');

    const started = (await episodesOf(page, first.id))[0];
    if (!started) throw new Error('the journey needs an episode');
    const position = Math.max(1, Math.floor(started.duration / 3));
    expect((await apiFromPage(page, 'POST', '/api/user/favorite', { seriesId: first.id })).code).toBe(200);
    expect(
      (await apiFromPage(page, 'POST', '/api/user/history', { episodeId: started.id, position, finished: false })).code,
    ).toBe(200);
    await page.goto('/my');
    await page.getByText("You're watching as a guest").waitFor();
    await page
      .getByRole('list', { name: 'My list' })
      .getByRole('link', { name: titled(first.title) })
      .waitFor();
    await screenshot(page, 'account-my-guest-with-list');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByText('Your list and watch history come with you to your new account.').waitFor();
    const email = uniqueEmail('guest');
    await registerThroughForm(page, email, 'keepmylist1');
    await page.waitForURL('**/my');
    await page.locator('[data-page="my"]').getByText(email, { exact: true }).waitFor();

    await page.goto('/favorites');
    await page
      .getByRole('list', { name: 'Series in my list' })
      .getByRole('link', { name: titled(first.title) })
      .waitFor();
    await page.goto('/historys');
    const row = page.getByRole('list', { name: 'Series you watched' }).getByRole('link', { name: titled(first.title) });
    expect(await row.getAttribute('href')).toBe(
      `/videos/${String(first.id)}?ep=${String(started.number)}&t=${String(position)}`,
    );

    expect(errors).toEqual([]);
  });
});

/** Matches an accessible name containing the title. */
function titled(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

test.describe("a member's account page", () => {
  test('names the plan, its renewal date and its renewal price once, in every language', async ({
    page,
    pageErrors: errors,
  }) => {
    await payAtCheckout(page, /Subscribe for \$4\.99/, '$4.99');
    const me = await apiFromPage<{ membership: { active: boolean; renewsAt: string; renewalPrice: number } }>(
      page,
      'GET',
      '/api/user',
    );
    expect(me.data.membership).toMatchObject({ active: true, renewalPrice: 499 });
    const year = me.data.membership.renewsAt.slice(0, 4);
    for (const lang of ['en', 'es', 'fy', 'dy', 'pt'] as const) {
      await page.goto(`/my?lang=${lang}`);
      const status = page.getByTestId('membership-status');
      await status.waitFor();
      const planName = ((await status.locator('p').first().textContent()) ?? '').trim();
      expect(planName).not.toBe('');
      const text = (await page.locator('[data-page="my"]').textContent()) ?? '';
      const times = (pattern: RegExp) => (text.match(pattern) ?? []).length;
      expect(times(new RegExp(planName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')), `${lang}: the plan`).toBe(1);
      expect(times(new RegExp(year, 'g')), `${lang}: the renewal date`).toBe(1);
      expect(times(/4[.,]99/g), `${lang}: the renewal price`).toBe(1);
      await status.scrollIntoViewIfNeeded();
      await screenshot(page, `my-membership-${lang}`);
    }
    expect(errors).toEqual([]);
  });
});
