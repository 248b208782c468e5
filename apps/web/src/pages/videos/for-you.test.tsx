import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guestUser, mockApi, ok, type MockHandler } from '../../test/api-mock';
import { currentSource, playbackAnswer, playReports, renderRoutes, stubMediaElements } from '../../test/player-kit';
import { VideosPage } from './videos-page';

vi.mock('../../features/player/hls-loader', () => ({
  loadHls: () => Promise.resolve(null),
  playsHlsNatively: () => true,
}));

const item = (seriesId: number, title: string, saved = false) => ({
  series: {
    id: seriesId,
    title,
    synopsis: `${title}: what happens.`,
    cover: null,
    tags: [{ id: 1, name: 'Romance' }],
    episodeCount: 20,
    freeEpisodes: 3,
    playCount: 1200,
    favorite: false,
    accentColor: null,
  },
  episode: { id: seriesId * 10 + 1, number: 1, duration: 60 },
  continueAt: saved ? { number: 3, position: 12, saved: true } : { number: 2, position: 0, saved: false },
  likeCount: 5,
  liked: false,
});

const PAGES = [
  [item(101, 'Night Shift Heart'), item(102, 'Moonlight Alpha', true), item(103, 'Jade Palace')],
  [item(104, 'Second Page Series')],
];

function api(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/user': () => ok(guestUser),
    'GET /api/video/feed': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return ok({ items: PAGES[page - 1] ?? [], page, pageSize: 10, hasMore: page < PAGES.length });
    },
    'GET /api/video/episode': ({ url }) => {
      const id = Number(url.searchParams.get('id'));
      return playbackAnswer(id, { nextId: id + 1 });
    },
    ...playReports,
    ...overrides,
  });
}

function renderFeed(path: string) {
  return renderRoutes(
    path,
    <>
      <Route path="/forYou" element={<VideosPage />} />
      <Route path="/videos/:id" element={<p>series page</p>} />
    </>,
  );
}

beforeEach(stubMediaElements);

describe('For You', () => {
  it('plays the first item with its series and a button that continues it, and moves on with a key', async () => {
    const calls = api();
    const view = renderFeed('/forYou');
    expect(await screen.findByRole('heading', { level: 1, name: 'For You' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Night Shift Heart' })).toBeTruthy();
    expect(screen.getByText(/20 episodes · 1.2K plays · Romance/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch EP 2' }).getAttribute('href')).toBe('/videos/101?ep=2');
    await waitFor(() => {
      expect(currentSource()).toBe('/api/media/episodes/1011/master.m3u8');
    });
    // Three items loaded, so the next page is asked for at once.
    await waitFor(() => {
      expect(calls.requests('GET /api/video/feed').map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    });

    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByRole('heading', { name: 'Moonlight Alpha' })).toBeTruthy();
    // A series the viewer is in continues at their place.
    expect(screen.getByRole('link', { name: 'Continue EP 3' }).getAttribute('href')).toBe('/videos/102?ep=3&t=12');
    await waitFor(() => {
      expect(currentSource()).toBe('/api/media/episodes/1021/master.m3u8');
    });
    fireEvent.click(screen.getByRole('link', { name: 'Continue EP 3' }));
    await waitFor(() => {
      expect(view.location()).toBe('/videos/102?ep=3&t=12');
    });
  });

  it("keeps an item's like and list state when the viewer swipes back to it", async () => {
    api({
      'POST /api/video/like': ({ body }) => ok({ seriesId: body?.seriesId, liked: true, likeCount: 6 }),
      'POST /api/user/favorite': () => ok({}),
    });
    renderFeed('/forYou');
    expect(await screen.findByRole('heading', { name: 'Night Shift Heart' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Like 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to my list' }));
    expect(await screen.findByRole('button', { name: 'Remove from my list' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Like 6', pressed: true })).toBeTruthy();

    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByRole('heading', { name: 'Moonlight Alpha' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like 5', pressed: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to my list' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(await screen.findByRole('heading', { name: 'Night Shift Heart' })).toBeTruthy();
    // The feed's page still says "not liked, not listed": what the viewer did here wins.
    expect(screen.getByRole('button', { name: 'Remove from my list', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like 6', pressed: true })).toBeTruthy();
  });

  it('leaves out the series the viewer came from when its last episode ended', async () => {
    api();
    renderFeed('/forYou?after=101');
    expect(await screen.findByRole('heading', { name: 'Moonlight Alpha' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Night Shift Heart' })).toBeNull();
  });

  it('says so when there is nothing to show', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/video/feed': () => ok({ items: [], page: 1, pageSize: 10, hasMore: false }),
    });
    renderFeed('/forYou');
    expect(await screen.findByText("You've seen everything for now. New series arrive soon.")).toBeTruthy();
  });
});
