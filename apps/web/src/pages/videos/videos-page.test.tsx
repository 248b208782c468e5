import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../shared/ui/toast-store';
import { Toaster } from '../../shared/ui/toaster';
import { fail, guestUser, mockApi, ok, page, type MockHandler } from '../../test/api-mock';
import { playbackAnswer, playReports, renderRoutes, stubMediaElements } from '../../test/player-kit';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../app/query-client';
import { prepareOpening, resumeQuery } from '../../features/player';
import { VideosPage } from './videos-page';

// No Media Source Extensions in jsdom: the player takes the native-HLS path.
vi.mock('../../features/player/hls-loader', () => ({
  loadHls: () => Promise.resolve(null),
  playsHlsNatively: () => true,
}));

const SERIES_ID = 7;

const seriesDetail = {
  id: SERIES_ID,
  title: 'Night Shift Heart',
  synopsis: 'A nurse and a surgeon.',
  cover: '/media/covers/7.jpg',
  banner: null,
  tags: [],
  episodeCount: 4,
  freeEpisodes: 2,
  playCount: 12345,
  favorite: false,
  accentColor: '#553344',
  seriesPrice: 100,
  lockedTotal: 120,
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
  {
    id: 73,
    number: 3,
    title: 'Episode 3',
    duration: 90,
    free: false,
    unlocked: false,
    access: 'locked',
    cost: 60,
    hls: null,
  },
  {
    id: 74,
    number: 4,
    title: 'Episode 4',
    duration: 90,
    free: false,
    unlocked: false,
    access: 'locked',
    cost: 60,
    hls: null,
  },
];

function playback(id: number, unlocked: ReadonlySet<number>) {
  const item = list.find((e) => e.id === id);
  if (!item) return fail(404, 'This episode is not available.');
  return playbackAnswer(id, {
    seriesId: SERIES_ID,
    number: item.number,
    title: item.title,
    duration: 90,
    poster: `/media/episodes/${String(id)}/poster.jpg`,
    free: item.free,
    cost: item.cost,
    playable: item.free || unlocked.has(id),
  });
}

const PLANS = [
  {
    id: 'coins-300',
    kind: 'coins',
    name: '300 coins',
    description: '',
    price: 299,
    currency: 'USD',
    renewalDays: null,
    coins: 300,
    bonusCoins: 0,
  },
  {
    id: 'coins-1000',
    kind: 'coins',
    name: '1000 coins',
    description: '',
    price: 899,
    currency: 'USD',
    renewalDays: null,
    coins: 1000,
    bonusCoins: 100,
  },
];

function api(overrides: Record<string, MockHandler> = {}, user: object = guestUser) {
  const unlocked = new Set<number>();
  return mockApi({
    'GET /api/user': () => ok(user),
    'GET /api/video': () => ok(seriesDetail),
    'GET /api/video/episode': ({ url }) => {
      const id = url.searchParams.get('id');
      if (id) return playback(Number(id), unlocked);
      return ok(list.map((e) => (unlocked.has(e.id) ? { ...e, unlocked: true, access: 'unlocked' } : e)));
    },
    'GET /api/user/history': () => ok(page([])),
    ...playReports,
    'GET /api/payment/quick': () => ok({ card: null }),
    'GET /api/plan': () => ok(PLANS),
    'POST /api/video/unlock': ({ body }) => {
      unlocked.add(Number(body?.episodeId));
      return ok({ coins: 40, unlocked: [Number(body?.episodeId)], spent: 60 });
    },
    ...overrides,
  });
}

function renderVideos(path: string, queryClient?: QueryClient) {
  return renderRoutes(
    path,
    <>
      <Route path="/videos/:id" element={<VideosPage />} />
      <Route path="/forYou" element={<p>For You</p>} />
    </>,
    <Toaster />,
    queryClient,
  );
}

const historyAt = (episodeNumber: number, position: number) =>
  ok(
    page([
      {
        series: { id: SERIES_ID },
        episodeId: 70 + episodeNumber,
        episodeNumber,
        position,
        duration: 90,
        finished: false,
        updatedAt: '',
      },
    ]),
  );

