import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../shared/session/current-user';
import { accountUser, fail, guestUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { RegisterPage } from './register-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' });

function fillForm(values: { email?: string; password?: string; confirm?: string; agree?: boolean }) {
  if (values.email !== undefined) fireEvent.change(field(/^Email/), { target: { value: values.email } });
  if (values.password !== undefined) fireEvent.change(field(/^Password/), { target: { value: values.password } });
  if (values.confirm !== undefined) fireEvent.change(field(/^Repeat password/), { target: { value: values.confirm } });
  if (values.agree) fireEvent.click(screen.getByRole('checkbox'));
}

const ruleStates = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll<HTMLElement>('[data-rule]')).map((item) => [
      item.dataset.rule,
      item.dataset.met === 'true',
    ]),
  );

describe('the registration page', () => {
  it('labels every field, shows the prompts as placeholders and ties the rules to the passwords', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderPage(<RegisterPage />, '/register');
    expect(await screen.findByText(/come with you to your new account/)).toBeTruthy();
    expect(field(/^Email/).placeholder).toBe('please enter your email');
    expect(field(/^Password/).placeholder).toBe('please enter your password');
    expect(field(/^Repeat password/).placeholder).toBe('please repeat your password');
    const rulesId = field(/^Password/).getAttribute('aria-describedby');
    expect(rulesId && document.getElementById(rulesId)?.textContent).toContain('At least 8 characters');
    const consent = screen.getByRole('checkbox', {
      name: /I agree to the Terms of Use, Privacy Policy and Service Agreement/,
    });
    const links = within(consent.closest('div')!).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/contentPolicy', '/privacyPolicy', '/serviceAgreement']);
    const show = screen.getByRole('button', { name: 'Show password: Repeat password', pressed: false });
    fireEvent.click(show);
    expect(field(/^Repeat password/).type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
  });

  it('ticks the password rules off while typing, before anything is sent', () => {
    const api = mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderPage(<RegisterPage />, '/register');
    expect(ruleStates()).toEqual({ length: false, letterAndNumber: false, match: false });
    fillForm({ password: 'abcdefgh' });
    expect(ruleStates()).toEqual({ length: true, letterAndNumber: false, match: false });
    fillForm({ password: 'abcdefg1', confirm: 'abcdefg1' });
    expect(ruleStates()).toEqual({ length: true, letterAndNumber: true, match: true });
    expect(screen.getByText('At least 8 characters').textContent).toContain('done');
    expect(api.requests('POST /api/user/register')).toHaveLength(0);
  });

  it('asks for what is missing without calling the server, and focuses the first field', async () => {
    const api = mockApi({ 'GET /api/user': () => ok(guestUser) });
    renderPage(<RegisterPage />, '/register');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter your email.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(screen.getByText('Please repeat your password.')).toBeTruthy();
    expect(screen.getByText('Please agree to the Terms of Use, Privacy Policy and Service Agreement.')).toBeTruthy();
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => {
      expect(document.activeElement).toBe(field(/^Email/));
    });
    // Typing clears that field's error.
    fillForm({ email: 'a' });
    expect(screen.queryByText('Please enter your email.')).toBeNull();
    expect(api.requests('POST /api/user/register')).toHaveLength(0);
  });

  it("shows the server's field errors under their fields and a conflict above the button", async () => {
    let answer = fail(422, 'Invalid input', {
      email: 'Enter a valid email address.',
      password: 'Use at least one letter and one number.',
    });
    mockApi({ 'GET /api/user': () => ok(guestUser), 'POST /api/user/register': () => answer });
    renderPage(<RegisterPage />, '/register');
    fillForm({ email: 'me@example.com', password: 'secret123', confirm: 'secret123', agree: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const emailError = await screen.findByText('Enter a valid email address.');
    expect(field(/^Email/).getAttribute('aria-describedby')).toContain(emailError.id);
    expect(screen.getByText('Use at least one letter and one number.')).toBeTruthy();

    answer = fail(409, 'This email cannot be used for a new account.');
    fireEvent.change(field(/^Email/), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/can't be used for a new account/);
  });

  it('shows the loading state, then refreshes the current user and goes to returnTo', async () => {
    let release: () => void = () => undefined;
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'POST /api/user/register': () =>
        new Promise((resolve) => {
          release = () => {
            resolve(ok({ ...accountUser, email: 'new@example.com' }));
          };
        }),
    });
    const { queryClient, location } = renderPage(<RegisterPage />, '/register?returnTo=%2Ffavorites');
    fillForm({ email: 'New@Example.com ', password: 'secret123', confirm: 'secret123', agree: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const busy = await screen.findByRole('button', { name: 'Creating your account…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(api.requests('POST /api/user/register')[0]?.body).toMatchObject({
      email: 'New@Example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
      agree: true,
    });
    await act(async () => {
      release();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(location().pathname).toBe('/favorites');
    });
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ email: 'new@example.com', isGuest: false });
  });

  it('sends one registration for taps that land before the form shows it is busy', async () => {
    let release: () => void = () => undefined;
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'POST /api/user/register': () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ ...accountUser, email: 'fast@example.com' }));
        }),
    });
    const { location } = renderPage(<RegisterPage />, '/register');
    fillForm({ email: 'fast@example.com', password: 'secret123', confirm: 'secret123', agree: true });
    const button = screen.getByRole('button', { name: 'Create account' });
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await screen.findByRole('button', { name: 'Creating your account…' });
    await act(async () => {
      release();
      await Promise.resolve();
    });
    await waitFor(() => expect(location().pathname).toBe('/my'));
    expect(api.requests('POST /api/user/register')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
