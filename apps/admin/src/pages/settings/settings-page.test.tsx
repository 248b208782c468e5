import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConsole } from '../../testing/console-test';
import { settings } from '../../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings page', () => {
  it('saves a pixel id, shows a refused value, and reports mail and payments', { timeout: 20_000 }, async () => {
    const calls = mockApi(({ method, url, body }) => {
      if (method === 'PUT' && url === '/api/admin/settings/config/facebook_pixel_id') {
        const value = (body as { value: string }).value;
        if (value.includes('<'))
          return {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { value: 'A pixel id has only letters, digits, dots, hyphens and underscores.' },
          };
        return { code: 200, data: { ...settings, config: [{ ...settings.config[0]!, value }, settings.config[1]!] } };
      }
      return undefined;
    });
    renderConsole('/admin/settings');
    const input = await screen.findByLabelText('Value of facebook_pixel_id');
    const row = input.closest('tr')!;
    fireEvent.change(input, { target: { value: '<script>' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A pixel id has only letters, digits, dots, hyphens and underscores.')).toBeTruthy();
    expect(screen.queryByText('Saved. Viewers see the change now.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Value of facebook_pixel_id'), { target: { value: '1234567890' } });
    fireEvent.click(
      within(screen.getByLabelText('Value of facebook_pixel_id').closest('tr')!).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => {
      expect((screen.getByLabelText('Value of facebook_pixel_id') as HTMLInputElement).value).toBe('1234567890');
    });
    expect(await screen.findByText('Saved. Viewers see the change now.')).toBeTruthy();
    // Editing again clears the confirmation: it described the value no longer in the field.
    fireEvent.change(screen.getByLabelText('Value of facebook_pixel_id'), { target: { value: '12345678901' } });
    expect(screen.queryByText('Saved. Viewers see the change now.')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { value: '<script>' },
      { value: '1234567890' },
    ]);
    expect(screen.getByText('Outbox folder (nothing is sent)')).toBeTruthy();
    const contact = screen.getByText('Contact messages').nextElementSibling as HTMLElement;
    expect(within(contact).getByRole('link', { name: 'Inbox' }).getAttribute('href')).toBe('/admin/inbox');
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
  });
});
