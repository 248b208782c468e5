import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render-at';
import { guestUser, mockApi, ok } from '../../test/api-mock';
import { CONSENT_STORAGE_KEY, consent } from './consent';

function stubHome() {
  mockApi({
    'GET /api/user': () => ok(guestUser),
    'GET /api/homepage': () => ok({ featured: [], sections: [] }),
    'GET /api/tag': () => ok([]),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    consent.configure('off');
  });
});

describe('the consent banner', () => {
  it('is not shown, and the footer offers no choice, when the operator does not require consent', async () => {
    stubHome();
    renderAt('/');
    await screen.findByRole('contentinfo');
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Privacy choices' })).toBeNull();
  });

  it('asks with two equal choices, remembers "Accept", and can be opened again from the footer', async () => {
    stubHome();
    act(() => {
      consent.configure('required');
    });
    renderAt('/');
    const banner = await screen.findByRole('dialog', { name: 'Ads and measurement' });
    expect(banner.textContent).toContain('Meta, Google, TikTok and Bigo');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacyPolicy');
    const accept = screen.getByRole('button', { name: 'Accept' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(accept.className).toBe(reject.className);

    fireEvent.click(accept);
    await waitFor(() => {
      expect(screen.queryByTestId('consent-banner')).toBeNull();
    });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');

    fireEvent.click(screen.getByRole('button', { name: 'Privacy choices' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(screen.queryByTestId('consent-banner')).toBeNull();
    });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
  });

  it('does not ask again once answered', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'denied');
    stubHome();
    act(() => {
      consent.configure('required');
    });
    renderAt('/');
    await screen.findByRole('button', { name: 'Privacy choices' });
    expect(screen.queryByTestId('consent-banner')).toBeNull();
  });
});
