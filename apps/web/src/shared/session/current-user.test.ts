import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery, prefetchCurrentUser } from './current-user';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('current user', () => {
  it('fetches GET /api/user, keeps it in the cache and saves its id as userid', async () => {
    const user = { id: 'u-42', email: null, isGuest: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 200, message: 'ok', data: user }), {
            headers: { 'Content-Type': 'application/json', 'x-user-token': 'guest-token' },
          }),
        ),
      ),
    );
    const queryClient = new QueryClient();
    await prefetchCurrentUser(queryClient);
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(user);
    expect(localStorage.getItem('userid')).toBe('u-42');
    expect(localStorage.getItem('userToken')).toBe('guest-token');
  });
});
