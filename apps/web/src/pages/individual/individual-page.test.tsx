import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { getToasts } from '../../shared/ui/toast-store';
import { accountUser, fail, guestUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { IndividualPage } from './individual-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the profile page', () => {
  it('shows a guest the way to register instead of the account-only settings', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderPage(<IndividualPage />, '/individual');
    expect(await screen.findByText(/Create an account to keep your list and history/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register?returnTo=%2Findividual',
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Auto-unlock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
  });

  it('explains auto-unlock and saves it to the profile', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'POST /api/user/profile': ({ body }) => ok({ ...accountUser, ...body }),
    });
    renderPage(<IndividualPage />, '/individual');
    const toggle = await screen.findByRole('switch', { name: 'Auto-unlock' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const description = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Unlocks the next episode with coins when you reach it.');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => {
      expect(api.requests('POST /api/user/profile')[0]?.body).toMatchObject({ autoUnlock: true });
    });
    await waitFor(() => {
      expect(toggle.getAttribute('aria-checked')).toBe('true');
    });
  });

  it('changes the interface language like the header chooser and saves it to the profile', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'POST /api/user/profile': ({ body }) => ok({ ...accountUser, ...body }),
    });
    renderPage(<IndividualPage />, '/individual');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'fy' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('fy');
    await waitFor(() => {
      expect(api.requests('POST /api/user/profile')[0]?.body).toMatchObject({ language: 'fy' });
    });
  });

  it('changes the password with the live rules and reports a wrong current password', async () => {
    let answer = fail(422, 'Invalid input', { currentPassword: 'This is not your current password.' });
    const api = mockApi({ 'GET /api/user': () => ok(accountUser), 'POST /api/user/password': () => answer });
    renderPage(<IndividualPage />, '/individual');
    const form = (await screen.findByRole('heading', { name: 'Change password' })).closest('form')!;
    const input = (name: RegExp) => within(form).getByLabelText<HTMLInputElement>(name, { selector: 'input' });
    fireEvent.change(input(/^Current password/), { target: { value: 'oldpass12' } });
    fireEvent.change(input(/^New password/), { target: { value: 'newpass12' } });
    fireEvent.change(input(/^Repeat password/), { target: { value: 'newpass12' } });
    expect(
      within(form)
        .getAllByRole('listitem')
        .map((li) => li.dataset.met),
    ).toEqual(['true', 'true', 'true']);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('This is not your current password.')).toBeTruthy();
    answer = ok({});
    fireEvent.change(input(/^Current password/), { target: { value: 'rightpass1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      expect(getToasts().map((t) => t.message)).toContain('Your password was changed. Other devices were signed out.');
    });
    expect(api.requests('POST /api/user/password')[1]?.body).toMatchObject({
      currentPassword: 'rightpass1',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    expect(input(/^New password/).value).toBe('');
  });

  it('deletes the account only after a dialog that says what happens and asks for the password', async () => {
    let answer = fail(422, 'Invalid input', { password: 'This is not your password.' });
    const api = mockApi({
      'GET /api/user': () =>
        ok({
          ...accountUser,
          membership: { active: true, planId: 'p', renewsAt: '2026-05-01T00:00:00Z', endsAt: null, autoRenew: true },
        }),
      'POST /api/user/delete': () => answer,
    });
    const { location } = renderPage(<IndividualPage />, '/individual');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain(
      'Deleting your account cancels any membership renewal; you will not be charged again, and remaining paid time and coins are lost.',
    );
    expect(dialog.textContent).toContain('paid until May 1, 2026');
    const password = within(dialog).getByLabelText<HTMLInputElement>(/^Enter your password to confirm/, {
      selector: 'input',
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(password);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('Please enter your password.')).toBeTruthy();
    expect(api.requests('POST /api/user/delete')).toHaveLength(0);
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('This is not your password.')).toBeTruthy();
    answer = ok({});
    fireEvent.change(password, { target: { value: 'secret123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/');
    });
    expect(api.requests('POST /api/user/delete')[1]?.body).toMatchObject({ password: 'secret123' });
  });

  it('signs out everywhere after a confirmation and opens the sign-in page', async () => {
    let signedIn = true;
    const api = mockApi({
      'GET /api/user': () => ok(signedIn ? accountUser : guestUser),
      'POST /api/user/logout': () => {
        signedIn = false;
        return ok({});
      },
    });
    const { location } = renderPage(<IndividualPage />, '/individual');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out on every device?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/login');
    });
    expect(api.requests('POST /api/user/logout')[0]?.body).toMatchObject({ everywhere: true });
    expect(getToasts().map((t) => t.message)).toContain("You're signed out on every device.");
  });

  it('closes the deletion dialog with Escape and gives focus back', async () => {
    mockApi({ 'GET /api/user': () => ok(accountUser) });
    renderPage(<IndividualPage />, '/individual');
    const opener = await screen.findByRole('button', { name: 'Delete my account' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(document.activeElement).toBe(opener);
  });

  it('downloads my data as a file', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/user/export': () =>
        new Response('{"account":{}}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="episodic-data-2026-03-05.json"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderPage(<IndividualPage />, '/individual');
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => {
      expect(clicks).toEqual(['episodic-data-2026-03-05.json']);
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