beforeEach(stubMediaElements);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the video page', () => {
  it('opens the episode of the address, with the series title, play count and controls', async () => {
    api();
    renderVideos('/videos/7?ep=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Shift Heart' })).toBeTruthy();
    expect(await screen.findByText('EP 2 / 4')).toBeTruthy();
    expect(screen.getByText('12.3K plays')).toBeTruthy();
    expect(screen.getByText('Plays: 12,345')).toBeTruthy();
    for (const name of ['Back', 'Playback settings', 'Add to my list', 'Episodes', 'Share'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    await waitFor(() => {
      expect(document.querySelector('video[data-current="true"]')?.getAttribute('src')).toBe(
        '/api/media/episodes/72/master.m3u8',
      );
    });
    expect(document.title).toBe('EP 2 · Night Shift Heart · Episodic');
  });

  it('opens the info sheet from the title: synopsis, categories, episode count, running time and plays', async () => {
    api({ 'GET /api/video': () => ok({ ...seriesDetail, tags: [{ id: 3, name: 'Romance' }] }) });
    renderVideos('/videos/7?ep=1');
    fireEvent.click(await screen.findByRole('button', { name: /Night Shift Heart/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Night Shift Heart' });
    expect(sheet.textContent).toContain('A nurse and a surgeon.');
    expect(sheet.textContent).toContain('Romance');
    // Four episodes of 90 s.
    expect(sheet.textContent).toMatch(/Episodes\s*4/);
    expect(sheet.textContent).toMatch(/Running time\s*6 min/);
    expect(sheet.textContent).toMatch(/Plays\s*12,345/);
  });

  it('flows into the For You feed when the last episode ends', async () => {
    api({
      'GET /api/video/episode': ({ url }) => {
        const id = url.searchParams.get('id');
        return id ? playback(Number(id), new Set()) : ok(list.slice(0, 2));
      },
    });
    const view = renderVideos('/videos/7?ep=2');
    await waitFor(() => {
      expect(document.querySelector('video[data-current="true"]')?.getAttribute('src')).toBe(
        '/api/media/episodes/72/master.m3u8',
      );
    });
    fireEvent(document.querySelector('video[data-current="true"]')!, new Event('ended'));
    await waitFor(() => {
      expect(view.location()).toBe('/forYou?after=7');
    });
  });

  it('draws the player in its first render from the answers index.html has already read, without asking again', async () => {
    const mock = api();
    const read = (body: unknown) => ({ language: 'en', response: Promise.resolve(null), body });
    window.__episodicEarly = {
      '/api/video?id=7': read(ok(seriesDetail)),
      '/api/video/episode?seriesId=7': read(ok(list)),
      '/api/video/episode?id=72': read(playback(72, new Set())),
    };
    renderVideos('/videos/7?ep=2');
    // No loading state first: the series, its list and the episode's playback are in the first render.
    expect(screen.getByRole('heading', { level: 1, name: 'Night Shift Heart' })).toBeTruthy();
    expect(screen.getByText('EP 2 / 4')).toBeTruthy();
    await waitFor(() => {
      expect(document.querySelector('video[data-current="true"]')?.getAttribute('src')).toBe(
        '/api/media/episodes/72/master.m3u8',
      );
    });
    expect(mock.requests('GET /api/video')).toHaveLength(0);
    expect(mock.requests('GET /api/video/episode').map((r) => r.url.search)).not.toContain('?id=72');
    expect(mock.requests('GET /api/video/episode').map((r) => r.url.search)).not.toContain('?seriesId=7');
    expect(window.__episodicEarly).toEqual({});
    window.__episodicEarly = undefined;
  });

  it('resumes from the history when the address has no episode, and writes it into the address', async () => {
    api({
      'GET /api/user/history': () =>
        ok(
          page([
            {
              series: { id: SERIES_ID },
              episodeId: 72,
              episodeNumber: 2,
              position: 31.5,
              duration: 90,
              finished: false,
              updatedAt: '',
            },
          ]),
        ),
    });
    const view = renderVideos('/videos/7');
    await waitFor(() => {
      expect(view.location()).toBe('/videos/7?ep=2&t=31');
    });
    expect(await screen.findByText('EP 2 / 4')).toBeTruthy();
  });

  it('opens a series whose answers were asked for ahead (its card was on screen) without asking again', async () => {
    const mock = api({ 'GET /api/user/history': () => historyAt(2, 31.5) });
    const queryClient = createQueryClient();
    const opening = await prepareOpening(queryClient, SERIES_ID, { ep: null, t: null }, 'en');
    expect(opening).toEqual({ episodeId: 72, startAt: 31.5, hls: '/api/media/episodes/72/master.m3u8' });
    const asked = mock.fetchMock.mock.calls.length;
    const view = renderVideos('/videos/7', queryClient);
    expect(await screen.findByText('EP 2 / 4')).toBeTruthy();
    await waitFor(() => {
      expect(view.location()).toBe('/videos/7?ep=2&t=31');
    });
    const again = mock.fetchMock.mock.calls.slice(asked).map(([input]) => new URL(String(input), 'http://x'));
    expect(
      again.filter((url) => /^\/api\/(video|user\/history)/.test(url.pathname) && url.pathname !== '/api/video/play'),
    ).toEqual([]);
  });

  it('waits for a history marked stale since it was asked for, and resumes where it says now', async () => {
    let history = historyAt(2, 31.5);
    api({ 'GET /api/user/history': () => history });
    const queryClient = createQueryClient();
    await prepareOpening(queryClient, SERIES_ID, { ep: null, t: null }, 'en');
    // The viewer watched episode 1 meanwhile: saving progress marks the history stale.
    history = historyAt(1, 20);
    await queryClient.invalidateQueries({ queryKey: resumeQuery(queryClient).queryKey, refetchType: 'none' });
    const view = renderVideos('/videos/7', queryClient);
    await waitFor(() => {
      expect(view.location()).toBe('/videos/7?ep=1&t=20');
    });
    expect(await screen.findByText('EP 1 / 4')).toBeTruthy();
  });

  it('moves to the next and previous episode with the arrow keys, replacing the address', async () => {
    api();
    const view = renderVideos('/videos/7?ep=1&t=5');
    await screen.findByText('EP 1 / 4');
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByText('EP 2 / 4')).toBeTruthy();
    expect(view.location()).toBe('/videos/7?ep=2');
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(await screen.findByText('EP 1 / 4')).toBeTruthy();
    // Nothing before the first episode.
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(view.location()).toBe('/videos/7?ep=1');
  });

  it('shows the paywall of a locked episode and never loads its media', async () => {
    api();
    renderVideos('/videos/7?ep=3');
    expect(await screen.findByRole('heading', { name: 'EP 3 is locked' })).toBeTruthy();
    expect(screen.getByText('60 coins')).toBeTruthy();
    expect(await screen.findByText('Your balance: 0 coins')).toBeTruthy();
    // Coins short: "Get coins" (to the plans, coming back here) instead of a button the server would refuse.
    expect(screen.getByText('You need 60 more coins for this episode.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock for 60 coins' })).toBeNull();
    expect((await screen.findByRole('link', { name: 'Get coins' })).getAttribute('href')).toBe(
      '/shopping?returnTo=%2Fvideos%2F7%3Fep%3D3',
    );
    // Each pack says how many episodes at this price it buys.
    expect(screen.getByText('Unlocks 5 episodes')).toBeTruthy();
    expect(screen.getByText('Unlocks 18 episodes')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Unlock the whole series for 100 coins/ })).toBeTruthy();
    // My list and Share stay at hand.
    expect(screen.getByRole('button', { name: 'My list' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
      '/shopping?returnTo=%2Fvideos%2F7%3Fep%3D3',
    );
    for (const video of document.querySelectorAll('video'))
      expect(video.getAttribute('src') ?? '').not.toContain('/episodes/73/');
  });

  it('explains a short balance (402) and links to coins', async () => {
    // The balance shown covered the episode, but coins were spent elsewhere meanwhile.
    const calls = api(
      { 'POST /api/video/unlock': () => fail(402, 'Not enough coins: this costs 60 and you have 0.') },
      { ...guestUser, coins: 60 },
    );
    renderVideos('/videos/7?ep=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock for 60 coins' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not enough coins: this costs 60 and you have 0.');
    expect(screen.getByRole('link', { name: 'Get coins' }).getAttribute('href')).toBe(
      '/shopping?returnTo=%2Fvideos%2F7%3Fep%3D3',
    );
    expect(calls.requests('POST /api/video/unlock')[0]?.body).toEqual({ episodeId: 73, price: 60 });
  });

  it('unlocks with coins and then plays the episode', async () => {
    const calls = api({}, { ...guestUser, coins: 100 });
    renderVideos('/videos/7?ep=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock for 60 coins' }));
    await waitFor(() => {
      expect(document.querySelector('video[data-current="true"]')?.getAttribute('src')).toBe(
        '/api/media/episodes/73/master.m3u8',
      );
    });
    expect(screen.queryByRole('heading', { name: 'EP 3 is locked' })).toBeNull();
    expect(calls.requests('POST /api/video/unlock')).toHaveLength(1);
    expect(getToasts().map((t) => t.message)).toContain('EP 3 unlocked');
  });

  it('unlocks the rest of the series at the quoted price', async () => {
    const calls = api(
      {
        'POST /api/video/unlock': ({ body }) => {
          expect(body).toMatchObject({ seriesId: SERIES_ID, price: 100 });
          return fail(409, 'The price changed to 110 coins. Please check and try again.');
        },
      },
      { ...guestUser, coins: 200 },
    );
    renderVideos('/videos/7?ep=3');
    fireEvent.click(await screen.findByRole('button', { name: /Unlock the whole series for 100 coins/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('The price changed to 110 coins.');
    // The series (and its price) is asked for again.
    await waitFor(() => {
      expect(calls.requests('GET /api/video').length).toBeGreaterThan(1);
    });
  });

  it('unlocks automatically when the viewer asked for it and has the coins, saying what the series cost so far', async () => {
    const calls = api({}, { ...guestUser, coins: 100, autoUnlock: true });
    renderVideos('/videos/7?ep=3');
    await waitFor(() => {
      expect(calls.requests('POST /api/video/unlock')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(getToasts().map((t) => t.message)).toContain(
        'EP 3 unlocked automatically for 60 coins. This series has cost you 60 coins so far.',
      );
    });
    await waitFor(() => {
      expect(document.querySelector('video[data-current="true"]')?.getAttribute('src')).toBe(
        '/api/media/episodes/73/master.m3u8',
      );
    });
  });

  it('does not unlock automatically without enough coins', async () => {
    const calls = api({}, { ...guestUser, coins: 10, autoUnlock: true });
    renderVideos('/videos/7?ep=3');
    expect(await screen.findByRole('heading', { name: 'EP 3 is locked' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.requests('POST /api/video/unlock')).toHaveLength(0);
  });

  it('lists every episode with its state in the episode sheet and jumps to one', async () => {
    const view = { location: () => '' };
    api();
    Object.assign(view, renderVideos('/videos/7?ep=1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Episodes' }));
    expect((await screen.findByRole('button', { name: 'Episode 1, Free' })).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Episode 4, 60 coins, locked' }));
    expect(await screen.findByRole('heading', { name: 'EP 4 is locked' })).toBeTruthy();
    expect(view.location()).toBe('/videos/7?ep=4');
  });

  it('adds the series to my list and shares the episode link (copied where there is no share sheet)', async () => {
    const calls = api({ 'POST /api/user/favorite': () => ok({}) });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
    renderVideos('/videos/7?ep=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my list' }));
    expect(await screen.findByRole('button', { name: 'Remove from my list' })).toBeTruthy();
    await waitFor(() => {
      expect(calls.requests('POST /api/user/favorite')[0]?.body).toMatchObject({ seriesId: SERIES_ID });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/videos/7?ep=2`);
    });
    expect(await screen.findByText('Copy Success · the link is ready to paste')).toBeTruthy();
  });

  it('shows the not-found page when the series does not exist', async () => {
    api({ 'GET /api/video': () => fail(404, 'This series is not available.') });
    renderVideos('/videos/7?ep=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
