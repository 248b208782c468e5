import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render-at';
import { SEARCH_HISTORY_STORAGE_KEY } from '../../features/search';
import { accountUser, fail, guestUser, mockApi, ok, page, series } from '../../test/api-mock';

const catalog = [
  series(1, 'The Billionaire’s Secret Bride'),
  series(2, 'Moonlight Alpha'),
  series(3, 'Jade Palace Revenge'),
];

function stubSearch(user: typeof guestUser | typeof accountUser = guestUser) {
  let serverHistory = [{ query: 'palace', searchedAt: '2026-11-01T10:00:00.000Z' }];
  const api = mockApi({
    'GET /api/user': () => ok(user),
    'GET /api/homepage': () => ok({ featured: [], sections: [] }),
    'GET /api/video': ({ url }) => {
      const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
      const found = catalog.filter((s) => s.title.toLowerCase().includes(keyword.slice(0, 5)));
      return ok(
        page(found, Number(url.searchParams.get('page') ?? 1), false, Number(url.searchParams.get('pageSize') ?? 18)),
      );
    },
    'GET /api/search/history': () => (user.isGuest ? fail(401, 'Sign in') : ok(serverHistory)),
    'POST /api/search/history': ({ body }) => {
      serverHistory = [{ query: String(body?.query), searchedAt: new Date().toISOString() }, ...serverHistory];
      return ok({});
    },
    'GET /api/search/trending': () => ok([{ query: 'ceo' }, { query: 'moonlight' }]),
    'POST /api/search/trending': () => ok({}),
    'DELETE /api/search/history': ({ url }) => {
      const query = url.searchParams.get('query');
      serverHistory = query ? serverHistory.filter((e) => e.query !== query) : [];
      return ok({});
    },
  });
  return api;
}

async function searchBox() {
  const box = await screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search series' });
  await waitFor(() => {
    expect(document.activeElement).toBe(box);
  });
  return box;
}

