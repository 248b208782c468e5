import { fireEvent, screen, within } from '@testing-library/react';
import type { RewardsState, WalletLine } from '@episodic/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountUser, fail, guestUser, mockApi, ok, page } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { WalletPage } from './wallet-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const state = (over: Partial<RewardsState> = {}): RewardsState => ({
  eligible: true,
  today: '2026-11-26',
  timeZone: 'UTC',
  welcome: { coins: 30, claimed: false },
  checkIn: { days: [5, 5, 10, 10, 15, 15, 30], streak: 2, claimedToday: false, todayCoins: 10 },
  firstPurchase: { coins: 0, claimed: false },
  wallet: { coins: 125, paidCoins: 100, bonusCoins: 25 },
  ...over,
});

const line = (over: Partial<WalletLine>): WalletLine => ({
  id: 1,
  kind: 'reward',
  delta: 30,
  bonusDelta: 30,
  at: '2026-11-26T10:00:00Z',
  reward: null,
  streakDay: null,
  planName: null,
  seriesId: null,
  seriesTitle: null,
  episodeNumber: null,
  ...over,
});

describe('the wallet page', () => {
  it('shows both balances, which is spent first, and every kind of line', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/rewards': () => ok(state()),
      'GET /api/wallet': () =>
        ok(
          page([
            line({
              id: 8,
              kind: 'refund',
              delta: -40,
              bonusDelta: -40,
              reward: 'first_purchase',
              planName: '100 coins',
            }),
            line({ id: 7, reward: 'first_purchase', delta: 40, bonusDelta: 40, planName: '100 coins' }),
            line({ id: 6, kind: 'refund', delta: -100, bonusDelta: 0, planName: '100 coins' }),
            line({ id: 5, kind: 'spend', delta: -50, bonusDelta: -25, seriesTitle: 'Jade Palace', episodeNumber: 4 }),
            line({ id: 4, kind: 'purchase', delta: 100, bonusDelta: 0, planName: '100 coins' }),
            line({ id: 3, reward: 'check_in', streakDay: 2, delta: 5, bonusDelta: 5 }),
            line({ id: 2, reward: 'welcome' }),
          ]),
        ),
    });
    renderPage(<WalletPage />, '/wallet');
    expect(await screen.findByTestId('paid-coins')).toHaveProperty('textContent', '100');
    expect(screen.getByTestId('bonus-coins').textContent).toBe('25');
    expect(screen.getByText('Bonus coins are spent first, then bought coins. Coins never expire.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Coin history' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/First-purchase bonus taken back \(order refunded\).*bonus coins.*−40/),
      expect.stringMatching(/^First-purchase bonus.*bonus coins.*\+40/),
      expect.stringMatching(/Refund of 100 coins.*bought coins.*−100/),
      expect.stringMatching(/Unlocked Jade Palace, episode 4.*25 bought, 25 bonus.*−50/),
      expect.stringMatching(/Bought 100 coins.*November 26, 2026.*\+100/),
      expect.stringMatching(/Daily check-in, day 2.*bonus coins.*\+5/),
      expect.stringMatching(/Welcome coins.*\+30/),
    ]);
  });

  it('collects the welcome coins and today’s check-in, then shows them as done', async () => {
    let current = state();
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/rewards': () => ok(current),
      'GET /api/wallet': () => ok(page([])),
      'POST /api/rewards/welcome': () => {
        current = { ...current, welcome: { coins: 30, claimed: true } };
        return ok(current);
      },
      'POST /api/rewards/check-in': () => {
        current = { ...current, checkIn: { ...current.checkIn, streak: 3, claimedToday: true } };
        return ok(current);
      },
    });
    renderPage(<WalletPage />, '/wallet');
    expect(await screen.findByText('No coin movements yet.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Collect 30 coins' }));
    expect(await screen.findByText('30 welcome coins added')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collect 30 coins' })).toBeNull();
    expect(screen.getByText('2-day streak')).toBeTruthy();
    const days = screen.getByRole('list', { name: 'Streak days' });
    expect(within(days).getAllByRole('listitem')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Check in: +10 coins' }));
    expect(await screen.findByText('Checked in today: +10 coins. Come back tomorrow.')).toBeTruthy();
    expect(screen.getByText('3-day streak')).toBeTruthy();
    expect(api.requests('POST /api/rewards/check-in')).toHaveLength(1);
  });

  it('tells a guest to create an account, and an unverified account to confirm its email', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/rewards': () => ok(state({ eligible: false, wallet: { coins: 0, paidCoins: 0, bonusCoins: 0 } })),
      'GET /api/wallet': () => ok(page([])),
    });
    renderPage(<WalletPage />, '/wallet');
    expect((await screen.findAllByText('Create an account and confirm your email to collect rewards.')).length).toBe(2);
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
  });

  it('says when the wallet cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/rewards': () => (++calls === 1 ? fail(503) : ok(state())),
      'GET /api/wallet': () => fail(503),
    });
    renderPage(<WalletPage />, '/wallet');
    expect(await screen.findByText("Your wallet couldn't be loaded.")).toBeTruthy();
    expect(await screen.findByText("Your coin history couldn't be loaded.")).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByTestId('bonus-coins')).toBeTruthy();
  });
});
