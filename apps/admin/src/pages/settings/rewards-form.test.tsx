import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConsole } from '../../testing/console-test';

afterEach(() => {
  vi.unstubAllGlobals();
});

const form = async () => {
  const card = (await screen.findByRole('heading', { name: 'Rewards' })).closest('section')!;
  await within(card).findByLabelText('Coins for a new viewer');
  return within(card);
};
const puts = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'PUT');
const type = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
};

describe('the rewards form', () => {
  it('shows each amount with its unit and whether it is on; the first-purchase bonus is off until set', async () => {
    mockApi();
    renderConsole('/admin/settings');
    const card = await form();
    expect((card.getByLabelText('Coins for a new viewer') as HTMLInputElement).value).toBe('30');
    expect((card.getByLabelText('Bonus coins with a buyer’s first paid order') as HTMLInputElement).value).toBe('0');
    expect((card.getByLabelText('Day 7 and after') as HTMLInputElement).value).toBe('30');
    expect(card.getAllByText('coins').length).toBe(9);
    expect(card.getByText(/Ships off \(0\): set an amount to offer it/)).toBeTruthy();
    expect(card.getAllByText('Off')).toHaveLength(1);
    expect(card.getAllByText('On')).toHaveLength(2);
    expect(card.getByText('0 = off.')).toBeTruthy();
    // Edited here only: the generic list leaves the reward keys out.
    expect(screen.queryByLabelText('Value of rewards_welcome_coins')).toBeNull();
    expect(screen.getByLabelText('Value of support_chat_url')).toBeTruthy();
  });

  it('refuses what is not whole coins from 0 to 10,000 before sending anything', async () => {
    const calls = mockApi();
    renderConsole('/admin/settings');
    const card = await form();
    type(card.getByLabelText('Coins for a new viewer'), '-5');
    type(card.getByLabelText('Bonus coins with a buyer’s first paid order'), '20000');
    type(card.getByLabelText('Day 2'), '2.5');
    fireEvent.click(card.getByRole('button', { name: 'Save rewards' }));
    expect(await card.findAllByText('Whole coins from 0 to 10,000.')).toHaveLength(3);
    expect(card.getByLabelText('Coins for a new viewer').getAttribute('aria-invalid')).toBe('true');
    type(card.getByLabelText('Day 2'), '');
    fireEvent.click(card.getByRole('button', { name: 'Save rewards' }));
    expect(await card.findByText('Enter a number of coins (0 = off).')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('puts the server’s field errors (422) under their inputs', async () => {
    mockApi(({ method, url }) =>
      method === 'PUT' && url === '/api/admin/rewards'
        ? {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { 'checkInCoins.2': 'Must be 10000 or less.', firstPurchaseCoins: 'Must be a whole number.' },
          }
        : undefined,
    );
    renderConsole('/admin/settings');
    const card = await form();
    type(card.getByLabelText('Coins for a new viewer'), '40');
    fireEvent.click(card.getByRole('button', { name: 'Save rewards' }));
    expect(await card.findByText('Must be 10000 or less.')).toBeTruthy();
    expect(card.getByLabelText('Day 3').getAttribute('aria-invalid')).toBe('true');
    expect(card.getByLabelText('Bonus coins with a buyer’s first paid order').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(card.getByText('Please check the highlighted fields.')).toBeTruthy();
    expect(card.queryByText(/Saved\./)).toBeNull();
  });

  it('saves whole coins, a day added, and confirms that viewers see them now', async () => {
    const calls = mockApi(({ method, url, body }) =>
      method === 'PUT' && url === '/api/admin/rewards'
        ? { code: 200, data: { ...(body as object), updatedAt: '2026-11-05T12:00:00.000Z' } }
        : undefined,
    );
    renderConsole('/admin/settings');
    const card = await form();
    expect((card.getByRole('button', { name: 'Save rewards' }) as HTMLButtonElement).disabled).toBe(true);
    type(card.getByLabelText('Bonus coins with a buyer’s first paid order'), '100');
    fireEvent.click(card.getByRole('button', { name: 'Add a day' }));
    expect((card.getByLabelText('Day 8 and after') as HTMLInputElement).value).toBe('30');
    type(card.getByLabelText('Day 8 and after'), '50');
    fireEvent.click(card.getByRole('button', { name: 'Save rewards' }));
    expect(await card.findByText('Saved. Viewers see the new amounts now.')).toBeTruthy();
    expect(puts(calls).map((c) => c.body)).toEqual([
      { welcomeCoins: 30, checkInCoins: [5, 5, 10, 10, 15, 15, 30, 50], firstPurchaseCoins: 100 },
    ]);
    expect(card.queryAllByText('Off')).toHaveLength(0);
    // Editing again takes the confirmation away until the next save.
    type(card.getByLabelText('Coins for a new viewer'), '35');
    await waitFor(() => {
      expect(card.queryByText('Saved. Viewers see the new amounts now.')).toBeNull();
    });
  });

  it('turns the check-in off by removing its days', async () => {
    const calls = mockApi(({ method, url, body }) =>
      method === 'PUT' && url === '/api/admin/rewards'
        ? { code: 200, data: { ...(body as object), updatedAt: '2026-11-05T12:00:00.000Z' } }
        : undefined,
    );
    renderConsole('/admin/settings');
    const card = await form();
    for (let i = 0; i < 7; i++) fireEvent.click(card.getByRole('button', { name: 'Remove the last day' }));
    expect(card.getByText('No check-in days: the daily check-in is off.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Save rewards' }));
    await card.findByText('Saved. Viewers see the new amounts now.');
    expect(puts(calls).map((c) => c.body)).toEqual([{ welcomeCoins: 30, checkInCoins: [], firstPurchaseCoins: 0 }]);
  });
});
