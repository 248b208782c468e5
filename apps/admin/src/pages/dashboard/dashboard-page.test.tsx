import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConsole } from '../../testing/console-test';
import { isoDay } from '../../shared/format';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('shows the period totals, charts, and conversions and revenue by source', async () => {
    const calls = mockApi();
    renderConsole('/admin/');
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('$123.45')).toBeTruthy();
    expect(screen.getByText('$4.99 refunded')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Revenue per day: Revenue \$123\.45/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Plays per day: Plays 1,234' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Purchases by source: Facebook ads 4, TikTok ads 2, Referrer links 1, Organic 1',
      }),
    ).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Facebook ads').closest('tr')?.textContent).toBe('Facebook ads4$59.96');
    expect(within(table).getByText('Renewals').closest('tr')?.textContent).toBe('Renewals2$29.98');
    expect(calls.find((c) => c.url.startsWith('/api/admin/dashboard'))?.url).toBe(
      `/api/admin/dashboard?from=${isoDay(-29)}&to=${isoDay(0)}`,
    );
  });

  it('asks for another period', async () => {
    const calls = mockApi();
    renderConsole('/admin/');
    await screen.findByText('1,234');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => {
      expect(calls.map((c) => c.url)).toContain(`/api/admin/dashboard?from=${isoDay(-6)}&to=${isoDay(0)}`);
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    expect(screen.getByText('Ends before it starts')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => {
      expect(calls.map((c) => c.url)).toContain('/api/admin/dashboard?from=2026-01-10&to=2026-01-31');
    });
  });
});
