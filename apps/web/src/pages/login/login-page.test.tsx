import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../shared/session/current-user';
import { getToasts } from '../../shared/ui/toast-store';
import { accountUser, fail, guestUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { i18n } from '../../shared/i18n/i18n';
import saveAccountLanguage from '../../shared/i18n/account-language';
import { LoginPage } from './login-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
});

function signInAs(user: object) {
  const api = mockApi({
    'GET /api/user': () => ok(guestUser),
    'GET /api/user/providers': () => ok({ facebook: true }),
    'POST /api/user/login': () => ok(user),
    'POST /api/user/profile': ({ body }) => ok({ ...user, ...body }),
  });
  const view = renderPage(<LoginPage />, '/login');
  fireEvent.change(field(/^Email/), { target: { value: 'viewer@example.com' } });
  fireEvent.change(field(/^Password/), { target: { value: 'secret123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return { api, ...view };
}

const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' });

describe('the sign-in page', () => {
  it('offers Facebook only when the server has it, returning to where the viewer was going', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/providers': () => ok({ facebook: true }) });
    renderPage(<LoginPage />, '/login?returnTo=%2Ffavorites');
    const facebook = await screen.findByRole('link', { name: 'Continue with Facebook' });
    expect(facebook.getAttribute('href')).toBe('/api/user/oauth/facebook?returnTo=%2Ffavorites');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/retrievePassword');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register?returnTo=%2Ffavorites',
    );
    expect(screen.getByText(/By continuing, you agree/)).toBeTruthy();
  });

  it('has no Facebook button when it is not configured', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/providers': () => ok({ facebook: false }),
    });
    renderPage(<LoginPage />, '/login');
    await waitFor(() => {
      expect(api.requests('GET /api/user/providers')).toHaveLength(1);
    });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Continue with Facebook' })).toBeNull();
  });

  it.each([
    ['facebook_denied', 'Facebook sign-in was cancelled'],
    ['facebook_expired', 'took too long'],
    ['facebook_failed', "couldn't sign you in with Facebook"],
    ['facebook_email_required', "didn't share your email"],
    ['facebook_unavailable', "isn't available right now"],
    ['facebook_something_new', "couldn't sign you in with Facebook"],
  ])('explains ?error=%s', async (error, text) => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/providers': () => ok({ facebook: true }) });
    renderPage(<LoginPage />, `/login?error=${error}`);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('asks for the password of the account that holds the Facebook email, as information rather than an error', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/providers': () => ok({ facebook: true }) });
    renderPage(<LoginPage />, '/login?error=facebook_link&returnTo=%2Ffavorites');
    const note = await screen.findByText(
      /An account with this email already exists. Sign in with its password to link Facebook/,
    );
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the email or password is wrong, and a wait after too many tries', async () => {
    let answer = fail(401, 'The email or password is not correct.');
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/providers': () => ok({ facebook: false }),
      'POST /api/user/login': () => answer,
    });
    renderPage(<LoginPage />, '/login');
    fireEvent.change(field(/^Email/), { target: { value: 'me@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is not correct.');
    answer = fail(429, 'Too many attempts. Please wait 12 minutes and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 12 minutes and try again.',
    );
  });

  it('signs in, refreshes the current user and opens /my by default', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/providers': () => ok({ facebook: false }),
      'POST /api/user/login': () => ok(accountUser),
    });
    const { queryClient, location } = renderPage(<LoginPage />, '/login');
    fireEvent.change(field(/^Email/), { target: { value: 'viewer@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/my');
    });
    expect(api.requests('POST /api/user/login')[0]?.body).toMatchObject({
      email: 'viewer@example.com',
      password: 'secret123',
    });
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ email: 'viewer@example.com' });
    expect(getToasts().map((t) => t.message)).toContain("You're signed in.");
  });

  it("switches the interface to the account's saved language on signing in", async () => {
    const { api } = signInAs({ ...accountUser, language: 'dy' });
    await waitFor(() => {
      expect(i18n.language).toBe('dy');
    });
    expect(api.requests('POST /api/user/profile')).toHaveLength(0);
  });

  it('keeps a language chosen in the header during the visit, and saves it to the account', async () => {
    const user = { ...accountUser, language: 'dy' };
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/providers': () => ok({ facebook: true }),
      'POST /api/user/login': () => ok(user),
      'POST /api/user/profile': ({ body }) => ok({ ...user, ...body }),
    });
    const { queryClient } = renderPage(<LoginPage />, '/login?returnTo=%2Ffavorites');
    await screen.findByRole('link', { name: 'Continue with Facebook' });
    // The header's choice (a guest's: it stays on the device).
    await act(async () => {
      await i18n.changeLanguage('pt');
      await saveAccountLanguage(queryClient, 'pt');
    });
    // Facebook's return is the server's: it is told the choice.
    const facebook = screen.getByRole('link', { name: 'Continuar com o Facebook' });
    facebook.addEventListener('click', (event) => {
      event.preventDefault();
    });
    fireEvent.click(facebook);
    expect(facebook.getAttribute('href')).toBe('/api/user/oauth/facebook?returnTo=%2Ffavorites&lang=pt');
    fireEvent.change(document.querySelector('input[type="email"]')!, { target: { value: 'viewer@example.com' } });
    fireEvent.change(document.querySelector('input[type="password"]')!, { target: { value: 'secret123' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => {
      expect(api.requests('POST /api/user/profile').map((r) => r.body)).toEqual([{ language: 'pt' }]);
    });
    expect(i18n.language).toBe('pt');
  });
});
