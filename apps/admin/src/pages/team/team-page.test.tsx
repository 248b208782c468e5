import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '@episodic/contract/constants';
import { mockApi, OPERATOR, renderConsole } from '../../testing/console-test';
import { sectionOf, sectionsFor } from '../../app/sections';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const team = {
  members: [
    { id: 'a-1', email: 'ops@episodic.test', role: 'owner', status: 'active', lastSignInAt: null, you: true },
    {
      id: 'b-2',
      email: 'editor@episodic.test',
      role: 'content',
      status: 'active',
      lastSignInAt: '2026-11-03T09:00:00.000Z',
      you: false,
    },
  ],
  invitations: [
    {
      id: 'c-3',
      email: 'new@episodic.test',
      role: 'finance_support',
      invitedBy: 'ops@episodic.test',
      createdAt: '2026-11-03T09:00:00.000Z',
      expiresAt: '2026-11-06T09:00:00.000Z',
    },
  ],
};

/** The console as an operator of `role`. */
function as(role: OperatorRole, handler: Parameters<typeof mockApi>[0] = () => undefined) {
  return mockApi((call) =>
    call.url === '/api/admin/session' && call.method === 'GET'
      ? { code: 200, data: { ...OPERATOR, role } }
      : handler(call),
  );
}

describe('navigation by role', () => {
  it('shows each role only its sections', async () => {
    as('content');
    renderConsole('/admin/content');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Content', 'Homepage']);
    expect(sectionsFor('finance_support').map((s) => s.title)).toEqual(['Dashboard', 'Commerce', 'Users', 'Inbox']);
    expect(sectionsFor('owner')).toHaveLength(9);
    for (const role of OPERATOR_ROLES) expect(sectionsFor(role).length).toBeGreaterThan(0);
    expect(sectionOf('/commerce/orders/x')?.title).toBe('Commerce');
    expect(sectionOf('/')?.title).toBe('Dashboard');
  });

  it('says plainly when an address is outside the role, and asks nothing of the server for it', async () => {
    const calls = as('content');
    renderConsole('/admin/commerce/orders/abc');
    expect(await screen.findByRole('heading', { name: "You don't have access" })).toBeTruthy();
    expect(screen.getByText(/not included in your role \(Content\)/)).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/orders'))).toBe(false);
  });

  it('starts a role without the dashboard on its first section', async () => {
    as('content');
    renderConsole('/admin/');
    expect(await screen.findByRole('heading', { name: 'Content' })).toBeTruthy();
  });
});

describe('team page', () => {
  it('lists operators and invitations, and invites with the chosen role', async () => {
    const calls = as('owner', ({ url, method }) => {
      if (url === '/api/admin/team' && method === 'GET') return { code: 200, data: team };
      if (url === '/api/admin/team/invitations') return { code: 200, data: team };
      return undefined;
    });
    renderConsole('/admin/team');
    expect(await screen.findByText('editor@episodic.test')).toBeTruthy();
    expect(screen.getByText('new@episodic.test')).toBeTruthy();
    expect(screen.getByText('You')).toBeTruthy();
    // Your own role is not a choice.
    expect(screen.queryByLabelText('Role of ops@episodic.test')).toBeNull();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'finance@episodic.test' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'finance_support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => {
      expect(calls.find((c) => c.url === '/api/admin/team/invitations')?.body).toEqual({
        email: 'finance@episodic.test',
        role: 'finance_support',
      });
    });
    expect(await screen.findByText(/Invitation sent to finance@episodic.test/)).toBeTruthy();
  });

  it("shows the server's refusal of the last owner's demotion", async () => {
    as('owner', ({ url, method }) => {
      if (url === '/api/admin/team' && method === 'GET') return { code: 200, data: team };
      if (url === '/api/admin/team/b-2/disable')
        return { code: 409, message: 'This is the last owner. Make another operator an owner first.' };
      return undefined;
    });
    renderConsole('/admin/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/This is the last owner/)).toBeTruthy();
  });
});

describe('invitation page', () => {
  it('sets a password from the emailed link, then signs in', async () => {
    window.location.hash = '#token=abc';
    const calls = mockApi(({ url, method }) => {
      if (url === '/api/admin/invitations/check')
        return {
          code: 200,
          data: {
            email: 'new@episodic.test',
            role: 'content',
            hasAccount: false,
            expiresAt: '2026-11-06T09:00:00.000Z',
          },
        };
      if (url === '/api/admin/invitations/accept')
        return { code: 200, data: { email: 'new@episodic.test', role: 'content' } };
      if (url === '/api/admin/session' && method === 'POST')
        return { code: 200, data: { ...OPERATOR, role: 'content' } };
      return undefined;
    });
    renderConsole('/admin/invitation');
    expect(await screen.findByRole('heading', { name: 'Join the team as Content' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a password 1' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'another 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'a password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => {
      expect(calls.find((c) => c.url === '/api/admin/invitations/accept')?.body).toEqual({
        token: 'abc',
        password: 'a password 1',
      });
      expect(calls.some((c) => c.url === '/api/admin/session' && c.method === 'POST')).toBe(true);
    });
  });

  it('says when a link no longer works', async () => {
    window.location.hash = '#token=used';
    mockApi(({ url }) =>
      url === '/api/admin/invitations/check'
        ? { code: 410, message: 'This invitation was already used. Sign in to the console instead.' }
        : undefined,
    );
    renderConsole('/admin/invitation');
    expect(await screen.findByText(/already used/)).toBeTruthy();
  });
});
