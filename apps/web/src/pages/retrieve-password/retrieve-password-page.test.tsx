import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../shared/session/current-user';
import { getToasts } from '../../shared/ui/toast-store';
import { accountUser, fail, guestUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { RetrievePasswordPage } from './retrieve-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' });

describe('forgot password', () => {
  it('answers the same neutral confirmation whatever the email, and can send again', async () => {
    const api = mockApi({ 'GET /api/user': () => ok(guestUser), 'POST /api/user/password/forgot': () => ok({}) });
    renderPage(<RetrievePasswordPage />, '/retrievePassword');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Please enter your email.')).toBeTruthy();
    fireEvent.change(field(/^Email/), { target: { value: 'someone@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText(
        "If an account exists for someone@example.com, we've sent a link. It works once and expires in 60 minutes.",
      ),
    ).toBeTruthy();
    expect(api.requests('POST /api/user/password/forgot')[0]?.body).toMatchObject({ email: 'someone@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => {
      expect(api.requests('POST /api/user/password/forgot')).toHaveLength(2);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(field(/^Email/).value).toBe('');
  });

  it('sets a new password from the link with the live rules, signs in and opens /my', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'POST /api/user/password/reset': () => ok(accountUser),
    });
    const { location, queryClient } = renderPage(<RetrievePasswordPage />, '/retrievePassword?token=tok-123');
    fireEvent.change(field(/^New password/), { target: { value: 'newpass12' } });
    fireEvent.change(field(/^Repeat password/), { target: { value: 'newpass1' } });
    expect(document.querySelector('[data-rule="match"]')?.getAttribute('data-met')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(api.requests('POST /api/user/password/reset')).toHaveLength(0);
    fireEvent.change(field(/^Repeat password/), { target: { value: 'newpass12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/my');
    });
    expect(api.requests('POST /api/user/password/reset')[0]?.body).toMatchObject({
      token: 'tok-123',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ email: 'viewer@example.com' });
    expect(getToasts().map((t) => t.message)).toContain("Your new password is saved and you're signed in.");
  });

  it('offers a new link when the emailed one expired or was used', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'POST /api/user/password/reset': () => fail(410, 'This link has expired or was already used. Ask for a new one.'),
    });
    renderPage(<RetrievePasswordPage />, '/retrievePassword?token=old');
    fireEvent.change(field(/^New password/), { target: { value: 'newpass12' } });
    fireEvent.change(field(/^Repeat password/), { target: { value: 'newpass12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired or was already used');
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/retrievePassword');
  });

  it('says a used link is used as it opens, before a password is typed', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'POST /api/user/password/reset/check': () => ok({ usable: false }),
    });
    renderPage(<RetrievePasswordPage />, '/retrievePassword?token=used');
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired or was already used');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(api.requests('POST /api/user/password/reset/check')[0]?.body).toEqual({ token: 'used' });
  });
});
