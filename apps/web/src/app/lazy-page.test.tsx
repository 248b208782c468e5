import { Component, Suspense, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryFailedPages } from './page-retries';
import { lazyPage } from './routes';

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
}

/** The layout's boundary in small: cleared by a new location, or by "Try again". */
class Boundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }
  override render() {
    if (!this.state.failed) return <Suspense fallback={<p>Loading</p>}>{this.props.children}</Suspense>;
    return (
      <button
        onClick={() => {
          retryFailedPages();
          this.setState({ failed: false });
        }}
      >
        Try again
      </button>
    );
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // Offline: the page's code cannot be fetched (with the connection back, a failed import is retried by a full load).
  vi.stubGlobal('navigator', { ...navigator, onLine: false });
  const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
  const page = lazyPage(load as never, { firstLoad: true });
  function Layout({ children }: { children: ReactNode }) {
    return <Boundary resetKey={useLocation().key}>{children}</Boundary>;
  }
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/my', element: <Layout>{page.element}</Layout> },
    ],
    { initialEntries: ['/my'] },
  );
  render(<RouterProvider router={router} />);
  return {
    load,
    online: () => load.mockImplementation(() => Promise.resolve({ Component: () => <h1>My account</h1> }) as never),
    visit: (to: string) => act(() => router.navigate(to)),
    router,
  };
}

describe('a page whose code failed to load (offline)', () => {
  it('shows the failure once, and loads when visited again after the connection is back', async () => {
    const page = setup();
    await screen.findByRole('button', { name: 'Try again' });
    // React's own retry of the failed render does not load again: offline, that would never end.
    await new Promise((r) => setTimeout(r, 50));
    expect(page.load).toHaveBeenCalledTimes(1);

    page.online();
    await page.visit('/');
    await page.visit('/my');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    expect(page.load).toHaveBeenCalledTimes(2);
  });

  it('loads anew when the viewer goes back to the same history entry', async () => {
    const page = setup();
    await screen.findByRole('button', { name: 'Try again' });
    await page.visit('/');
    page.online();
    await act(() => page.router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
  });

  it('loads anew on "Try again", without leaving', async () => {
    const page = setup();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    page.online();
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
  });
});
