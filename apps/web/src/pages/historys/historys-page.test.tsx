import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestUser, mockApi, ok, page, series } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { HistorysPage } from './historys-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const entry = (id: number, over: Record<string, unknown> = {}) => ({
  series: series(id, `Show ${String(id)}`),
  episodeId: id * 100,
  episodeNumber: 3,
  position: 45.7,
  duration: 90,
  finished: false,
  updatedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  ...over,
});

describe('watch history', () => {
  it('opens each series where it stopped, with its episode, progress and when', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/history': () =>
        ok(
          page([
            entry(1),
            entry(2, { finished: true, episodeNumber: 4, position: 90 }),
            entry(3, { finished: true, episodeNumber: 12 }),
          ]),
        ),
    });
    renderPage(<HistorysPage />, '/historys');
    const list = await screen.findByRole('list', { name: 'Series you watched' });
    const [first, second, third] = within(list).getAllByRole('link');
    expect(first?.getAttribute('href')).toBe('/videos/1?ep=3&t=45');
    expect(first?.textContent).toContain('EP 3');
    expect(first?.textContent).toContain('51% watched');
    expect(first?.textContent).toContain('Updated 3 hours ago');
    // A finished episode continues with the next one, from its start; the last one plays again.
    expect(second?.getAttribute('href')).toBe('/videos/2?ep=5');
    expect(second?.textContent).toContain('Next: EP 5');
    expect(third?.getAttribute('href')).toBe('/videos/3?ep=12');
    expect(third?.textContent).toContain('Finished');
    expect(screen.getByText('No more content')).toBeTruthy();
  });

  it('has an empty state leading home', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/history': () => ok(page([])) });
    renderPage(<HistorysPage />, '/historys');
    expect(await screen.findByText(/Nothing watched yet\. Episodes you start show up here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover series' }).getAttribute('href')).toBe('/');
  });
});
