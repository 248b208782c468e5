import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render-at';
import { i18n } from '../../shared/i18n/i18n';
import { CORE_SECTIONS, loadFullEnglish } from '../../shared/i18n/resources';
import { fail, guestUser, mockApi, ok, page, series } from '../../test/api-mock';

const homepage = {
  featured: [
    { ...series(1, 'Moonlight Alpha'), synopsis: 'A werewolf pack in Montana.' },
    series(2, 'The Billionaire’s Secret Bride'),
  ],
  sections: [
    {
      id: 11,
      title: 'Asian stories',
      kind: 'curated',
      items: [series(2, 'The Billionaire’s Secret Bride'), series(3, 'Jade Palace Revenge')],
      hasMore: false,
    },
    {
      id: 12,
      title: 'Switch categories',
      kind: 'categories',
      items: [series(3, 'Jade Palace Revenge')],
      hasMore: false,
      tabs: [
        { id: 7, name: 'Revenge' },
        { id: 8, name: 'Romance' },
      ],
    },
    {
      id: 13,
      title: 'Trending',
      kind: 'trending',
      items: [series(1, 'Moonlight Alpha'), series(2, 'The Billionaire’s Secret Bride')],
      hasMore: true,
    },
    { id: 14, title: 'Nothing here', kind: 'newest', items: [], hasMore: false },
  ],
};

// The route table loads the page's module lazily: without this, the first test's wait would go on
// transforming and loading that module (many seconds on a busy machine) instead of on the page.
beforeAll(async () => {
  await import('./home-page');
});

beforeEach(() => {
  HTMLElement.prototype.scrollTo = vi.fn();
});

