import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConsole } from '../../testing/console-test';
import { order } from '../../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('order page', () => {
  it('refunds with a reason: the order shows refunded and what was taken back', async () => {
    const paid = order();
    let current = paid;
    const calls = mockApi(({ url, body }) => {
      if (url === `/api/admin/orders/${paid.id}/refund`) {
        if (!(body as { reason: string }).reason.trim())
          return {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { reason: 'Say why the order is refunded (the buyer may ask).' },
          };
        current = order({
          status: 'refunded',
          refund: {
            status: 'succeeded',
            amount: 899,
            reason: 'Bought by mistake',
            by: 'ops@episodic.test',
            error: null,
            coinsReversed: 1050,
            coinsShort: 50,
            rewardCoinsReversed: 20,
            rewardCoinsShort: 20,
            membershipEndsAt: null,
            createdAt: paid.createdAt,
            completedAt: paid.createdAt,
          },
        });
        return { code: 200, data: current };
      }
      if (url === `/api/admin/orders/${paid.id}`) return { code: 200, data: current };
      return undefined;
    });
    renderConsole(`/admin/commerce/orders/${paid.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '1,000 coins · $8.99' })).toBeTruthy();
    expect(screen.getByText('IwAR-1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund $8.99' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $8.99' }));
    expect(await within(dialog).findByText('Say why the order is refunded (the buyer may ask).')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bought by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $8.99' }));
    expect(await screen.findByText('1050 (50 already spent)')).toBeTruthy();
    expect(screen.getByText('First-purchase bonus taken back')).toBeTruthy();
    expect(screen.getByText('20 (20 already spent)')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: '' },
      { reason: 'Bought by mistake' },
    ]);
  });
});
