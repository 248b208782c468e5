import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page, renderConsole } from '../../testing/console-test';
import { auditEntry } from '../../testing/samples';
import { changedKeys } from './audit-page';
import { fieldLabel, readableScalar, targetLink } from './audit-values';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = '6f1c2a3b-0000-4000-8000-000000000001';

describe('audit log page', () => {
  it(
    'lists who changed what, from where and when to the second, links the target, and filters',
    { timeout: 20_000 },
    async () => {
      const calls = mockApi(({ url }) =>
        url.startsWith('/api/admin/audit')
          ? {
              code: 200,
              data: page(
                [
                  auditEntry({
                    at: '2026-11-02T10:00:07.000Z',
                    summary: 'Edited the plan monthly (price 14.99 USD → 12.99 USD)',
                    before: { price: 1499, currency: 'USD', texts: { es: { name: 'Mensual' } } },
                    after: { price: 1299, currency: 'USD', texts: { es: { name: 'Mensual plus' } } },
                  }),
                  auditEntry({
                    id: 8,
                    action: 'order.refund',
                    targetType: 'order',
                    targetId: ORDER_ID,
                    summary: 'Refunded 8.99 USD',
                    reason: 'Bought by mistake',
                    before: { status: 'paid' },
                    after: { status: 'refunded' },
                    ip: '198.51.100.23',
                  }),
                ],
                { total: 2 },
              ),
            }
          : undefined,
      );
      const { router } = renderConsole('/admin/audit-log');
      expect(await screen.findByText('Edited the plan monthly (price 14.99 USD → 12.99 USD)')).toBeTruthy();
      const refund = screen.getByText('Refunded 8.99 USD').closest('tr')!;
      expect(within(refund).getByText('198.51.100.23')).toBeTruthy();
      expect(within(refund).getByRole('link', { name: 'Order 6f1c2a3b…' }).getAttribute('href')).toBe(
        `/admin/commerce/orders/${ORDER_ID}`,
      );
      const plan = screen.getByText('Edited the plan monthly (price 14.99 USD → 12.99 USD)').closest('tr')!;
      expect(within(plan).getByText(/:07/)).toBeTruthy();

      fireEvent.click(within(plan).getByRole('button', { name: 'Details' }));
      // Money with its currency, language names instead of codes.
      expect(screen.getByText('$14.99')).toBeTruthy();
      expect(screen.getByText('$12.99')).toBeTruthy();
      expect(screen.getAllByText('Spanish').length).toBeGreaterThan(0);
      expect(screen.getByText('Mensual plus')).toBeTruthy();
      expect(screen.queryByText('es')).toBeNull();

      fireEvent.change(screen.getByLabelText('About'), { target: { value: 'order' } });
      fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'order.refund' } });
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
      await waitFor(() => {
        expect(calls.map((c) => c.url)).toContain(
          '/api/admin/audit?page=1&pageSize=50&action=order.refund&targetType=order',
        );
      });
      // The filter is in the address, and the download takes it along.
      expect(router.state.location.search).toBe('?targetType=order&action=order.refund');
      expect(screen.getByRole('link', { name: 'Download log (CSV)' }).getAttribute('href')).toBe(
        '/api/admin/audit/export?targetType=order&action=order.refund',
      );
    },
  );

  it('compares the values before and after', () => {
    expect(changedKeys({ price: 1, active: true }, { price: 2, active: true })).toEqual(['price']);
    expect(changedKeys(null, { status: 'draft' })).toEqual(['status']);
    expect(changedKeys({ texts: { en: 'a' } }, { texts: { en: 'a' } })).toEqual([]);
  });

  it('reads recorded values as words, money and names', () => {
    expect(fieldLabel('dy')).toBe('German');
    expect(fieldLabel('unlockCost')).toBe('Unlock cost (coins)');
    expect(fieldLabel('failure_reason')).toBe('Failure reason');
    expect(readableScalar(1999, 'price', 'EUR')).toBe('€19.99');
    expect(readableScalar(1999, 'coins')).toBe('1,999');
    expect(readableScalar('fy', 'language')).toBe('French');
    expect(readableScalar(true)).toBe('Yes');
    expect(targetLink({ targetType: 'episode', targetId: '31', seriesId: 4 })).toBe('/content/series/4');
    expect(targetLink({ targetType: 'episode', targetId: '31', seriesId: null })).toBeNull();
    expect(targetLink({ targetType: 'user', targetId: 'u-1', seriesId: null })).toBe('/users/u-1');
  });
});
