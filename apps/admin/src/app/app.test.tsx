import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi as mockConsoleApi, OPERATOR as admin, renderConsole, type Reply } from '../testing/console-test';

type Handler = (url: string, init: RequestInit) => Reply;

/** Answers by URL; what the handler leaves out gets a healthy server's answer. */
function mockApi(handler: Handler) {
  mockConsoleApi(({ method, url, body }) => handler(url, { method, body: body === undefined ? undefined : JSON.stringify(body) }));
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
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Content',
      'Homepage',
      'Commerce',
      'Users',
      'Settings',
      'Audit log',
    ]);
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

  it('refuses a signed-in non-admin (403) and can sign out', async () => {
    let signedIn = true;
    const fetchMock = mockApi((url) => {
      if (url === '/api/user/logout') {
        signedIn = false;
        return { code: 200, data: {} };
      }
      return signedIn ? { code: 403, message: 'Forbidden' } : { code: 401, message: 'Login required' };
    });
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'This account has no operator access' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/user/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('signs in, shows field and credential errors, then opens the console', async () => {
    let session: Reply = { code: 401, message: 'Login required' };
    const logins: unknown[] = [];
    mockApi((url, init) => {
      if (url === '/api/user/login') {
        const body = JSON.parse(init.body as string) as { email: string; password: string };
        logins.push(body);
        if (!body.email) return { code: 422, message: 'Invalid input', fields: { email: 'please enter your email' } };
        if (body.password !== 'right') return { code: 401, message: 'Wrong email or password' };
        session = { code: 200, data: admin };
        return { code: 200, data: { id: 'a-1', email: admin.email } };
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

  it('sends and stores the session token like the viewer app', async () => {
    localStorage.setItem('userToken', 'tok-1');
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 200, message: '', data: url === '/api/admin/session' ? admin : { items: [], page: 1, pageSize: 25, hasMore: false, total: 0 } }), {
          headers: { 'Content-Type': 'application/json', 'x-user-token': 'tok-2' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderConsole('/admin/audit-log');
    await screen.findByRole('navigation', { name: 'Sections' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('x-User-Token')).toBe('tok-1');
    expect(init.credentials).toBe('same-origin');
    await waitFor(() => {
      expect(localStorage.getItem('userToken')).toBe('tok-2');
    });
  });
});
