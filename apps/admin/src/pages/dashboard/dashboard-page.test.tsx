import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type Reply } from '../../testing/console-test';
import { renderConsole } from '../../testing/console-test';
import { dashboard } from '../../testing/samples';
import { isoDay } from '../../shared/format';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A KPI tile's text (its label is a paragraph; the charts' legends say some labels too). */
const kpi = (label: string) => screen.getAllByText(label).find((el) => el.tagName === 'P')!.parentElement!.textContent;

describe('dashboard', () => {
  it('shows gross, refunds and net revenue, memberships paid and granted, and conversions by source', async () => {
    const calls = mockApi();
    renderConsole('/admin/');
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(kpi('Gross revenue')).toBe('Gross revenue$123.459 paid orders');
    expect(kpi('Refunds')).toBe('Refunds$4.991 refund made in the period');
    expect(kpi('Net revenue')).toBe('Net revenue$118.46gross − refunds');
    expect(kpi('Active memberships')).toBe('Active memberships21now: 17 paid · 4 granted');
    expect(kpi('New accounts')).toBe('New accounts42300 new visitors');
    expect(screen.getByText('New in the period: 3 bought · 2 granted')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Revenue per day: Gross $123.45, Refunds $4.99, Net $118.46' }),
    ).toBeTruthy();
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

  it('shows that a new period is loading instead of the old figures under the new dates', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const week = `/api/admin/dashboard?from=${isoDay(-6)}&to=${isoDay(0)}`;
    mockApi(({ url }) => (url === week ? new Promise<Reply>((resolve) => (answer = resolve)) : undefined));
    renderConsole('/admin/');
    await screen.findByText('$123.45');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    // Role queries are slow over the charts' SVG: the loading line is found by its text, then its role.
    const loading = await screen.findByText(/^Loading the figures for /);
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.closest('[aria-busy]')).toBeTruthy();
    expect(screen.queryByText('$123.45')).toBeNull();
    expect(screen.queryByText('Gross revenue')).toBeNull();
    answer({
      code: 200,
      data: { ...dashboard, from: isoDay(-6), totals: { ...dashboard.totals, gross: 700, net: 201 } },
    });
    expect(await screen.findByText('$7.00')).toBeTruthy();
    expect(screen.queryByText(/^Loading the figures for /)).toBeNull();
  });

  it.each([
    ['an end before the start', '2026-01-10', '2026-01-01', { to: 'The end date is before the start date.' }],
    ['too long a period', '2024-01-01', '2026-01-31', { from: 'Choose at most 366 days.' }],
  ])('shows the server’s refusal of %s on the field it names', async (_, from, to, fields) => {
    const calls = mockApi(({ url }) =>
      url === `/api/admin/dashboard?from=${from}&to=${to}`
        ? { code: 422, message: 'Some fields are not valid.', reason: 'invalid_input', fields }
        : undefined,
    );
    renderConsole('/admin/');
    await screen.findByText('$123.45');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const [field, message] = Object.entries(fields)[0]!;
    const input = screen.getByLabelText(field === 'from' ? 'From' : 'To');
    await waitFor(() => {
      expect(input.getAttribute('aria-invalid')).toBe('true');
    });
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((el) => el?.textContent)).toContain(message);
    expect(calls.map((c) => c.url)).toContain(`/api/admin/dashboard?from=${from}&to=${to}`);
    // No figures of another period under these dates.
    expect(screen.queryByText('$123.45')).toBeNull();
    expect(screen.getByText(/Choose a period the dashboard can show/)).toBeTruthy();
    expect(screen.getByText('No period shown')).toBeTruthy();
  });

  it('keeps the period in the address: a link opens it, and an empty date is refused on its field before asking', async () => {
    const calls = mockApi();
    const { router } = renderConsole('/admin/?from=2026-01-01&to=2026-01-31');
    await screen.findByText('$123.45');
    expect(calls.map((c) => c.url)).toContain('/api/admin/dashboard?from=2026-01-01&to=2026-01-31');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-01');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const input = screen.getByLabelText('From');
    await waitFor(() => {
      expect(input.getAttribute('aria-invalid')).toBe('true');
    });
    expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-01-31');
    expect(calls.map((c) => c.url)).not.toContain('/api/admin/dashboard?from=&to=2026-01-31');
  });
});
