import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminInboxItem, AdminInboxMessage } from '@episodic/contract';
import { mockApi, page, renderConsole } from '../../testing/console-test';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HOSTILE = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>\nSecond line';
const ID = '4f7c1f9e-2b1a-4c3d-9e8f-0a1b2c3d4e5f';

const item = (over: Partial<AdminInboxItem> = {}): AdminInboxItem => ({
  id: ID,
  email: 'fan@example.com',
  subject: '<b>Help</b>',
  excerpt: HOSTILE.replace('\n', ' '),
  language: 'fy',
  createdAt: '2026-11-20T10:11:12.000Z',
  unread: true,
  handledAt: null,
  replies: 0,
  ...over,
});

const message = (over: Partial<AdminInboxMessage> = {}): AdminInboxMessage => ({
  id: ID,
  email: 'fan@example.com',
  subject: '<b>Help</b>',
  message: HOSTILE,
  language: 'fy',
  createdAt: '2026-11-20T10:11:12.000Z',
  readAt: '2026-11-20T11:00:00.000Z',
  handledAt: null,
  handledBy: null,
  account: { id: 'u-9', email: 'fan@example.com', isGuest: false },
  replies: [],
  mailConfigured: false,
  ...over,
});

describe('inbox', () => {
  it('shows the unread count in the navigation and lists open messages', async () => {
    const calls = mockApi(({ url }) => {
      if (url.startsWith('/api/admin/inbox/counts')) return { code: 200, data: { open: 3, unread: 2 } };
      if (url.startsWith('/api/admin/inbox?')) return { code: 200, data: page([item()], { total: 1 }) };
      return undefined;
    });
    renderConsole('/admin/inbox');
    const nav = await screen.findByRole('link', { name: /Inbox/ });
    await waitFor(() => {
      expect(nav.textContent).toBe('Inbox2 unread');
    });
    expect(await screen.findByText('<b>Help</b>')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(calls.map((c) => c.url)).toContain('/api/admin/inbox?status=done&page=1&pageSize=25');
    });
  });

  it('shows a hostile message as text, its sender and time to the second', async () => {
    mockApi(({ url }) => (url.startsWith(`/api/admin/inbox/${ID}`) ? { code: 200, data: message() } : undefined));
    const { container } = renderConsole(`/admin/inbox/${ID}`);
    const text = await screen.findByTestId('message-text');
    expect(text.textContent).toBe(HOSTILE);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: 'fan@example.com' }).getAttribute('href')).toBe('/admin/users/u-9');
    expect(screen.getByText('French')).toBeTruthy();
    expect(screen.getByText(/Nov 20, 2026, \d\d:11:12/)).toBeTruthy();
    expect(screen.getByText(/Mail is not set up on this server/)).toBeTruthy();
  });

  it('says clearly when a reply was kept but not sent, and marks done', async () => {
    const notSent = 'Not sent: this server has no mail set up (MAIL_URL).';
    let current = message();
    const calls = mockApi(({ method, url }) => {
      if (method === 'POST' && url.endsWith('/replies'))
        current = message({
          replies: [
            {
              id: 'r-1',
              body: 'Thanks!',
              createdAt: '2026-11-20T12:00:00.000Z',
              author: { id: 'a-1', email: 'ops@episodic.test' },
              sentAt: null,
              sending: false,
              sendError: notSent,
            },
          ],
        });
      if (method === 'POST' && url.endsWith('/status')) current = { ...current, handledAt: '2026-11-20T12:01:00.000Z' };
      if (url.startsWith(`/api/admin/inbox/${ID}`)) return { code: 200, data: current };
      return undefined;
    });
    renderConsole(`/admin/inbox/${ID}`);
    fireEvent.change(await screen.findByLabelText('To fan@example.com'), { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(notSent);
    const replies = screen.getByRole('heading', { name: 'Replies' }).closest('section')!;
    expect(within(replies).getByText('Not sent')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/replies'))?.body).toEqual({ body: 'Thanks!' });

    fireEvent.click(screen.getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/status'))?.body).toEqual({ done: true });
  });

  it('answers a reply at once while mail sends it, then shows it sent', async () => {
    const reply = {
      id: 'r-2',
      body: 'On its way',
      createdAt: '2026-11-20T12:00:00.000Z',
      author: { id: 'a-1', email: 'ops@episodic.test' },
      sentAt: null,
      sending: true,
      sendError: null,
    };
    let current = message({ mailConfigured: true });
    let reads = 0;
    mockApi(({ method, url }) => {
      if (method === 'POST' && url.endsWith('/replies')) {
        current = message({ mailConfigured: true, replies: [reply] });
        return { code: 200, data: current };
      }
      if (url.startsWith(`/api/admin/inbox/${ID}`)) {
        // The queue mails it: the next read after the answer finds it sent.
        if (current.replies.length > 0 && ++reads > 1)
          current = message({
            mailConfigured: true,
            replies: [{ ...reply, sending: false, sentAt: '2026-11-20T12:00:02.000Z' }],
          });
        return { code: 200, data: current };
      }
      return undefined;
    });
    renderConsole(`/admin/inbox/${ID}`);
    fireEvent.change(await screen.findByLabelText('To fan@example.com'), { target: { value: 'On its way' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const replies = (await screen.findByRole('heading', { name: 'Replies' })).closest('section')!;
    expect(within(replies).getByText('Sending')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(within(replies).getByText('Sent')).toBeTruthy(), { timeout: 8000 });
  }, 15_000);
});
