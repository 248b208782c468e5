import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, OPERATOR, renderConsole } from '../testing/console-test';
import { series as sampleSeries } from '../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

const tag = (id: number, slug: string, position: number) => ({
  id,
  slug,
  position,
  names: { en: slug[0]!.toUpperCase() + slug.slice(1) },
  series: 0,
});

function press(key: string, shiftKey = false) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, shiftKey });
}

describe('keyboard use of the console', () => {
  it('keeps Tab inside a dialog, closes it with Escape and gives focus back to the button that opened it', async () => {
    mockApi();
    renderConsole('/admin/content/tags');
    const opener = await screen.findByRole('button', { name: 'New tag' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await waitFor(() => {
      expect(dialog.contains(document.activeElement)).toBe(true);
    });
    // From the last stop, Tab goes round to the first one in the dialog, and Shift+Tab comes back.
    const create = within(dialog).getByRole('button', { name: 'Create tag' });
    create.focus();
    press('Tab');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(create);
    press('Tab', true);
    expect(document.activeElement).toBe(create);
    press('Escape');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'New tag' })).toBeNull();
    });
    expect(document.activeElement).toBe(opener);
  });

  it('keeps focus on the row that was moved, on the other arrow once the row reaches the top', async () => {
    let tags = [tag(1, 'romance', 0), tag(2, 'revenge', 1), tag(3, 'ceo', 2)];
    const calls = mockApi(({ method, url, body }) => {
      if (url === '/api/admin/tags' && method === 'GET') return { code: 200, data: tags };
      if (url === '/api/admin/tag-order') {
        const ids = (body as { ids: number[] }).ids;
        tags = ids.map((id, position) => ({ ...tags.find((t) => t.id === id)!, position }));
        return { code: 200, data: {} };
      }
      return undefined;
    });
    renderConsole('/admin/content/tags');
    const up = await screen.findByRole('button', { name: 'Move revenge up' });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => {
      expect(screen.getAllByRole('row')[1]!.textContent).toContain('Revenge');
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move revenge down' }));
    });
    expect(screen.getByText('revenge moved to position 1 of 3.')).toBeTruthy();
    // Pressed again from the keyboard: the same row moves back down and keeps the focus.
    fireEvent.click(document.activeElement!);
    await waitFor(() => {
      expect(screen.getAllByRole('row')[2]!.textContent).toContain('Revenge');
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move revenge down' }));
    });
    expect(calls.filter((c) => c.url === '/api/admin/tag-order').map((c) => c.body)).toEqual([
      { ids: [2, 1, 3] },
      { ids: [1, 2, 3] },
    ]);
  });
});

describe('unsaved work', () => {
  it('asks before leaving a page with unsaved edits, and keeps them when the operator stays', async () => {
    mockApi(({ url }) => {
      if (url === `/api/admin/series/${sampleSeries.id}`) return { code: 200, data: sampleSeries };
      return undefined;
    });
    renderConsole(`/admin/content/series/${sampleSeries.id}`);
    const title = await screen.findByLabelText('Title (English)');
    fireEvent.change(title, { target: { value: 'A better title' } });
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    });
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('A better title');

    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave and lose the changes',
      }),
    );
    await waitFor(() => {
      expect(screen.queryByLabelText('Title (English)')).toBeNull();
    });
  });

  it('leaves without asking once the edits are undone', async () => {
    mockApi(({ url }) => {
      if (url === `/api/admin/series/${sampleSeries.id}`) return { code: 200, data: sampleSeries };
      return undefined;
    });
    renderConsole(`/admin/content/series/${sampleSeries.id}`);
    const title = (await screen.findByLabelText('Title (English)')) as HTMLInputElement;
    const original = title.value;
    fireEvent.change(title, { target: { value: 'A better title' } });
    fireEvent.change(title, { target: { value: original } });
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => {
      expect(screen.queryByLabelText('Title (English)')).toBeNull();
    });
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('asks the operator whose session ended to sign in again, keeps what was typed and sends it after', async () => {
    let signedIn = false;
    const calls = mockApi(({ method, url }) => {
      if (url === `/api/admin/series/${sampleSeries.id}` && method === 'GET') return { code: 200, data: sampleSeries };
      if (url === `/api/admin/series/${sampleSeries.id}` && method === 'PATCH')
        return signedIn
          ? {
              code: 200,
              data: {
                ...sampleSeries,
                texts: { ...sampleSeries.texts, en: { title: 'A better title', synopsis: '' } },
              },
            }
          : { code: 401, message: 'Please sign in to the console to continue.', reason: 'console_login_required' };
      if (url === '/api/admin/session' && method === 'POST') {
        signedIn = true;
        return { code: 200, data: OPERATOR };
      }
      return undefined;
    });
    renderConsole(`/admin/content/series/${sampleSeries.id}`);
    fireEvent.change(await screen.findByLabelText('Title (English)'), { target: { value: 'A better title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const prompt = await screen.findByRole('dialog', { name: 'Your session ended' });
    expect((within(prompt).getByLabelText('Email') as HTMLInputElement).value).toBe(OPERATOR.email);
    fireEvent.change(within(prompt).getByLabelText('Password'), { target: { value: 'the password' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Sign in and continue' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Your session ended' })).toBeNull();
    });
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2);
    });
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/admin/session')?.body).toEqual({
      email: OPERATOR.email,
      password: 'the password',
    });
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('A better title');
  });

  it('keeps the page under the sign-in question when the session is found ended on return to the tab', async () => {
    onTestFinished(() => {
      vi.restoreAllMocks();
      focusManager.setFocused(undefined);
    });
    let ended = false;
    mockApi(({ method, url }) => {
      if (url === '/api/admin/session' && method === 'GET' && ended)
        return { code: 401, message: 'Please sign in to the console to continue.', reason: 'console_login_required' };
      if (url === `/api/admin/series/${sampleSeries.id}`) return { code: 200, data: sampleSeries };
      return undefined;
    });
    renderConsole(`/admin/content/series/${sampleSeries.id}`);
    fireEvent.change(await screen.findByLabelText('Title (English)'), { target: { value: 'Typed before lunch' } });
    ended = true;
    // Back to the tab after lunch: the session read is stale and asked again.
    const later = Date.now() + 2 * 60 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('dialog', { name: 'Your session ended' })).toBeTruthy();
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Typed before lunch');
  });
});
