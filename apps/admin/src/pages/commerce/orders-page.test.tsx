import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page, renderConsole } from '../../testing/console-test';
import { order } from '../../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

const listCalls = (calls: { url: string }[]) =>
  calls.map((c) => c.url).filter((u) => u.startsWith('/api/admin/orders?'));

describe('orders page', () => {
  it(
    'keeps search, filters, sort and page in the address; Back returns to the view before',
    { timeout: 20_000 },
    async () => {
      const calls = mockApi(({ url }) =>
        url.startsWith('/api/admin/orders?')
          ? { code: 200, data: page([order()], { page: 2, total: 30, hasMore: true }) }
          : undefined,
      );
      // A shared link opens the view it names.
      const { router } = renderConsole('/admin/commerce?q=6f1c&status=paid&sort=amount&dir=asc&page=2');
      await waitFor(() => {
        expect(listCalls(calls)).toContain(
          '/api/admin/orders?page=2&pageSize=25&q=6f1c&status=paid&sort=amount&dir=asc',
        );
      });
      const amount = await screen.findByRole('columnheader', { name: /Amount/ }, { timeout: 8000 });
      expect(amount.getAttribute('aria-sort')).toBe('ascending');
      expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('6f1c');
      expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
      expect(screen.getByRole('link', { name: 'Download orders (CSV)' }).getAttribute('href')).toBe(
        '/api/admin/orders/export?q=6f1c&status=paid&sort=amount&dir=asc',
      );

      // Sorting by another column starts again on page 1, in that column's first direction.
      fireEvent.click(screen.getByRole('button', { name: /^Opened/ }));
      await waitFor(() => {
        expect(router.state.location.search).toBe('?q=6f1c&status=paid&sort=createdAt&dir=desc');
        expect(screen.getByRole('columnheader', { name: /Opened/ }).getAttribute('aria-sort')).toBe('descending');
      });
      // Back: the earlier view again, its sort shown and its rows asked for.
      await act(() => router.navigate(-1));
      expect(router.state.location.search).toBe('?q=6f1c&status=paid&sort=amount&dir=asc&page=2');
      await waitFor(() => {
        expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe('ascending');
      });
      expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('6f1c');
    },
  );

  it('opens on the default view when the address holds values it cannot show', { timeout: 20_000 }, async () => {
    const calls = mockApi();
    renderConsole('/admin/commerce?status=stolen&sort=password&dir=up&page=-1&from=2026-02-31');
    expect(await screen.findByText('No orders match.')).toBeTruthy();
    expect(listCalls(calls)).toEqual(['/api/admin/orders?page=1&pageSize=25']);
  });

  it('says "at least" when a search is too common to count', { timeout: 20_000 }, async () => {
    mockApi(({ url }) =>
      url.startsWith('/api/admin/orders?')
        ? { code: 200, data: page([order()], { total: 100, totalIsLowerBound: true, hasMore: true }) }
        : undefined,
    );
    renderConsole('/admin/commerce?q=example.com');
    expect(await screen.findByText('1–25 of 100+', undefined, { timeout: 8000 })).toBeTruthy();
  });
});
