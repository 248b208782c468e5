import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter, createAppHistory, createMemoryAppHistory, type AppHistory } from './router';
import { BackButton } from '../features/player';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { isFirstEntry } from '../shared/links/go-back';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderBack(history: AppHistory) {
  render(
    <Providers queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <AppRouter history={history}>
          <BackButton />
          <Where />
        </AppRouter>
      </Suspense>
    </Providers>,
  );
  return () => screen.getByTestId('where').textContent;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe("the player's back control", () => {
  it('goes home when the player opened the visit, though the player replaced its address', async () => {
    const history = createMemoryAppHistory('/videos/7');
    const where = renderBack(history);
    act(() => {
      history.replace('/videos/7?ep=1');
    });
    act(() => {
      history.replace('/videos/7?ep=2');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await act(() => Promise.resolve());
    expect(where()).toBe('/');
    // In place of the player: the browser's Back from home does not return to it.
    expect((history as { index?: number }).index).toBe(0);
  });

  it('goes back to the page the viewer came from', async () => {
    const history = createMemoryAppHistory('/search');
    const where = renderBack(history);
    act(() => {
      history.push('/videos/7');
    });
    act(() => {
      history.replace('/videos/7?ep=1');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await act(() => Promise.resolve());
    expect(where()).toBe('/search');
  });

  it("reads the browser history's entry numbers, which a replace keeps", () => {
    window.history.replaceState(null, '', '/videos/7');
    const history = createAppHistory();
    expect(isFirstEntry(history)).toBe(true);
    history.replace('/videos/7?ep=1');
    expect(isFirstEntry(history)).toBe(true);
    history.push('/videos/8');
    expect(isFirstEntry(history)).toBe(false);
    history.replace('/videos/8?ep=3');
    expect(isFirstEntry(history)).toBe(false);
  });
});
