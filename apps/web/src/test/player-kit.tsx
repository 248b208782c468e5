import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { ok, type MockHandler } from './api-mock';

// What the tests of the player page and of the For You feed share. Each test file still mocks hls-loader
// itself: vi.mock is hoisted only in the file that calls it.

/** jsdom has no media pipeline: play, pause and load do nothing (call in `beforeEach`). */
export function stubMediaElements(): void {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
}

/** One episode's playback answer (`GET /api/video/episode?id=`): free and playable unless `fields` say otherwise. */
export function playbackAnswer(id: number, fields: Record<string, unknown> = {}) {
  const playable = fields.playable !== false;
  return ok({
    id,
    seriesId: Math.floor(id / 10),
    number: 1,
    title: 'Episode 1',
    duration: 60,
    poster: null,
    thumbnail: null,
    free: true,
    cost: 0,
    playable,
    hls: playable ? `/api/media/episodes/${String(id)}/master.m3u8` : null,
    subtitles: [],
    previousId: null,
    nextId: null,
    ...fields,
  });
}

/** The reports a playing episode sends (a play, the progress), answered. */
export const playReports: Record<string, MockHandler> = {
  'POST /api/video/play': () => ok({}),
  'POST /api/user/history': () => ok({}),
};

/** The `src` of the video on screen. */
export const currentSource = () => document.querySelector('video[data-current="true"]')?.getAttribute('src');

/**
 * Renders `routes` at `path` in the app's providers (and `extra` beside them), with a new query cache
 * unless given one; `location()` reads the address.
 */
export function renderRoutes(path: string, routes: ReactNode, extra?: ReactNode, queryClient = createQueryClient()) {
  const current: { location: Location | undefined } = { location: undefined };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  render(
    <Providers queryClient={queryClient}>
      <Suspense fallback={null}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
          <LocationProbe />
          {extra}
        </MemoryRouter>
      </Suspense>
    </Providers>,
  );
  return { location: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}` };
}