const entry = (id: number, title: string, episodeNumber: number, position: number, finished: boolean) => ({
  series: series(id, title),
  episodeId: id * 100 + episodeNumber,
  episodeNumber,
  position,
  duration: 60,
  finished,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

function stubHome(answer: () => ReturnType<typeof ok> = () => ok(homepage), history: unknown[] = []) {
  return mockApi({
    'GET /api/user': () => ok(guestUser),
    'GET /api/user/history': () => ok(page(history)),
    'GET /api/homepage': answer,
    'GET /api/homepage/query': ({ url }) =>
      ok(
        page(
          url.searchParams.get('tagId') === '8' ? [series(1, 'Moonlight Alpha'), series(4, 'Desert Rose')] : [],
          1,
          false,
          12,
        ),
      ),
  });
}

describe('home', () => {
  it('takes over the answer index.html asked for early, and asks itself when it was for another language', async () => {
    const early = (language: string, data: unknown) => ({
      '/api/homepage': {
        language,
        response: Promise.resolve(
          new Response(JSON.stringify({ code: 200, message: 'ok', data }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      },
    });
    const api = stubHome();
    window.__episodicEarly = early('en', { ...homepage, featured: [series(9, 'Early Bird')] });
    const first = renderAt('/');
    expect(await screen.findByRole('link', { name: /Early Bird/ })).toBeTruthy();
    expect(api.requests('GET /api/homepage')).toHaveLength(0);
    expect(window.__episodicEarly['/api/homepage']).toBeUndefined();
    first.unmount();

    window.__episodicEarly = early('es', homepage);
    const api2 = stubHome();
    renderAt('/');
    await screen.findByRole('region', { name: 'Featured series' });
    expect(api2.requests('GET /api/homepage')).toHaveLength(1);
    window.__episodicEarly = undefined;
  });

  it('shows the featured carousel with named dots and a pause button', async () => {
    stubHome();
    renderAt('/');
    const carousel = await screen.findByRole('region', { name: 'Featured series' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(2);
    expect(within(carousel).getByRole('group', { name: '1 of 2' })).toBeTruthy();
    expect(
      within(carousel)
        .getByRole('link', { name: /Moonlight Alpha/ })
        .getAttribute('href'),
    ).toBe('/videos/1');
    const dot = within(carousel).getByRole('button', { name: 'Show slide 2: The Billionaire’s Secret Bride' });
    expect(
      within(carousel).getByRole('button', { name: 'Show slide 1: Moonlight Alpha' }).getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(dot);
    expect(HTMLElement.prototype.scrollTo).toHaveBeenCalled();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Pause the slideshow' }));
    // Looked up again: the home page may have drawn the carousel anew meanwhile (its data settling).
    expect(await screen.findByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
  });

  it('shows each section as a rail with a More link, ranks trending and hides empty sections', async () => {
    stubHome();
    renderAt('/');
    const asian = await screen.findByRole('region', { name: 'Asian stories' });
    expect(within(asian).getByRole('link', { name: 'More Asian stories' }).getAttribute('href')).toBe('/more/11');
    const rail = within(asian).getByRole('list', { name: 'Asian stories' });
    expect(within(rail).getAllByRole('listitem')).toHaveLength(2);
    expect(within(rail).getAllByText('Free EP 1–2')).toHaveLength(2);
    expect(within(rail).getAllByText('12 episodes')).toHaveLength(2);
    const trending = screen.getByRole('region', { name: 'Trending' });
    expect(within(trending).getByText('Number 1')).toBeTruthy();
    expect(within(trending).getByText('Number 2')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nothing here' })).toBeNull();
  });

  it('switches the category rail with the tabs, and links More to the chosen category', async () => {
    const api = stubHome();
    renderAt('/');
    const section = await screen.findByRole('region', { name: 'Switch categories' });
    const tablist = within(section).getByRole('tablist', { name: 'Switch categories' });
    const [revenge, romance] = within(tablist).getAllByRole('tab');
    if (!revenge || !romance) throw new Error('no tabs');
    expect(revenge.getAttribute('aria-selected')).toBe('true');
    expect(within(section).getByRole('tabpanel').textContent).toContain('Jade Palace Revenge');
    expect(within(section).getByRole('link', { name: 'More Revenge' }).getAttribute('href')).toBe('/browse/7');

    fireEvent.keyDown(revenge, { key: 'ArrowRight' });
    expect(romance.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(romance);
    await waitFor(() => {
      expect(within(section).getByRole('tabpanel').textContent).toContain('Desert Rose');
    });
    expect(within(section).getByRole('tabpanel').textContent).not.toContain('Jade Palace Revenge');
    expect(within(section).getByRole('link', { name: 'More Romance' }).getAttribute('href')).toBe('/browse/8');
    const tabQuery = api.requests('GET /api/homepage/query')[0];
    expect(Object.fromEntries(tabQuery?.url.searchParams ?? [])).toMatchObject({
      sectionId: '12',
      tagId: '8',
      page: '1',
    });
  });

  it('shows "Continue watching" with the series started and not finished; each card resumes', async () => {
    stubHome(undefined, [
      entry(1, 'Moonlight Alpha', 3, 45, false),
      entry(2, 'The Billionaire’s Secret Bride', 12, 60, true),
      entry(3, 'Jade Palace Revenge', 4, 60, true),
    ]);
    renderAt('/');
    const row = await screen.findByRole('region', { name: 'Continue watching' });
    const links = within(row).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/historys', '/videos/1?ep=3&t=45', '/videos/3?ep=5']);
    expect(within(row).getByText('EP 3')).toBeTruthy();
    expect(within(row).getByText('Next: EP 5')).toBeTruthy();
    expect(within(row).queryByText('The Billionaire’s Secret Bride')).toBeNull();
    // Below the carousel, above the sections.
    const regions = screen
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label') ?? r.textContent?.slice(0, 20));
    expect(regions.indexOf('Featured series')).toBeLessThan(regions.findIndex((r) => r?.startsWith('Continue')));
  });

  it('has no "Continue watching" for a viewer without history', async () => {
    const api = stubHome();
    renderAt('/');
    await screen.findByRole('region', { name: 'Asian stories' });
    await waitFor(() => {
      expect(api.requests('GET /api/user/history')).toHaveLength(1);
    });
    expect(screen.queryByRole('region', { name: 'Continue watching' })).toBeNull();
  });

  it('shows skeletons while loading, then an error with a retry', async () => {
    let answer = () => fail(503, 'down');
    stubHome(() => answer());
    renderAt('/');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    const alert = await screen.findByText("The home screen couldn't be loaded.");
    answer = () => ok(homepage);
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Featured series' })).toBeTruthy();
  });

  it('needs only the English messages that ship in the first load', async () => {
    const full = await loadFullEnglish();
    i18n.removeResourceBundle('en', 'translation');
    i18n.addResourceBundle(
      'en',
      'translation',
      Object.fromEntries(CORE_SECTIONS.map((section) => [section, full[section]])),
    );
    try {
      stubHome();
      const { container } = renderAt('/');
      await screen.findByRole('region', { name: 'Featured series' });
      await screen.findByRole('tablist');
      // i18next shows the key itself for a missing message.
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      const texts = [...container.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? '');
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
      const keys = texts.filter((text) => /^[a-z]+\.[a-zA-Z.]+$/.test(text.trim()));
      expect(keys).toEqual([]);
    } finally {
      i18n.addResourceBundle('en', 'translation', full, true, true);
    }
  });
});
