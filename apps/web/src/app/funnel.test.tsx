import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render-at';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { OrderResultPage } from '../pages/order-result/order-result-page';
import { RegisterPage } from '../pages/register/register-page';
import { VideosPage } from '../pages/videos/videos-page';
import { accountUser, guestUser, mockApi, ok, page } from '../test/api-mock';
import { renderPage } from '../test/render-page';
import { registerTrackingSink, type TrackingEvent } from '../features/tracking';

vi.mock('../features/player/hls-loader', () => ({
  loadHls: () => Promise.resolve(null),
  playsHlsNatively: () => true,
}));

const events: TrackingEvent[] = [];
beforeAll(() => {
  registerTrackingSink((event) => {
    events.push(event);
  });
});
beforeEach(() => {
  events.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const named = (name: string) => events.filter((e) => e.event_name === name);

describe('the tracked funnel', () => {
  it('tracks a PageView for the first page and each new path, not for a query change', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/homepage': () => ok({ featured: [], sections: [] }),
      'GET /api/tag': () => ok([]),
    });
    const view = renderAt('/');
    await waitFor(() => {
      expect(named('PageView')).toHaveLength(1);
    });
    await view.navigate('/search');
    await waitFor(() => {
      expect(named('PageView')).toHaveLength(2);
    });
    await view.navigate('/search?q=ceo');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(named('PageView')).toHaveLength(2);
    expect(new Set(named('PageView').map((e) => e.event_id)).size).toBe(2);
  });

  it('tracks a Search with its search string when a search is run', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/video': () => ok(page([])),
      'GET /api/homepage': () => ok({ featured: [], sections: [] }),
    });
    renderAt('/search');
    const box = await screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search series' });
    fireEvent.change(box, { target: { value: '  Moonlight  ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => {
      expect(named('Search')).toHaveLength(1);
    });
    expect(named('Search')[0]).toMatchObject({
      custom: false,
      custom_data: { search_string: 'Moonlight', currency: 'USD', value: 0 },
    });
  });

  it('tracks CompleteRegistration with the id the server uses for the same conversion', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'POST /api/user/register': () => ok({ ...accountUser, id: 'user-42' }),
    });
    renderPage(<RegisterPage />, '/register');
    fireEvent.change(screen.getByLabelText<HTMLInputElement>(/^Email/, { selector: 'input' }), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(screen.getByLabelText<HTMLInputElement>(/^Password/, { selector: 'input' }), {
      target: { value: 'secret-pass-1' },
    });
    fireEvent.change(screen.getByLabelText<HTMLInputElement>(/^Repeat password/, { selector: 'input' }), {
      target: { value: 'secret-pass-1' },
    });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => {
      expect(named('CompleteRegistration')).toHaveLength(1);
    });
    expect(named('CompleteRegistration')[0]?.event_id).toBe('registration-user-42');
  });

  it('tracks Purchase and Subscribe once for a paid membership, with the server’s event ids', async () => {
    const id = '6b1d3c2e-0c57-4c8e-9d61-5a2f4f1c9e11';
    const order = {
      id,
      planId: 'monthly',
      planName: 'Monthly',
      kind: 'membership',
      purpose: 'purchase',
      amount: 1499,
      currency: 'USD',
      status: 'paid',
      failureReason: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      paidAt: '2026-11-22T10:01:00.000Z',
    };
    mockApi({ 'GET /api/user': () => ok(accountUser), 'GET /api/payment/order': () => ok(order) });
    const first = renderPage(<OrderResultPage />, `/order/result?orderId=${id}`);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    first.unmount();
    renderPage(<OrderResultPage />, `/order/result?orderId=${id}`);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(named('Purchase').map((e) => [e.event_id, e.value, e.currency, e.custom_data.order_id])).toEqual([
      [`purchase-${id}`, 14.99, 'USD', id],
    ]);
    expect(named('Subscribe').map((e) => e.event_id)).toEqual([`subscribe-${id}`]);
  });

  it('tracks ViewContent for the episode shown and AddToWishlist for "Add to my list"', async () => {
    const seriesDetail = {
      id: 7,
      title: 'Night Shift Heart',
      synopsis: '',
      cover: null,
      banner: null,
      tags: [],
      episodeCount: 2,
      freeEpisodes: 2,
      playCount: 1,
      favorite: false,
      accentColor: '#553344',
      seriesPrice: null,
      lockedTotal: 0,
      language: 'en',
    };
    const list = [
      {
        id: 71,
        number: 1,
        title: 'Episode 1',
        duration: 90,
        free: true,
        unlocked: true,
        access: 'free',
        cost: 0,
        hls: '/api/media/episodes/71/master.m3u8',
      },
      {
        id: 72,
        number: 2,
        title: 'Episode 2',
        duration: 90,
        free: true,
        unlocked: true,
        access: 'free',
        cost: 0,
        hls: '/api/media/episodes/72/master.m3u8',
      },
    ];
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/video': () => ok(seriesDetail),
      'GET /api/video/episode': ({ url }) => {
        const episode = url.searchParams.get('id');
        if (!episode) return ok(list);
        const item = list.find((e) => e.id === Number(episode))!;
        return ok({
          id: item.id,
          seriesId: 7,
          number: item.number,
          title: item.title,
          duration: 90,
          poster: null,
          thumbnail: null,
          free: true,
          cost: 0,
          playable: true,
          hls: '/api/media/episodes/${episode}/master.m3u8',
          subtitles: [],
          previousId: null,
          nextId: null,
        });
      },
      'GET /api/user/history': () => ok(page([])),
      'POST /api/user/history': () => ok({}),
      'POST /api/video/play': () => ok({}),
      'POST /api/user/favorite': () => ok({}),
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <Suspense fallback={null}>
          <MemoryRouter initialEntries={['/videos/7?ep=2']}>
            <Routes>
              <Route path="/videos/:id" element={<VideosPage />} />
            </Routes>
          </MemoryRouter>
        </Suspense>
      </Providers>,
    );
    await waitFor(() => {
      expect(named('ViewContent')).toHaveLength(1);
    });
    expect(named('ViewContent')[0]?.data).toMatchObject({
      content_id: '72',
      content_type: 'episode',
      content_name: 'Night Shift Heart · 2',
      series_id: 7,
      episode_number: 2,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my list' }));
    await waitFor(() => {
      expect(named('AddToWishlist')).toHaveLength(1);
    });
    expect(named('AddToWishlist')[0]?.data).toMatchObject({
      content_id: '7',
      content_name: 'Night Shift Heart',
      content_type: 'series',
    });
    expect(named('ViewContent')).toHaveLength(1);
  });
});
