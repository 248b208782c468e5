import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { trackRequestFailures } from './request-failures';
import { registerTrackingSink, type TrackingEvent } from './track';

const events: TrackingEvent[] = [];
let unregister: () => void;
beforeAll(() => {
  trackRequestFailures();
  unregister = registerTrackingSink((event) => {
    events.push(event);
  });
});
afterAll(() => {
  unregister();
});

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
beforeEach(() => {
  events.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

describe('trackRequestFailures', () => {
  it('tracks an HTTP error status as a custom event named by the path and status', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 503, message: 'Service unavailable, try later', data: null }), {
        status: 503,
      }),
    );
    await expect(api.get('/api/user/favorite', { query: { page: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(events.map((e) => e.event_name)).toEqual(['http_error_api_user_favorite_503']);
    expect(events[0]?.data).toMatchObject({ url: '/api/user/favorite', status: 503, kind: 'http' });
    expect(events[0]?.custom).toBe(true);
  });

  it('tracks a network failure with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/homepage')).rejects.toMatchObject({ status: 0, kind: 'network' });
    expect(events.map((e) => e.event_name)).toEqual(['http_error_api_homepage_0']);
  });
});
