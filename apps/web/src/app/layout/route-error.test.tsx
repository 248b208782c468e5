import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRouter, createMemoryAppHistory } from '../router';
import { ErrorBoundary, RouteError } from './route-error';

describe('RouteError', () => {
  it('shows the error with a retry that renders the page again', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render failed');
      return <h1>Recovered</h1>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppRouter history={createMemoryAppHistory('/')}>
        <ErrorBoundary fallback={(error, reset) => <RouteError error={error} onRetry={reset} />}>
          <Flaky />
        </ErrorBoundary>
      </AppRouter>,
    );
    expect(await screen.findByRole('heading', { name: "This page couldn't be shown" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });

  it('clears the error when the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const history = createMemoryAppHistory('/broken');
    function Page({ path }: { path: string }) {
      if (path === '/broken') throw new Error('render failed');
      return <h1>Elsewhere</h1>;
    }
    const { rerender } = render(
      <ErrorBoundary resetKey="/broken" fallback={(error, reset) => <RouteError error={error} onRetry={reset} />}>
        <Page path="/broken" />
      </ErrorBoundary>,
      { wrapper: ({ children }) => <AppRouter history={history}>{children}</AppRouter> },
    );
    expect(await screen.findByRole('heading', { name: "This page couldn't be shown" })).toBeTruthy();
    rerender(
      <ErrorBoundary resetKey="/other" fallback={(error, reset) => <RouteError error={error} onRetry={reset} />}>
        <Page path="/other" />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