describe('search', () => {
  it('focuses the box, suggests titles as you type and shows every result on submit', async () => {
    const api = stubSearch();
    renderAt('/search');
    const box = await searchBox();
    fireEvent.change(box, { target: { value: 'billionare' } });
    const suggestions = await screen.findByRole('region', { name: 'Suggestions' });
    const suggestion = await within(suggestions).findByRole('link', { name: 'The Billionaire’s Secret Bride' });
    expect(suggestion.getAttribute('href')).toBe('/videos/1');
    expect(
      within(suggestions).getByRole('link', { name: 'See all results for “billionare”' }).getAttribute('href'),
    ).toBe('/searchDetail/billionare');
    const asked = api.requests('GET /api/video').map((r) => r.url.searchParams.get('keyword'));
    expect(asked).toEqual(['billionare']);
    expect(api.requests('GET /api/video')[0]?.url.searchParams.get('pageSize')).toBe('6');

    fireEvent.submit(box.closest('form') as HTMLFormElement);
    const results = await screen.findByRole('region', { name: 'Results for “billionare”' });
    expect(await within(results).findByRole('link', { name: /The Billionaire’s Secret Bride/ })).toBeTruthy();
    expect(await within(results).findByText('No more content')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY) ?? '[]')).toMatchObject([
      { query: 'billionare' },
    ]);
  });

  it('keeps a guest’s history in this browser: search again, remove one, clear all', async () => {
    localStorage.setItem(
      SEARCH_HISTORY_STORAGE_KEY,
      JSON.stringify([
        { query: 'werewolf', searchedAt: '2026-11-02T10:00:00.000Z' },
        { query: 'ceo', searchedAt: '2026-11-01T10:00:00.000Z' },
      ]),
    );
    const api = stubSearch();
    renderAt('/search');
    await searchBox();
    const history = await screen.findByRole('region', { name: 'Recent searches' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['werewolf', 'ceo']);
    fireEvent.click(within(history).getByRole('button', { name: 'Remove “werewolf” from recent searches' }));
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ceo']);
    fireEvent.click(within(history).getByRole('button', { name: 'Clear all recent searches' }));
    expect(within(history).getByText('Your recent searches will show up here.')).toBeTruthy();
    expect(localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBeNull();
    expect(api.requests('GET /api/search/history')).toHaveLength(0);
  });

  it('keeps a signed-in viewer’s history on the server', async () => {
    const api = stubSearch(accountUser);
    renderAt('/search');
    const box = await searchBox();
    const history = await screen.findByRole('region', { name: 'Recent searches' });
    expect(await within(history).findByRole('button', { name: 'palace' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'moonlight' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => {
      expect(api.requests('POST /api/search/history').map((r) => r.body?.query)).toEqual(['moonlight']);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search text' }));
    const refreshed = await screen.findByRole('region', { name: 'Recent searches' });
    fireEvent.click(await within(refreshed).findByRole('button', { name: 'Remove “palace” from recent searches' }));
    await waitFor(() => {
      expect(api.requests('DELETE /api/search/history').map((r) => r.url.searchParams.get('query'))).toEqual([
        'palace',
      ]);
    });
    expect(localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBeNull();
  });

  it('shows trending searches on the empty screen: a tap searches it and counts it', async () => {
    const api = stubSearch();
    renderAt('/search');
    await searchBox();
    const trending = await screen.findByRole('region', { name: 'Trending searches' });
    expect(
      within(trending)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1ceo', '2moonlight']);
    fireEvent.click(within(trending).getByRole('button', { name: /moonlight/ }));
    expect(await screen.findByRole('region', { name: 'Results for “moonlight”' })).toBeTruthy();
    await waitFor(() => {
      expect(api.requests('POST /api/search/trending').map((r) => r.body?.query)).toEqual(['moonlight']);
    });
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY) ?? '[]')).toMatchObject([
      { query: 'moonlight' },
    ]);
  });

  it('leaves search with Cancel: home when search was the first page', async () => {
    stubSearch();
    const { history } = renderAt('/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(history.location.pathname).toBe('/');
    });
  });

  it('a search of only spaces takes the query out of the address and shows the empty screen', async () => {
    stubSearch();
    const { history } = renderAt('/search?q=moonlight');
    expect(await screen.findByRole('region', { name: 'Results for “moonlight”' })).toBeTruthy();
    const box = await searchBox();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => {
      expect(history.location.search).toBe('');
    });
    expect(history.location.pathname).toBe('/search');
    expect(box.value).toBe('');
    expect(await screen.findByRole('region', { name: 'Trending searches' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Recent searches' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Results for/ })).toBeNull();
  });

  it('the clear button empties the box and takes the query out of the address', async () => {
    stubSearch();
    const { history } = renderAt('/search?q=moonlight');
    expect(await screen.findByRole('region', { name: 'Results for “moonlight”' })).toBeTruthy();
    const box = await searchBox();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search text' }));
    await waitFor(() => {
      expect(history.location.search).toBe('');
    });
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(await screen.findByRole('region', { name: 'Trending searches' })).toBeTruthy();
  });

  it('searches the first 100 characters of a longer query in the address', async () => {
    const api = stubSearch();
    renderAt(`/search?q=${'x'.repeat(300)}`);
    const shown = 'x'.repeat(100);
    expect(await screen.findByRole('region', { name: `Results for “${shown}”` })).toBeTruthy();
    expect(await screen.findByText(`Nothing matches “${shown}”. Check the spelling or try another word.`)).toBeTruthy();
    expect(api.requests('GET /api/video').map((r) => r.url.searchParams.get('keyword'))).toEqual([shown]);
  });

  it('searches the first 100 characters of a longer keyword at /searchDetail/{keyword}', async () => {
    const api = stubSearch();
    renderAt(`/searchDetail/${'y'.repeat(300)}`);
    const shown = 'y'.repeat(100);
    expect(await screen.findByRole('region', { name: `Results for “${shown}”` })).toBeTruthy();
    expect(await screen.findByText(`Nothing matches “${shown}”. Check the spelling or try another word.`)).toBeTruthy();
    expect(api.requests('GET /api/video').map((r) => r.url.searchParams.get('keyword'))).toEqual([shown]);
  });

  it('shows all results for a keyword at /searchDetail/{keyword}', async () => {
    stubSearch();
    renderAt('/searchDetail/jade%20palace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results' })).toBeTruthy();
    const results = await screen.findByRole('region', { name: 'Results for “jade palace”' });
    expect(await within(results).findByRole('link', { name: /Jade Palace Revenge/ })).toBeTruthy();
  });
});
