import { devices, type Page } from '@playwright/test';
import { screenshot } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './fixtures';

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
test.use(DESKTOP);

const stamp = Date.now().toString(36);

/** The console's own calls, made with the signed-in operator's cookie. */
async function consoleApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: {
      origin: new URL(page.url()).origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  expect(envelope.code, envelope.message).toBe(200);
  return envelope.data;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** Whether the focused element is inside the open dialog named `name`. */
const focusInside = (page: Page, name: string) =>
  page.evaluate((title) => {
    const dialog = Array.from(document.querySelectorAll('[role="dialog"]')).find(
      (d) => d.querySelector('h2')?.textContent === title,
    );
    return Boolean(dialog?.contains(document.activeElement));
  }, name);

test('the console by keyboard: dialogs keep and return focus, reordering keeps it on the moved row', async ({
  page,
  pageErrors,
}) => {
  await signIn(page);
  // Two tags of this journey's own at the end of the list: moving them leaves the viewers' order alone.
  const tags: { id: number }[] = [];
  for (const name of ['first', 'second'])
    tags.push(
      await consoleApi(page, 'POST', '/api/admin/tags', { slug: `kb-${name}-${stamp}`, names: { en: `Kb ${name}` } }),
    );
  await page.goto('/admin/content/tags');

  const opener = page.getByRole('button', { name: 'New tag' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'New tag' }).waitFor();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'New tag'), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(page, 'New tag'), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New tag' })).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The second tag moves up by keyboard: the focus follows the row and stays on its up arrow.
  const second = `kb-second-${stamp}`;
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${second} moved to position`)).toBeAttached();
  await expect(page.getByRole('button', { name: `Move ${second} up` })).toBeFocused();
  await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeEnabled();
  // And straight back down with the other arrow, still from the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeFocused();
  await page.keyboard.press('Enter');
  // Now last: its down arrow is disabled, so the focus is on its up arrow.
  await expect(page.getByRole('button', { name: `Move ${second} up` })).toBeFocused();
  await screenshot(page, 'admin-keyboard-reorder');

  for (const tag of tags) await consoleApi(page, 'DELETE', `/api/admin/tags/${tag.id}`);
  expect(pageErrors).toEqual([]);
});

test('unsaved edits: leaving asks first, and an ended session signs in again without losing them', async ({
  page,
  pageErrors,
}) => {
  await signIn(page);
  const series = await consoleApi<{ id: number }>(page, 'POST', '/api/admin/series', {
    texts: { en: { title: `Keyboard draft ${stamp}`, synopsis: '' } },
  });
  await page.goto(`/admin/content/series/${series.id}`);
  const title = page.getByLabel('Title (English)');
  await title.fill(`Retitled draft ${stamp}`);

  await page.getByRole('link', { name: 'Users' }).click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  await screenshot(page, 'admin-unsaved-question');
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toHaveCount(0);
  await expect(title).toHaveValue(`Retitled draft ${stamp}`);
  expect(new URL(page.url()).pathname).toBe(`/admin/content/series/${series.id}`);

  // The session ends elsewhere (signed out in another tab): the save asks to sign in again over the page.
  await consoleApi(page, 'DELETE', '/api/admin/session');
  await page.getByRole('button', { name: 'Save details' }).click();
  const prompt = page.getByRole('dialog', { name: 'Your session ended' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByLabel('Email')).toHaveValue(ADMIN_EMAIL);
  await expect(title).toHaveValue(`Retitled draft ${stamp}`);
  await screenshot(page, 'admin-session-ended');
  await prompt.getByLabel('Password').fill(ADMIN_PASSWORD);
  await prompt.getByRole('button', { name: 'Sign in and continue' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText('Saved. Viewers see it once the series is published.')).toBeVisible();

  // Saved: nothing is left to lose, so leaving asks nothing, and the new title is stored.
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.goto(`/admin/content/series/${series.id}`);
  await expect(page.getByLabel('Title (English)')).toHaveValue(`Retitled draft ${stamp}`);

  // Closing the tab with an edit in it lets the browser ask too.
  await page.getByLabel('Title (English)').fill('Not saved');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  expect(pageErrors).toEqual([]);
});
