import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_MEMBERSHIP } from '@episodic/contract/constants';
import { i18n } from '../shared/i18n/i18n';
import { renderAt } from '../test/render-at';
import { VIEWER_ROUTES, isViewerRoute } from '@episodic/contract/constants';
import { routes } from './routes';

const PAGES: [path: string, page: string, heading: string][] = [
  ['/', 'home', 'Home'],
  ['/browse/12', 'browse', 'Category'],
  ['/more/3', 'more', 'More series'],
  ['/videos/9', 'videos', 'Now playing'],
  ['/individual', 'individual', 'Profile'],
  ['/my', 'my', 'My account'],
  ['/login', 'login', 'Sign in'],
  ['/retrievePassword', 'retrieve-password', 'Reset password'],
  ['/register', 'register', 'Create account'],
  ['/favorites', 'favorites', 'My list'],
  ['/historys', 'historys', 'Watch history'],
  ['/unlocked', 'unlocked', 'Unlocked episodes'],
  ['/wallet', 'wallet', 'Wallet'],
  ['/search', 'search', 'Search'],
  ['/searchDetail/4', 'search-detail', 'Search results'],
  ['/shopping', 'shopping', 'Plans and coins'],
  ['/privacyPolicy', 'privacy-policy', 'Privacy Policy'],
  ['/refundPolicy', 'refund-policy', 'Refund Policy'],
  ['/serviceAgreement', 'service-agreement', 'Service Agreement'],
  ['/contentPolicy', 'content-policy', 'Content Policy'],
  ['/commonQuestions', 'common-questions', 'FAQ'],
  ['/contactUs', 'contact-us', 'Contact us'],
  ['/order/result', 'order-result', 'Payment result'],
  ['/order/easy', 'order-easy', 'Card payment'],
  ['/no/such/page', 'not-found', 'Page not found'],
];

const guest = {
  id: 'u-1',
  email: null,
  isGuest: true,
  language: 'en',
  coins: 12,
  autoUnlock: false,
  membership: NO_MEMBERSHIP,
};

function envelope(data: unknown, code = 200) {
  return new Response(JSON.stringify({ code, message: code === 200 ? 'ok' : 'failed', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The categories `/api/tag` answers (the browse page of one it does not name is the not-found page). */
let tags: { id: number; name: string }[] = [];

beforeEach(() => {
  tags = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        input.startsWith('/api/user') ? envelope(guest) : envelope(input.startsWith('/api/tag') ? tags : []),
      ),
    ),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('routes', () => {
  it('are the client routes the server answers with a 200 (every other address is a 404)', () => {
    const children = routes[0]?.children ?? [];
    const paths = children.map((route) => (route.index ? '' : (route.path ?? '')));
    expect(paths.filter((path) => path !== '*')).toEqual([...VIEWER_ROUTES]);
    for (const [path, page] of PAGES) expect([path, isViewerRoute(path)]).toEqual([path, page !== 'not-found']);
  });

  it.each(PAGES)('%s renders the %s page with its heading and title', async (path, page, heading) => {
    if (page === 'browse') tags = [{ id: 12, name: heading }];
    const { container } = renderAt(path);
    await waitFor(() => {
      expect(container.querySelector(`[data-page="${page}"]`)).not.toBeNull();
    });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    await waitFor(() => {
      expect(document.title).toBe(page === 'home' ? 'Short drama series · Episodic' : `${heading} · Episodic`);
    });
  });

  it('gives the not-found page a way home', async () => {
    renderAt('/definitely-missing');
    const home = await screen.findByRole('link', { name: 'Back to home' });
    expect(home.getAttribute('href')).toBe('/');
  });

  it('says so when the catalog has nothing to show yet', async () => {
    renderAt('/');
    expect(await screen.findByText('Nothing to watch yet. New series are on their way.')).toBeTruthy();
  });

  it('shows the guest account on /my', async () => {
    renderAt('/my');
    expect(await screen.findByText("You're watching as a guest")).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(localStorage.getItem('userid')).toBe('u-1');
  });

  it('links the three documents from the login consent line', async () => {
    renderAt('/login');
    const consent = (await screen.findByText(/By continuing/)).closest('p');
    if (!consent) throw new Error('no consent line');
    const hrefs = within(consent)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/contentPolicy', '/privacyPolicy', '/serviceAgreement']);
  });
});

describe('layout', () => {
  it('has the brand, search, categories, language chooser, footer policies and tabs', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const header = screen.getByRole('banner');
    expect(
      within(header)
        .getByRole('link', { name: /Episodic/ })
        .getAttribute('href'),
    ).toBe('/');
    expect(within(header).getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    expect(within(header).getByRole('button', { name: 'Categories' })).toBeTruthy();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    const footer = screen.getByRole('navigation', { name: 'Policies and help' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/privacyPolicy',
      '/refundPolicy',
      '/serviceAgreement',
      '/contentPolicy',
      '/commonQuestions',
      '/contactUs',
    ]);
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/forYou', '/search', '/favorites', '/my']);
  });

  it('switches language, remembers it and sets <html lang>', async () => {
    renderAt('/');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['en', 'English'],
      ['es', 'Español'],
      ['fy', 'Français'],
      ['dy', 'Deutsch'],
      ['pt', 'Português'],
    ]);
    fireEvent.change(select, { target: { value: 'dy' } });
    expect(await screen.findByRole('link', { name: 'Datenschutzerklärung' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('dy');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('combobox', { name: /Language/ })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'fy' } });
    expect(await screen.findByRole('link', { name: 'Politique de confidentialité' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('opens the category sheet, which shows the empty state', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect(await within(dialog).findByText('No categories yet.')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('lists categories as links to their browse pages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          envelope([
            { id: 7, name: 'Romance' },
            { id: 8, name: 'CEO' },
          ]),
        ),
      ),
    );
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect((await within(dialog).findByRole('link', { name: 'Romance' })).getAttribute('href')).toBe('/browse/7');
    expect(within(dialog).getByRole('link', { name: 'CEO' }).getAttribute('href')).toBe('/browse/8');
  });

  it('offers a retry when categories fail to load', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('nope', { status: 404 })));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect(await within(dialog).findByText("Categories couldn't be loaded.")).toBeTruthy();
    fetchMock.mockImplementation(() => Promise.resolve(envelope([{ id: 1, name: 'Drama' }])));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('link', { name: 'Drama' })).toBeTruthy();
  });

  it('captures click ids on client-side navigation', async () => {
    const { navigate } = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await navigate('/search?fbclid=fb-nav&ttclid=tt-nav&token=ref-nav');
    expect(localStorage.getItem('FBCLID')).toBe('fb-nav');
    expect(localStorage.getItem('TTCLID')).toBe('tt-nav');
    expect(localStorage.getItem('xUserRefererToken')).toBe('ref-nav');
  });
});
