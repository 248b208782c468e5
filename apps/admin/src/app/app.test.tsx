import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi as mockConsoleApi, OPERATOR as admin, renderConsole, type Reply } from '../testing/console-test';

type Handler = (url: string, init: RequestInit) => Reply;

/** Answers by URL; what the handler leaves out gets a healthy server's answer. */
function mockApi(handler: Handler) {
  mockConsoleApi(({ method, url, body }) =>
    handler(url, { method, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return vi.mocked(fetch);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session gate', () => {
  it('shows the sign-in form when not signed in (401)', async () => {
    mockApi(() => ({ code: 401, message: 'Login required' }));
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
  });

  it('shows the shell with navigation and the operator when the session is an admin (200)', async () => {
    mockConsoleApi();
    renderConsole();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Content', 'Homepage', 'Commerce', 'Users', 'Inbox', 'Settings', 'Audit log', 'Team']);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('ops@episodic.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('opens a section from the navigation', async () => {
    mockConsoleApi();
    renderConsole();
    fireEvent.click(await screen.findByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit-log');
  });

  it("offers the console's sign-in to an account without operator access (403), without signing the viewer app out", async () => {
    const fetchMock = mockApi(() => ({ code: 403, message: 'This account has no operator access.' }));
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText(/has no operator access\. Sign in with an operator account/)).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContain('/api/user/logout');
  });

  it('signs out of the console only', async () => {
    let signedIn = true;
    const calls: string[] = [];
    mockApi((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/admin/session' && init.method === 'DELETE') {
        signedIn = false;
        return { code: 200, data: {} };
      }
      return signedIn ? (undefined as unknown as Reply) : { code: 401, message: 'Login required' };
    });
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(calls).toContain('DELETE /api/admin/session');
    expect(calls.some((c) => c.includes('/api/user/'))).toBe(false);
  });

  it('signs in, shows field and credential errors, then opens the console', async () => {
    let session: Reply = { code: 401, message: 'Login required' };
    const logins: unknown[] = [];
    mockApi((url, init) => {
      if (url === '/api/admin/session' && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as { email: string; password: string };
        logins.push(body);
        if (!body.email) return { code: 422, message: 'Invalid input', fields: { email: 'please enter your email' } };
        if (body.password !== 'right') return { code: 401, message: 'Wrong email or password' };
        session = { code: 200, data: admin };
        return session;
      }
      return url === '/api/admin/session' || session.code !== 200 ? session : (undefined as unknown as Reply);
    });
    renderConsole('/admin/users');
    const submit = await screen.findByRole('button', { name: 'Sign in' });

    fireEvent.click(submit);
    expect(await screen.findByText('please enter your email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ops@episodic.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(logins.at(-1)).toEqual({ email: 'ops@episodic.test', password: 'right' });
  });

  it("never reads, stores or sends a session token: the console's cookie carries it, and the viewer app's stored token is left alone", async () => {
    localStorage.setItem('userToken', 'viewer-token');
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            code: 200,
            message: '',
            data: url === '/api/admin/session' ? admin : { items: [], page: 1, pageSize: 25, hasMore: false, total: 0 },
          }),
          {
            headers: { 'Content-Type': 'application/json', 'x-user-token': 'issued-token' },
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderConsole('/admin/audit-log');
    await screen.findByRole('navigation', { name: 'Sections' });
    await waitFor(() => {
      expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
    });
    for (const call of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      expect(new Headers(call[1].headers).has('x-user-token')).toBe(false);
      expect(call[1].credentials).toBe('same-origin');
    }
    expect(localStorage.getItem('userToken')).toBe('viewer-token');
    expect(Object.keys(localStorage)).toEqual(['userToken']);
  });
});
