import { vi } from 'vitest';
import { NO_MEMBERSHIP } from '@episodic/contract/constants';

/** One request as a handler sees it. */
export interface MockRequest {
  method: string;
  url: URL;
  /** The parsed JSON body (POST and friends), or undefined. */
  body: Record<string, unknown> | undefined;
  headers: Headers;
}

/** What a handler gives back: an envelope (see `ok`/`fail`), or a Response for anything unusual. */
export type MockReply = Response | { code: number; message?: string; data?: unknown; fields?: Record<string, string> };
export type MockHandler = (request: MockRequest) => MockReply | Promise<MockReply>;

/** A success envelope. */
export const ok = (data: unknown = {}): MockReply => ({ code: 200, message: 'ok', data });
/** An application failure envelope (answered with HTTP 200, like the server does). */
export const fail = (code: number, message = '', fields?: Record<string, string>): MockReply => ({
  code,
  message,
  data: null,
  ...(fields ? { fields } : {}),
});

export const guestUser = {
  id: 'guest-1',
  email: null,
  isGuest: true,
  emailVerified: false,
  language: 'en',
  coins: 0,
  paidCoins: 0,
  bonusCoins: 0,
  autoUnlock: false,
  membership: NO_MEMBERSHIP,
} as const;

export const accountUser = {
  ...guestUser,
  id: 'user-1',
  email: 'viewer@example.com',
  isGuest: false,
  emailVerified: true,
  coins: 120,
  paidCoins: 120,
} as const;

/**
 * Stubs `fetch` with handlers keyed "METHOD /path" (query strings ignored). Unknown calls answer 404
 * so a test notices them. Returns the mock to inspect calls with `requests(...)`.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const seen: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const request = { method, url, body, headers: new Headers(init.headers) };
    seen.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler(request)
      : new Response('{"code":404,"message":"Not Found"}', {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        });
    return answer instanceof Response
      ? answer
      : new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** Requests made so far to "METHOD /path". */
    requests: (key: string) => seen.filter((r) => `${r.method} ${r.url.pathname}` === key),
  };
}

/** A page of a paged endpoint. */
export function page<T>(items: T[], pageNumber = 1, hasMore = false, pageSize = 20) {
  return { items, page: pageNumber, pageSize, hasMore };
}

/** A series as the API returns it. */
export function series(id: number, title = `Series ${String(id)}`) {
  return {
    id,
    title,
    synopsis: '',
    cover: null,
    tags: [],
    episodeCount: 12,
    freeEpisodes: 2,
    playCount: 0,
    favorite: true,
    accentColor: '#553344',
  };
}
