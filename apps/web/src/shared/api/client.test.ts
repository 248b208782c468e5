import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../ui/toast-store';
import {
  ApiError,
  REQUEST_TIMEOUT_MS,
  api,
  exchangeLinkToken,
  onRequestFailure,
  takeEarlyData,
  type RequestFailure,
} from './client';

/** The client without its typing, for calls the API would not take (the runtime is what is tested). */
const untyped = api as unknown as Record<'get' | 'del' | 'post', (path: string, init?: object) => Promise<unknown>>;

const failures: RequestFailure[] = [];
beforeAll(() => {
  onRequestFailure((failure) => {
    failures.push(failure);
  });
});

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function reply(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function lastCall(): { url: URL; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  return { url: new URL(input, 'http://localhost'), init, headers: new Headers(init.headers) };
}

const toastMessages = () => getToasts().map((t) => t.message);

beforeEach(() => {
  failures.length = 0;
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('takes over a GET index.html made early for the same address and language, once', async () => {
    const early = (language: string, response: Response | null) => ({ language, response: Promise.resolve(response) });
    window.__episodicEarly = {
      '/api/video?id=7': early(
        'en',
        reply({ code: 200, message: 'ok', data: { id: 7 } }, { headers: { 'x-user-token': 'issued-early' } }),
      ),
      '/api/video?id=8': early('en', null),
      '/api/video?id=9': early('es', reply({ code: 200, message: 'ok', data: { id: 0 } })),
    };
    fetchMock.mockImplementation((input) =>
      Promise.resolve(reply({ code: 200, message: 'ok', data: { fetched: input } })),
    );
    await expect(api.get('/api/video', { query: { id: 7 } })).resolves.toEqual({ id: 7 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('userToken')).toBe('issued-early');
    // Taken once: the next call asks the server.
    await expect(api.get('/api/video', { query: { id: 7 } })).resolves.toEqual({ fetched: '/api/video?id=7' });
    // An early request that failed, or one made in another language, is asked again.
    await expect(api.get('/api/video', { query: { id: 8 } })).resolves.toEqual({ fetched: '/api/video?id=8' });
    await expect(api.get('/api/video', { query: { id: 9 } })).resolves.toEqual({ fetched: '/api/video?id=9' });
    expect(window.__episodicEarly).toEqual({});
    window.__episodicEarly = undefined;
    localStorage.removeItem('userToken');
  });

  it('hands over the data of an early GET already read, once, for a page’s first render', () => {
    const pending = Promise.resolve(null);
    window.__episodicEarly = {
      '/api/homepage': {
        language: 'en',
        response: pending,
        body: { code: 200, message: 'ok', data: { featured: [] } },
        token: 'issued-early',
      },
      '/api/video?id=1': { language: 'en', response: pending },
      '/api/video?id=2': { language: 'es', response: pending, body: { code: 200, message: 'ok', data: { id: 2 } } },
      '/api/video?id=3': { language: 'en', response: pending, body: { code: 500, message: 'Sold out' } },
    };
    expect(takeEarlyData('/api/homepage')).toEqual({ featured: [] });
    expect(localStorage.getItem('userToken')).toBe('issued-early');
    expect(takeEarlyData('/api/homepage')).toBeUndefined();
    // Not read yet, in another language, or not a success: left for the request (or the server) to answer.
    expect(takeEarlyData('/api/video', { query: { id: 1 } })).toBeUndefined();
    expect(takeEarlyData('/api/video', { query: { id: 2 } })).toBeUndefined();
    expect(takeEarlyData('/api/video', { query: { id: 3 } })).toBeUndefined();
    expect(Object.keys(window.__episodicEarly)).toEqual(['/api/video?id=1', '/api/video?id=2', '/api/video?id=3']);
    window.__episodicEarly = undefined;
    localStorage.removeItem('userToken');
  });

  it('uses relative /api paths, same-origin credentials and JSON', async () => {
    fetchMock.mockResolvedValue(reply({ code: 200, message: 'ok', data: { id: 1 } }));
    await expect(api.get('/api/video', { query: { id: 7 } })).resolves.toEqual({ id: 1 });
    const { url, init, headers } = lastCall();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/video?id=7');
    expect(url.pathname).toBe('/api/video');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the context headers only when their values are stored', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply({ code: 200, message: '', data: null })));
    await api.get('/api/user');
    let { headers } = lastCall();
    for (const name of ['X-User-Referer-Token', 'x-User-Token', 'FBCLID', 'TTCLID'])
      expect(headers.has(name)).toBe(false);

    localStorage.setItem('xUserRefererToken', 'ref');
    localStorage.setItem('userToken', 'tok');
    localStorage.setItem('FBCLID', 'fb');
    localStorage.setItem('TTCLID', 'tt');
    await api.get('/api/user');
    ({ headers } = lastCall());
    expect(headers.get('X-User-Referer-Token')).toBe('ref');
    expect(headers.get('x-User-Token')).toBe('tok');
    expect(headers.get('FBCLID')).toBe('fb');
    expect(headers.get('TTCLID')).toBe('tt');
  });

  it('adds fbclid and ttclid to the query of GET and DELETE without overriding the caller', async () => {
    localStorage.setItem('FBCLID', 'fb');
    localStorage.setItem('TTCLID', 'tt');
    fetchMock.mockImplementation(() => Promise.resolve(reply({ code: 200, message: '', data: {} })));
    await untyped.get('/api/video', { query: { keyword: 'ceo', page: 2, empty: undefined } });
    expect(Object.fromEntries(lastCall().url.searchParams)).toEqual({
      keyword: 'ceo',
      page: '2',
      fbclid: 'fb',
      ttclid: 'tt',
    });
    await untyped.del('/api/user/favorite', { query: { seriesId: 's1', fbclid: 'mine' } });
    expect(lastCall().init.method).toBe('DELETE');
    expect(Object.fromEntries(lastCall().url.searchParams)).toEqual({ seriesId: 's1', fbclid: 'mine', ttclid: 'tt' });
  });

  it('adds fbclid and ttclid to JSON bodies without overriding the caller', async () => {
    localStorage.setItem('FBCLID', 'fb');
    localStorage.setItem('TTCLID', 'tt');
    fetchMock.mockImplementation(() => Promise.resolve(reply({ code: 200, message: '', data: {} })));
    await untyped.post('/api/user/login', { body: { email: 'a@b.c', ttclid: 'own' } });
    const { init, headers, url } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.c', fbclid: 'fb', ttclid: 'own' });
    expect(url.search).toBe('');
  });

  it('always sends a JSON object body on POST, even without input', async () => {
    fetchMock.mockResolvedValue(reply({ code: 200, message: '', data: {} }));
    await api.post('/api/user/logout');
    expect(lastCall().init.body).toBe('{}');
  });

  it('stores a session token the server returns in x-user-token', async () => {
    fetchMock.mockResolvedValue(
      reply({ code: 200, message: '', data: { id: 'u1' } }, { headers: { 'x-user-token': 'new-token' } }),
    );
    await api.get('/api/user');
    expect(localStorage.getItem('userToken')).toBe('new-token');
  });
});

describe('envelopes', () => {
  it('resolves with data, or info when there is no data', async () => {
    fetchMock.mockResolvedValueOnce(reply({ code: 200, message: '', info: { a: 1 } }));
    await expect(untyped.get('/api/x')).resolves.toEqual({ a: 1 });
    fetchMock.mockResolvedValueOnce(reply({ code: 200, message: '', data: [1, 2], info: 'ignored' }));
    await expect(untyped.get('/api/x')).resolves.toEqual([1, 2]);
  });

  it('toasts the message of code 500 and rejects with an ApiError', async () => {
    fetchMock.mockResolvedValue(reply({ code: 500, message: 'Not enough coins', data: null }));
    const error = await untyped.post('/api/video/unlock', { body: { episodeId: 'e1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 500, message: 'Not enough coins', kind: 'envelope' });
    expect(toastMessages()).toEqual(['Not enough coins']);
    expect(failures).toHaveLength(0);
  });

  it.each([401, 402, 403, 404, 409, 429])('rejects code %i without a toast', async (code) => {
    fetchMock.mockResolvedValue(reply({ code, message: 'handled by the screen', data: null }));
    await expect(untyped.get('/api/x')).rejects.toMatchObject({ code, kind: 'envelope' });
    expect(toastMessages()).toEqual([]);
    expect(failures).toHaveLength(0);
  });

  it('carries the field errors of code 422', async () => {
    fetchMock.mockResolvedValue(
      reply({ code: 422, message: 'Invalid input', data: null, fields: { email: 'please enter your email' } }),
    );
    const error = await api.post('/api/user/register', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ email: 'please enter your email' });
    expect(toastMessages()).toEqual([]);
  });
});

describe('transport failures', () => {
  it('reports an HTTP error status, toasts the envelope message and rejects', async () => {
    fetchMock.mockResolvedValue(
      reply({ code: 503, message: 'Service unavailable, try later', data: null }, { status: 503 }),
    );
    await expect(api.get('/api/user/favorite', { query: { page: 1 } })).rejects.toMatchObject({
      status: 503,
      kind: 'http',
    });
    expect(toastMessages()).toEqual(['Service unavailable, try later']);
    expect(failures).toEqual([{ url: '/api/user/favorite', status: 503, kind: 'http' }]);
  });

  it('uses the generic message when an HTTP error has no envelope', async () => {
    fetchMock.mockResolvedValue(reply('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/tag')).rejects.toMatchObject({ status: 502 });
    expect(toastMessages()).toEqual(['Network error, please try again']);
    expect(failures).toEqual([{ url: '/api/tag', status: 502, kind: 'http' }]);
  });

  it('reports a network failure with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/homepage')).rejects.toMatchObject({ status: 0, kind: 'network' });
    expect(failures).toEqual([{ url: '/api/homepage', status: 0, kind: 'network' }]);
    expect(toastMessages()).toEqual(['Network error, please try again']);
  });

  it('aborts after 100000 ms and reports a timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const pending = api.get('/api/video').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(failures).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout', status: 0 });
    expect(REQUEST_TIMEOUT_MS).toBe(100000);
    expect(failures).toEqual([{ url: '/api/video', status: 0, kind: 'timeout' }]);
  });

  it('stays quiet when the caller cancels', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/api/video', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastMessages()).toEqual([]);
    expect(failures).toHaveLength(0);
  });
});

describe('a session token that came in the address', () => {
  it('is traded for the visitor’s own session before any other call goes out', async () => {
    localStorage.setItem('userToken', 'from-link');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    exchangeLinkToken('from-link');
    const next = api.get('/api/user/favorite');
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/session/exchange');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'from-link' });
    fetchMock.mockResolvedValueOnce(reply({ code: 200, data: { items: [] } }));
    answer(reply({ code: 200, data: {} }, { headers: { 'x-user-token': 'own-session' } }));
    await next;
    expect(lastCall().headers.get('x-User-Token')).toBe('own-session');
    expect(localStorage.getItem('userToken')).toBe('own-session');
  });

  it('is dropped from storage when the trade fails, so it never speaks for the visitor', async () => {
    localStorage.setItem('userToken', 'from-link');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    fetchMock.mockResolvedValueOnce(reply({ code: 200, data: {} }));
    exchangeLinkToken('from-link');
    await api.get('/api/user');
    expect(lastCall().headers.get('x-User-Token')).toBeNull();
    expect(localStorage.getItem('userToken')).toBe('');
  });

  it('does nothing without a token', () => {
    exchangeLinkToken(null);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
