import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../shared/ui/toast-store';
import { fail, guestUser, mockApi, ok, page, series } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { FavoritesPage } from './favorites-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my list', () => {
  it('shows skeletons, then series cards linking to their player pages', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/favorite': () => ok(page([series(1, 'Moonlight Alpha'), series(2)])),
    });
    renderPage(<FavoritesPage />, '/favorites');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Series in my list' });
    const card = within(list).getByRole('link', { name: /Moonlight Alpha/ });
    expect(card.getAttribute('href')).toBe('/videos/1');
    expect(card.textContent).toContain('12 episodes');
    expect(screen.getByText('No more content')).toBeTruthy();
  });

  it('waits for the session before asking for the list', async () => {
    const api = mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/favorite': () => ok(page([])) });
    renderPage(<FavoritesPage />, '/favorites');
    await screen.findByText(/Your list is empty/);
    const order = api.fetchMock.mock.calls.map(([input]) => String(input).split('?')[0]);
    expect(order.indexOf('/api/user')).toBeLessThan(order.indexOf('/api/user/favorite'));
  });

  it('leads an empty list to the home page', async () => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/favorite': () => ok(page([])) });
    renderPage(<FavoritesPage />, '/favorites');
    expect(await screen.findByText('Your list is empty. Add series you want to watch later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover series' }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let answer = fail(503, 'down');
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/user/favorite': () => answer });
    renderPage(<FavoritesPage />, '/favorites');
    expect(await screen.findByText("Your list couldn't be loaded.")).toBeTruthy();
    answer = ok(page([series(4, 'Back again')]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Back again/ })).toBeTruthy();
  });

  it('loads the next page with "Load more" until there is no more content', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/favorite': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? ok(page([series(3)], 2, false, 18))
          : ok(page([series(1), series(2)], 1, true, 18)),
    });
    renderPage(<FavoritesPage />, '/favorites');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Series 3/ })).toBeTruthy();
    expect(screen.getByText('No more content')).toBeTruthy();
    expect(api.requests('GET /api/user/favorite').map((r) => r.url.searchParams.get('pageSize'))).toEqual(['18', '18']);
  });

  it('removes a series at once and offers Undo', async () => {
    let saved = [series(1, 'Keep me'), series(2, 'Remove me')];
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/favorite': () => ok(page(saved)),
      'DELETE /api/user/favorite': ({ url }) => {
        saved = saved.filter((s) => String(s.id) !== url.searchParams.get('seriesId'));
        return ok({});
      },
      'POST /api/user/favorite': () => {
        saved = [series(2, 'Remove me'), ...saved];
        return ok({});
      },
    });
    renderPage(<FavoritesPage />, '/favorites');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Remove me from my list' }));
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: /Remove me/ })).toBeNull();
    });
    expect(api.requests('DELETE /api/user/favorite')[0]?.url.searchParams.get('seriesId')).toBe('2');
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(getToasts().map((t) => t.message)).toContain('Removed “Remove me” from your list');
    fireEvent.click(undo);
    await waitFor(() => {
      expect(api.requests('POST /api/user/favorite')[0]?.body).toMatchObject({ seriesId: 2 });
    });
    expect(await screen.findByRole('link', { name: /Remove me/ })).toBeTruthy();
  });

  it('puts the series back when the server refuses the removal', async () => {
    let refuse: () => void = () => undefined;
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/user/favorite': () => ok(page([series(1, 'Stubborn')])),
      'DELETE /api/user/favorite': () =>
        new Promise((resolve) => {
          refuse = () => {
            resolve(fail(404, 'nope'));
          };
        }),
    });
    renderPage(<FavoritesPage />, '/favorites');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Stubborn from my list' }));
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: /Stubborn/ })).toBeNull();
    });
    await act(async () => {
      refuse();
      await Promise.resolve();
    });
    expect(await screen.findByRole('link', { name: /Stubborn/ })).toBeTruthy();
    await waitFor(() => {
      expect(getToasts().map((t) => t.message)).toContain("It couldn't be removed from your list. Please try again.");
    });
  });
});
