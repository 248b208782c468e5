import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { shoppingPath } from './format';
import { LockedPanel } from './locked-panel';
import { seriesSpent, shouldAutoUnlock } from './use-paywall';

function renderPanel(props: Partial<ComponentProps<typeof LockedPanel>> = {}) {
  const onUnlock = vi.fn();
  const onUnlockSeries = vi.fn();
  render(
    <MemoryRouter>
      <LockedPanel
        episodeNumber={4}
        cost={60}
        balance={100}
        seriesPrice={null}
        lockedTotal={240}
        state={{ status: 'idle' }}
        shoppingHref={shoppingPath(7, 4)}
        onUnlock={onUnlock}
        onUnlockSeries={onUnlockSeries}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onUnlock, onUnlockSeries };
}

describe('LockedPanel', () => {
  it('shows the price, the balance, the unlock button and the membership offer', () => {
    const { onUnlock } = renderPanel();
    expect(screen.getByRole('heading', { name: 'EP 4 is locked' })).toBeTruthy();
    expect(screen.getByText('60 coins')).toBeTruthy();
    expect(screen.getByText('Your balance: 100 coins')).toBeTruthy();
    expect(screen.getByText('Members watch everything')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
      '/shopping?returnTo=%2Fvideos%2F7%3Fep%3D4',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 60 coins' }));
    expect(onUnlock).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: /whole series/ })).toBeNull();
  });

  it('offers the whole series at its quoted price, with the saving', () => {
    const { onUnlockSeries } = renderPanel({ seriesPrice: 180 });
    expect(screen.getByText('Save 60 coins')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Unlock the whole series for 180 coins/ }));
    expect(onUnlockSeries).toHaveBeenCalledWith(180);
  });

  it('disables both buttons while unlocking', () => {
    renderPanel({ seriesPrice: 180, state: { status: 'pending', target: 'episode' } });
    expect((screen.getByRole('button', { name: 'Unlock for 60 coins' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /whole series/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers "Get coins" instead of the unlock button when the balance is short', () => {
    renderPanel({ balance: 25, oneTap: <p>packs</p> });
    expect(screen.getByText('You need 35 more coins for this episode.')).toBeTruthy();
    expect(screen.getByText('packs')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock for 60 coins' })).toBeNull();
  });

  it('keeps My list and Share on a locked episode, and closes', () => {
    const onFavorite = vi.fn();
    const onShare = vi.fn();
    const onClose = vi.fn();
    renderPanel({ onFavorite, onShare, onClose, favorite: false });
    fireEvent.click(screen.getByRole('button', { name: 'My list' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect([onFavorite, onShare, onClose].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('shows the server message and a way to get coins when the server finds the balance short (402)', () => {
    renderPanel({
      state: {
        status: 'failed',
        target: 'episode',
        code: 402,
        message: 'Not enough coins: this costs 60 and you have 25.',
      },
    });
    expect(screen.getByRole('alert').textContent).toContain('Not enough coins: this costs 60 and you have 25.');
    expect(screen.getByRole('link', { name: 'Get coins' }).getAttribute('href')).toBe(
      '/shopping?returnTo=%2Fvideos%2F7%3Fep%3D4',
    );
  });

  it('shows a generic message without a coins link for other failures', () => {
    renderPanel({ state: { status: 'failed', target: 'episode', code: 0, message: '' } });
    expect(screen.getByRole('alert').textContent).toContain("It couldn't be unlocked. Please try again.");
    expect(screen.queryByRole('link', { name: 'Get coins' })).toBeNull();
  });
});

describe('spending coins, read from the server’s access flags', () => {
  const episodes = [
    { id: 1, access: 'free', cost: 0 },
    { id: 2, access: 'unlocked', cost: 40 },
    { id: 3, access: 'unlocked', cost: 50 },
    { id: 4, access: 'locked', cost: 60 },
  ] as const;
  const user = { autoUnlock: true, coins: 100 };

  it('sums what the unlocked paid episodes cost', () => {
    expect(seriesSpent(episodes)).toBe(90);
    expect(seriesSpent(episodes, 3)).toBe(40);
  });

  it('auto-unlocks only a locked episode, when asked for, affordable and without membership', () => {
    const locked = episodes[3]!;
    expect(shouldAutoUnlock(locked, user)).toBe(true);
    expect(shouldAutoUnlock(locked, { ...user, coins: 59 })).toBe(false);
    expect(shouldAutoUnlock(locked, { ...user, autoUnlock: false })).toBe(false);
    // A member's episode is not locked: the server says it is included.
    expect(shouldAutoUnlock({ ...locked, access: 'member' }, user)).toBe(false);
    expect(shouldAutoUnlock(episodes[1]!, user)).toBe(false);
    expect(shouldAutoUnlock(locked, undefined)).toBe(false);
  });
});
