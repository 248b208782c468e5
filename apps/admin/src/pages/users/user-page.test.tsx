import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConsole } from '../../testing/console-test';
import { user } from '../../testing/samples';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('user page', () => {
  it("shows the account's orders, ledger, unlocks, history and attribution", async () => {
    mockApi(({ url }) => (url === `/api/admin/users/${user.id}` ? { code: 200, data: user } : undefined));
    renderConsole(`/admin/users/${user.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'buyer@episodic.test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/admin/commerce/orders/${user.orders[0]!.id}`,
    );
    expect(screen.getByText('+1,000')).toBeTruthy();
    expect(screen.getAllByText('Midnight Heiress')).toHaveLength(2);
    expect(screen.getByText('42 s')).toBeTruthy();
    expect(screen.getByText('Facebook ads')).toBeTruthy();
  });

  it('grants coins with a reason; a retry after a failure carries the same request id (granted once)', async () => {
    let current = user;
    let attempts = 0;
    const calls = mockApi(({ url }) => {
      if (url === `/api/admin/users/${user.id}`) return { code: 200, data: current };
      if (url.endsWith('/grants')) {
        attempts += 1;
        if (attempts === 1) return { code: 500, message: 'The service did not answer.' };
        current = { ...user, coins: 370 };
        return { code: 200, data: current };
      }
      return undefined;
    });
    renderConsole(`/admin/users/${user.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Give coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Give coins' });
    fireEvent.change(within(dialog).getByLabelText('Coins'), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Playback problem' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give' }));
    await waitFor(() => {
      expect(attempts).toBe(1);
    });
    await waitFor(() => {
      expect((within(dialog).getByRole('button', { name: 'Give' }) as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const grants = calls.filter((c) => c.url.endsWith('/grants')).map((c) => c.body as { requestId: string });
    expect(grants).toHaveLength(2);
    expect(grants[0]).toMatchObject({
      kind: 'coins',
      coins: 120,
      reason: 'Playback problem',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(grants[1]!.requestId).toBe(grants[0]!.requestId);
    expect(await screen.findByText('370')).toBeTruthy();
  });

  it('disables the account with a reason', async () => {
    let current = user;
    const calls = mockApi(({ url }) => {
      if (url === `/api/admin/users/${user.id}`) return { code: 200, data: current };
      if (!url.endsWith('/disable')) return undefined;
      current = { ...user, disabledAt: '2026-11-03T09:00:00.000Z', activeSessions: 0 };
      return { code: 200, data: current };
    });
    renderConsole(`/admin/users/${user.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable account' });
    expect(within(dialog).getByText(/2 active sessions/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Chargeback fraud' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable and sign out everywhere' }));
    expect(await screen.findByRole('button', { name: 'Enable account' })).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/disable'))?.body).toEqual({ reason: 'Chargeback fraud' });
  });

  it('asks for the password again when the server wants it, keeps the form as typed, and sends the same grant again once confirmed', async () => {
    let confirmed = false;
    let current = user;
    const calls = mockApi(({ url, body }) => {
      if (url === `/api/admin/users/${user.id}`) return { code: 200, data: current };
      if (url.endsWith('/grants')) {
        if (!confirmed)
          return { code: 401, message: 'Please enter your password again to continue.', reason: 'reauth_required' };
        current = { ...user, coins: 370 };
        return { code: 200, data: current };
      }
      if (url === '/api/admin/session/password') {
        if ((body as { password: string }).password !== 'right one')
          return {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { password: 'This is not your password.' },
          };
        confirmed = true;
        return {
          code: 200,
          data: {
            id: 'a-1',
            email: 'ops@episodic.test',
            role: 'owner',
            passwordConfirmedAt: new Date().toISOString(),
            expiresAt: new Date().toISOString(),
          },
        };
      }
      return undefined;
    });
    renderConsole(`/admin/users/${user.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Give coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Give coins' });
    fireEvent.change(within(dialog).getByLabelText('Coins'), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Playback problem' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give' }));

    const prompt = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.change(within(prompt).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirm and continue' }));
    expect(await within(prompt).findByText('This is not your password.')).toBeTruthy();
    // The grant form underneath is untouched.
    expect((within(dialog).getByLabelText('Coins') as HTMLInputElement).value).toBe('120');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Playback problem');

    fireEvent.change(within(prompt).getByLabelText('Password'), { target: { value: 'right one' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirm and continue' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const grants = calls.filter((c) => c.url.endsWith('/grants')).map((c) => c.body as { requestId: string });
    expect(grants).toHaveLength(2);
    expect(grants[1]).toEqual(grants[0]);
    expect(grants[1]).toMatchObject({ kind: 'coins', coins: 120, reason: 'Playback problem' });
    expect(await screen.findByText('370')).toBeTruthy();
  });

  it('keeps the form when the operator gives up the password question, and says why nothing happened', async () => {
    mockApi(({ url }) => {
      if (url === `/api/admin/users/${user.id}`) return { code: 200, data: user };
      if (url.endsWith('/role'))
        return { code: 401, message: 'Please enter your password again to continue.', reason: 'reauth_required' };
      return undefined;
    });
    renderConsole(`/admin/users/${user.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Give operator access' }));
    const dialog = screen.getByRole('dialog', { name: 'Give operator access' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'New colleague' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give access' }));
    const prompt = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull();
    });
    expect(prompt.isConnected).toBe(false);
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your password to finish this action.');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('New colleague');
  });

  it('takes one unlock away after a confirmation naming the episode', async () => {
    let current = user;
    const calls = mockApi(({ url }) => {
      if (url === `/api/admin/users/${user.id}`) return { code: 200, data: current };
      if (url === `/api/admin/users/${user.id}/unlocks/101/revoke`) {
        current = { ...user, unlocks: [] };
        return { code: 200, data: current };
      }
      return undefined;
    });
    renderConsole(`/admin/users/${user.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Take away Midnight Heiress, episode 4' }));
    const dialog = screen.getByRole('dialog', { name: 'Take away Midnight Heiress, episode 4?' });
    expect(within(dialog).getByText(/No coins come back/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take away the unlock' }));
    expect(await screen.findByText('No episodes unlocked.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'Chargeback' }]);
  });

  it("stops a member's auto-renewal; the paid period stays", async () => {
    const member = {
      ...user,
      membership: {
        active: true,
        planId: 'weekly',
        status: 'active' as const,
        endsAt: '2099-11-09T10:00:00.000Z',
        autoRenew: true,
        cancelledAt: null,
      },
    };
    let current = member;
    mockApi(({ url }) => {
      if (url === `/api/admin/users/${user.id}`) return { code: 200, data: current };
      if (url.endsWith('/membership/stop-renewal')) {
        current = { ...member, membership: { ...member.membership, autoRenew: false } };
        return { code: 200, data: current };
      }
      return undefined;
    });
    renderConsole(`/admin/users/${user.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop auto-renewal…' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop auto-renewal' });
    expect(within(dialog).getByText(/keeps access until November 9, 2099/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Asked by email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop auto-renewal' }));
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Stop auto-renewal…' })).toBeNull();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
