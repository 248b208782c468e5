import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page, renderConsole } from '../../testing/console-test';
import { auditEntry } from '../../testing/samples';
import { changedKeys } from './audit-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('audit log page', () => {
  it('lists who changed what, shows what changed, and filters', async () => {
    const calls = mockApi(({ url }) =>
      url.startsWith('/api/admin/audit')
        ? {
            code: 200,
            data: page(
              [
                auditEntry(),
                auditEntry({
                  id: 8,
                  action: 'order.refund',
                  summary: 'Refunded 8.99 USD',
                  reason: 'Bought by mistake',
                  before: { status: 'paid' },
                  after: { status: 'refunded' },
                }),
              ],
              { total: 2 },
            ),
          }
        : undefined,
    );
    renderConsole('/admin/audit-log');
    expect(await screen.findByText('Edited the plan monthly (price 1499 → 1299)')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Details' })[1]!);
    expect(screen.getByText('Bought by mistake')).toBeTruthy();
    expect(screen.getByText('"paid"')).toBeTruthy();
    expect(screen.getByText('"refunded"')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'order' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'order.refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => {
      expect(calls.map((c) => c.url)).toContain(
        '/api/admin/audit?page=1&pageSize=50&action=order.refund&targetType=order',
      );
    });
  });

  it('compares the values before and after', () => {
    expect(changedKeys({ price: 1, active: true }, { price: 2, active: true })).toEqual(['price']);
    expect(changedKeys(null, { status: 'draft' })).toEqual(['status']);
    expect(changedKeys({ texts: { en: 'a' } }, { texts: { en: 'a' } })).toEqual([]);
  });
});
