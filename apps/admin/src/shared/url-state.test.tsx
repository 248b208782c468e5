import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { exportQuery, param, readUrlState, useUrlState, writeUrlState } from './url-state';

const VIEW = {
  q: param.text(10),
  status: param.oneOf(['paid', 'failed'] as const),
  sort: param.oneOf(['createdAt', 'amount'] as const),
  dir: param.oneOf(['asc', 'desc'] as const),
  from: param.day(),
  page: param.page(),
};

const read = (search: string) => readUrlState(VIEW, new URLSearchParams(search));

describe('a view in the address', () => {
  it('reads what the page can show and falls back on anything else', () => {
    expect(read('q=abc&status=paid&sort=amount&dir=asc&from=2026-02-28&page=3')).toEqual({
      q: 'abc',
      status: 'paid',
      sort: 'amount',
      dir: 'asc',
      from: '2026-02-28',
      page: 3,
    });
    const fallback = { q: '', status: '', sort: '', dir: '', from: '', page: 1 };
    expect(read('')).toEqual(fallback);
    for (const bad of [
      'status=PAID',
      'status=paid%27%20OR%201=1',
      'sort=password',
      'dir=up',
      'from=2026-02-30',
      'from=yesterday',
      'page=0',
      'page=-2',
      'page=2.5',
      'page=1e3',
      'page=9999999',
      'page=',
    ])
      expect(read(bad), bad).toEqual(fallback);
    // Text is cut to what the API accepts, never refused.
    expect(read(`q=${'x'.repeat(50)}`).q).toBe('x'.repeat(10));
    // A parameter given twice: the first counts.
    expect(read('page=2&page=5').page).toBe(2);
  });

  it('writes only what differs from the defaults, and exports without the page', () => {
    const values = { ...read(''), status: 'failed' as const, page: 2 };
    expect(writeUrlState(VIEW, values).toString()).toBe('status=failed&page=2');
    expect(writeUrlState(VIEW, read('')).toString()).toBe('');
    expect(exportQuery(values)).toBe('?status=failed');
    expect(exportQuery(read(''))).toBe('');
  });

  it('adds a history entry per change: Back returns to the view before', async () => {
    function Probe() {
      const [view, set] = useUrlState(VIEW);
      return (
        <>
          <p data-testid="view">{JSON.stringify(view)}</p>
          <button onClick={() => set({ status: 'failed', page: 1 })}>failed</button>
          <button onClick={() => set({ page: view.page + 1 })}>next</button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/orders', Component: Probe }], {
      initialEntries: ['/orders?sort=amount&page=4'],
    });
    render(<RouterProvider router={router} />);
    const view = () => JSON.parse(screen.getByTestId('view').textContent!) as ReturnType<typeof read>;
    expect(view()).toMatchObject({ sort: 'amount', page: 4 });
    act(() => screen.getByText('failed').click());
    expect(router.state.location.search).toBe('?status=failed&sort=amount');
    act(() => screen.getByText('next').click());
    expect(view()).toMatchObject({ status: 'failed', sort: 'amount', page: 2 });
    await act(() => router.navigate(-1));
    expect(view()).toMatchObject({ status: 'failed', page: 1 });
    await act(() => router.navigate(-1));
    expect(view()).toMatchObject({ status: '', sort: 'amount', page: 4 });
  });
});
