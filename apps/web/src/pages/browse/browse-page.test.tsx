import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render-at';
import { fail, guestUser, mockApi, ok, page, series } from '../../test/api-mock';

const many = Array.from({ length: 30 }, (_, i) => series(i + 1, `Story ${String(i + 1)}`));

describe('lists', () => {
  it('shows a category by name, pages with Load more and ends with No more content', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/tag': () =>
        ok([
          { id: 7, name: 'Romance' },
          { id: 8, name: 'Revenge' },
        ]),
      'GET /api/video': ({ url }) => {
        const n = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('pageSize'));
        return ok(page(many.slice((n - 1) * size, n * size), n, n * size < many.length, size));
      },
    });
    renderAt('/browse/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Romance' })).toBeTruthy();
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Romance' }).getAttribute('aria-current')).toBe('page');
    const grid = await screen.findByRole('list', { name: 'Romance' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(18);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No more content')).toBeTruthy();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(30);
    expect(
      api.requests('GET /api/video').map((r) => [r.url.searchParams.get('tagId'), r.url.searchParams.get('page')]),
    ).toEqual([
      ['7', '1'],
      ['7', '2'],
    ]);
  });

  it('names a home section from the home screen and ranks a trending one', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/homepage': () =>
        ok({ featured: [], sections: [{ id: 5, title: 'Trending', kind: 'trending', items: [], hasMore: true }] }),
      'GET /api/homepage/query': () => ok(page(many.slice(0, 3), 1, false, 18)),
    });
    renderAt('/more/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trending' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Trending' });
    expect(within(grid).getByText('Number 3')).toBeTruthy();
    expect(screen.getByText('No more content')).toBeTruthy();
  });

  it('offers a retry when a list fails, and says when it is empty', async () => {
    let broken = true;
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/tag': () => ok([{ id: 9, name: 'Drama' }]),
      'GET /api/video': () => (broken ? fail(503) : ok(page([], 1, false, 18))),
    });
    renderAt('/browse/9');
    expect(await screen.findByText("These series couldn't be loaded.")).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No series in this category yet.')).toBeTruthy();
  });
});

describe('unknown lists', () => {
  async function expectNotFound(): Promise<void> {
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.querySelector('[data-page="not-found"]')).not.toBeNull();
  }

  it('shows the not-found page for a category the category list does not name', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/tag': () => ok([{ id: 7, name: 'Romance' }]),
      'GET /api/video': () => ok(page([], 1, false, 18)),
    });
    renderAt('/browse/999999');
    await expectNotFound();
  });

  it('shows the not-found page for a section the server does not know', async () => {
    mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/homepage': () => ok({ featured: [], sections: [] }),
      'GET /api/homepage/query': () => fail(404, 'This list is no longer available.'),
    });
    renderAt('/more/999999');
    await expectNotFound();
  });

  it.each(['/browse/abc', '/more/0', '/searchDetail/%20'])('shows the not-found page for %s', async (path) => {
    mockApi({ 'GET /api/user': () => ok(guestUser), 'GET /api/tag': () => ok([]) });
    renderAt(path);
    await expectNotFound();
  });
});
