import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPlan } from '@episodic/contract';
import { mockApi, OPERATOR, renderConsole } from '../../testing/console-test';

afterEach(() => {
  vi.unstubAllGlobals();
});

const monthly = (over: Partial<AdminPlan> = {}): AdminPlan => ({
  id: 'monthly',
  kind: 'membership',
  price: 499,
  currency: 'USD',
  renewalDays: 30,
  coins: 0,
  bonusCoins: 0,
  active: true,
  position: 1,
  texts: { en: { name: 'Monthly', description: 'Every episode.' } },
  paidOrders: 40,
  activeMembers: 15,
  renewingMembers: 12,
  ...over,
});

describe('plans page', () => {
  it(
    'says a new membership price is for new members only, with the server’s count of members who keep theirs, before saving',
    { timeout: 20_000 },
    async () => {
      // The count the server gives when the operator asks to save (one more member has joined since the page loaded).
      let plansAnswered = 0;
      const calls = mockApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/admin/plans') {
          plansAnswered++;
          return { code: 200, data: [monthly(plansAnswered > 1 ? { renewingMembers: 13 } : {})] };
        }
        if (method === 'PATCH' && url === '/api/admin/plans/monthly')
          return { code: 200, data: monthly({ price: 999, renewingMembers: 13 }) };
        return undefined;
      });
      renderConsole('/admin/commerce/plans');
      fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Plan monthly' });
      fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '9.99' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));

      // Nothing is saved yet: the console states what the change means, with the fresh count.
      const notice = await within(dialog).findByRole('alert');
      expect(notice.textContent).toContain('The new price, $9.99, applies to new members only.');
      expect(await within(dialog).findByText(/13 current members keep their price/)).toBeTruthy();
      expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

      // Going back and changing the price again asks again; confirming saves.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(within(dialog).queryByRole('alert')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
      // The confirm button waits for the count: the operator confirms knowing it.
      expect(await within(dialog).findByText(/13 current members keep their price/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: new members only' }));
      await vi.waitFor(() => {
        expect(screen.queryByRole('dialog')).toBeNull();
      });
      const patches = calls.filter((c) => c.method === 'PATCH');
      expect(patches).toHaveLength(1);
      expect(patches[0]!.body).toMatchObject({ price: 999, renewalDays: 30 });
    },
  );

  it('saves a change that leaves price and period alone without asking', async () => {
    const calls = mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/admin/plans') return { code: 200, data: [monthly()] };
      if (method === 'PATCH') return { code: 200, data: monthly({ active: false }) };
      return undefined;
    });
    renderConsole('/admin/commerce/plans');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan monthly' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /On sale/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('says taking a membership off sale stops new purchases only, and lists how many members of an off-sale plan still renew', async () => {
    mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/admin/plans')
        return { code: 200, data: [monthly({ active: false, renewingMembers: 7 })] };
      return undefined;
    });
    renderConsole('/admin/commerce/plans');
    expect(await screen.findByText('7 still renewing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan monthly' });
    expect(
      within(dialog).getByText(
        /Off sale stops new purchases only: current members keep renewing at the price and period they agreed to until they cancel/,
      ),
    ).toBeTruthy();
  });

  it('shows finance and support the plans to read, without the buttons that change them', async () => {
    mockApi(({ method, url }) => {
      if (url === '/api/admin/session') return { code: 200, data: { ...OPERATOR, role: 'finance_support' } };
      if (method === 'GET' && url === '/api/admin/plans') return { code: 200, data: [monthly()] };
      return undefined;
    });
    renderConsole('/admin/commerce/plans');
    expect(await screen.findByText('Monthly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New plan' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
