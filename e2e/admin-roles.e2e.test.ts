import path from 'node:path';
import { devices, type Page } from '@playwright/test';
import { screenshot } from './browser';
import { mailTo, uniqueEmail } from './account-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, ownServer, test as base } from './fixtures';
import { repoRoot, runNode } from './server-process';

// A server of this file's own (its outbox holds the invitation), with an owner made by the command line.
const test = base.extend({
  appServer: ownServer({ DEMO_CATALOG: 'false' }, async (dataDir) => {
    const admin = runNode(
      path.join(repoRoot, 'apps/server/dist/create-admin.js'),
      ['--email', ADMIN_EMAIL, '--password', ADMIN_PASSWORD],
      { DATA_DIR: dataDir },
    );
    if ((await admin.exited) !== 0) throw new Error(`create-admin failed:\n${admin.output()}`);
  }),
});
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } });

/** The invitation link mailed to `to` (its token is in the fragment). */
function invitationLinkFor(dataDir: string, to: string): Promise<URL> {
  return mailTo(dataDir, to, 'invitation', (mail) => {
    const link = /https?:\/\/[^\s"'<>]+\/admin\/invitation#token=[\w-]+/.exec(mail.text ?? '')?.[0];
    return link ? new URL(link) : undefined;
  });
}

async function consoleSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link');

test.describe('a team with roles', () => {
  test('an owner invites a content operator, who joins by the emailed link and sees only content', async ({
    page,
    pageErrors,
    browser,
    appServer,
  }) => {
    const email = uniqueEmail('content');
    const password = 'content password 1';

    // The owner invites a content operator from the Team page.
    await consoleSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(navLinks(page)).toHaveText([
      'Dashboard',
      'Content',
      'Homepage',
      'Commerce',
      'Users',
      // With the unread count beside it when viewers have written.
      /^Inbox/,
      'Settings',
      'Audit log',
      'Team',
    ]);
    await navLinks(page).filter({ hasText: 'Team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('content');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
    await screenshot(page, 'admin-roles-team');
    await page.screenshot({ path: '/tmp/team-owner-team-page.png' });

    // The invitee opens the link from the local outbox in a browser of their own.
    const link = await invitationLinkFor(appServer.dataDir!, email);
    const invitee = await browser.newContext({ ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } });
    const joined = await invitee.newPage();
    const inviteeErrors: Error[] = [];
    joined.on('pageerror', (e) => inviteeErrors.push(e));
    await joined.goto(`${appServer.url}${link.pathname}${link.hash}`);
    await joined.getByRole('heading', { name: 'Join the team as Content' }).waitFor();
    await joined.screenshot({ path: '/tmp/team-invitation.png' });
    await joined.getByLabel('New password').fill(password);
    await joined.getByLabel('Repeat the password').fill(password);
    await joined.getByRole('button', { name: 'Join and sign in' }).click();

    // Signed in, the content operator starts on Content and sees only the content sections.
    await joined.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    await expect(navLinks(joined)).toHaveText(['Content', 'Homepage']);
    await expect(joined.getByText('Signed in as')).toBeVisible();
    await joined.screenshot({ path: '/tmp/team-content-console.png' });

    // Orders by their address: a plain refusal page, and the API refuses too.
    await joined.goto(`${appServer.url}/admin/commerce`);
    await joined.getByRole('heading', { level: 1, name: "You don't have access" }).waitFor();
    await expect(joined.getByText(/not included in your role \(Content\)/)).toBeVisible();
    await joined.screenshot({ path: '/tmp/team-no-access.png' });
    const refused = await joined.evaluate(async () => {
      const res = await fetch('/api/admin/orders', { headers: { accept: 'application/json' } });
      return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
    });
    expect(refused).toMatchObject({ status: 200, body: { code: 403, data: null } });

    // The invitation is used up; the owner sees the new operator, and the sign-in in the audit log.
    await joined.goto(`${appServer.url}${link.pathname}${link.hash}`);
    await expect(joined.getByText(/already used/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByText(/Signed in to the console from .*Chrome/).first()).toBeVisible();
    await page.screenshot({ path: '/tmp/team-audit.png' });

    await invitee.close();
    expect(inviteeErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
