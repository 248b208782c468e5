import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../shared/ui/toast-store';
import { accountUser, fail, guestUser, mockApi, ok, page, series } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { MyPage } from './my-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const history = [
  {
    series: series(7, 'Jade Palace'),
    episodeId: 70,
    episodeNumber: 2,
    position: 30,
    duration: 120,
    finished: false,
    updatedAt: new Date().toISOString(),
  },
];

describe('the account page', () => {
  it('invites a guest to sign in or register, saying the list and history are kept', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
    });
    renderPage(<MyPage />, '/my');
    expect(await screen.findByText("You're watching as a guest")).toBeTruthy();
    expect(screen.getByText(/your list and watch history will be kept/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: 'Log out on this device' })).toBeNull();
    expect(await screen.findByText('Nothing in your list yet.')).toBeTruthy();
    expect(screen.getByText('Nothing watched yet.')).toBeTruthy();
  });

  it('shows the account, plan and coins, the two rails and the account links', async () => {
    mockApi({
      'GET /api/user': () =>
        ok({
          ...accountUser,
          membership: {
            active: true,
            planId: 'p1',
            renewsAt: '2026-04-01T00:00:00Z',
            endsAt: null,
            autoRenew: true,
            planName: 'Monthly',
            renewalPrice: 499,
            currency: 'USD',
            renewalDays: 30,
          },
        }),
      'GET /api/user/favorite': () => ok(page([series(1, 'Moonlight Alpha')])),
      'GET /api/user/history': () => ok(page(history)),
    });
    renderPage(<MyPage />, '/my');
    expect(await screen.findByText('viewer@example.com')).toBeTruthy();
    const plan = screen.getByRole('link', { name: /Plan.*Member/ });
    expect(plan.getAttribute('href')).toBe('/shopping');
    // The plan by name, its renewal date and the price it renews at (the member's own): each said once.
    const status = screen.getByTestId('membership-status');
    expect(within(status).getByText('Monthly')).toBeTruthy();
    expect(screen.getAllByText(/Monthly/)).toHaveLength(1);
    expect(screen.getAllByText(/Renews on April 1, 2026/)).toHaveLength(1);
    expect(screen.getAllByText(/\$4\.99/)).toHaveLength(1);
    expect(screen.getAllByText('Your price: $4.99 every 30 days, until you cancel.')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Coins.*120/ }).getAttribute('href')).toBe('/shopping');

    const myList = await screen.findByRole('list', { name: 'My list' });
    expect(
      within(myList)
        .getByRole('link', { name: /Moonlight Alpha/ })
        .getAttribute('href'),
    ).toBe('/videos/1');
    expect(screen.getByRole('link', { name: 'See all: My list' }).getAttribute('href')).toBe('/favorites');
    const watching = screen.getByRole('list', { name: 'Continue watching' });
    expect(
      within(watching)
        .getByRole('link', { name: /Jade Palace/ })
        .getAttribute('href'),
    ).toBe('/videos/7?ep=2&t=30');
    expect(screen.getByRole('link', { name: 'See all: Continue watching' }).getAttribute('href')).toBe('/historys');

    for (const [name, href] of [
      ['Wallet and rewards', '/wallet'],
      ['Unlocked episodes', '/unlocked'],
      ['Profile and settings', '/individual'],
      ['Plans and coins', '/shopping'],
      ['FAQ', '/commonQuestions'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('logs out on this device and says what that means', async () => {
    let signedIn = true;
    const api = mockApi({
      'GET /api/user': () => ok(signedIn ? accountUser : guestUser),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
      'POST /api/user/logout': () => {
        signedIn = false;
        return ok({});
      },
    });
    localStorage.setItem('userToken', 'old-token');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderPage(<MyPage />, '/my');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out on this device' }));
    expect(await screen.findByText("You're watching as a guest")).toBeTruthy();
    expect(api.requests('POST /api/user/logout')[0]?.body).toMatchObject({ everywhere: false });
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await waitFor(() => {
      expect(getToasts().map((t) => t.message)).toContain(
        "You're logged out on this device. Your list and history stay with your account.",
      );
    });
  });

  it('asks an account with an unconfirmed email to open the emailed link, and sends it again', async () => {
    const api = mockApi({
      'GET /api/user': () => ok({ ...accountUser, emailVerified: false }),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
      'POST /api/user/email/verification': () => ok({}),
    });
    renderPage(<MyPage />, '/my');
    expect(await screen.findByText('Please confirm your email address')).toBeTruthy();
    expect(screen.getByText(/We sent a link to viewer@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => {
      expect(getToasts().map((toast) => toast.message)).toContain('We sent a new link to viewer@example.com.');
    });
    expect(api.requests('POST /api/user/email/verification')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Link sent' }).hasAttribute('disabled')).toBe(true);
  });

  it('says why a resend was refused (too many), and lets the viewer try again', async () => {
    mockApi({
      'GET /api/user': () => ok({ ...accountUser, emailVerified: false }),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
      'POST /api/user/email/verification': () => fail(429, 'Too many attempts. Please wait 12 minutes and try again.'),
    });
    renderPage(<MyPage />, '/my');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please wait 12 minutes and try again.',
    );
    expect(screen.getByRole('button', { name: 'Send the link again' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows no notice to a confirmed account or a guest', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
    });
    renderPage(<MyPage />, '/my');
    expect(await screen.findByText('viewer@example.com')).toBeTruthy();
    expect(screen.queryByText('Please confirm your email address')).toBeNull();
  });

  it('completes the emailed link once, takes its token out of the address and says so', async () => {
    let verified = false;
    const api = mockApi({
      'GET /api/user': () => ok({ ...accountUser, emailVerified: verified }),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
      'POST /api/user/email/verify': () => {
        verified = true;
        return ok({});
      },
    });
    const view = renderPage(<MyPage />, '/my?verifyToken=abc123');
    expect(
      (await screen.findByText('Thank you: your email address is confirmed.')).closest('[role="status"]'),
    ).toBeTruthy();
    expect(view.location().search).toBe('');
    expect(api.requests('POST /api/user/email/verify').map((r) => r.body?.token)).toEqual(['abc123']);
    await waitFor(() => {
      expect(screen.queryByText('Please confirm your email address')).toBeNull();
    });
  });

  it('says when the emailed link has expired or was used', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/favorite': () => ok(page([])),
      'GET /api/user/history': () => ok(page([])),
      'POST /api/user/email/verify': () => fail(410, 'This link has expired or was already used.'),
    });
    renderPage(<MyPage />, '/my?verifyToken=old');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This confirmation link has expired or was already used.',
    );
  });
});
