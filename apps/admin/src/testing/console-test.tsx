import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App, createQueryClient } from '../app/app';
import { BASENAME, routes } from '../app/routes';
import * as sample from './samples';

export interface Reply {
  code: number;
  message?: string;
  data?: unknown;
  fields?: Record<string, string>;
  reason?: string;
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers a call (a promise: the answer arrives when the test says), or leaves it to the defaults. */
export type Handler = (call: Call) => Reply | Promise<Reply> | undefined;

export const OPERATOR = {
  id: 'a-1',
  email: 'ops@episodic.test',
  role: 'owner',
  passwordConfirmedAt: '2026-11-03T09:00:00.000Z',
  expiresAt: '2026-11-03T21:00:00.000Z',
};

/**
 * Stubs fetch with envelope answers: the handler answers what it knows; the session gate gets the
 * operator, and anything else an empty success. Returns the calls made.
 */
export function mockApi(handler: Handler = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const call = { method: init.method ?? 'GET', url: input, body };
      calls.push(call);
      return Promise.resolve(handler(call) ?? defaultReply(call)).then(
        (reply) =>
          new Response(JSON.stringify({ message: '', data: null, ...reply }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      );
    }),
  );
  return calls;
}

/** What a healthy server answers when a test does not say otherwise. */
function defaultReply({ method, url }: Call): Reply {
  const path = url.split('?')[0]!;
  if (method !== 'GET') return { code: 200, data: {} };
  if (path === '/api/admin/session') return { code: 200, data: OPERATOR };
  if (path === '/api/admin/dashboard') return { code: 200, data: sample.dashboard };
  if (path === '/api/admin/settings') return { code: 200, data: sample.settings };
  if (path === '/api/admin/rewards') return { code: 200, data: sample.rewards };
  if (path === '/api/admin/inbox/counts') return { code: 200, data: { open: 0, unread: 0 } };
  if (path === '/api/admin/plans' || path === '/api/admin/tags' || path === '/api/admin/homepage')
    return { code: 200, data: [] };
  if (/^\/api\/admin\/(series|orders|users|audit|inbox)$/.test(path)) return { code: 200, data: page([]) };
  return { code: 404, message: 'Not found' };
}

export function renderConsole(path = '/admin/') {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: BASENAME });
  // The router too: a test reads the address and goes Back through it.
  return { ...render(<App queryClient={createQueryClient()} router={router} />), router };
}

export const page = <T,>(
  items: T[],
  extra: Partial<{ page: number; pageSize: number; hasMore: boolean; total: number; totalIsLowerBound: boolean }> = {},
) => ({
  items,
  page: 1,
  pageSize: 25,
  hasMore: false,
  total: items.length,
  ...extra,
});
