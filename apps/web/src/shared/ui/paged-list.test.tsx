import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedQueryState } from './paged-list';
import { toast } from './toast-store';
import { Toaster } from './toaster';

type Item = { id: number; name: string };

let observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; target: Element | null };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, target: null };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        observers = observers.filter((o) => o !== this.entry);
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function scrollToEnd() {
  act(() => {
    for (const { callback, target } of observers) {
      if (target)
        callback(
          [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
    }
  });
}

function state(over: Partial<PagedQueryState<Item>>): PagedQueryState<Item> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    isFetchNextPageError: false,
    isFetchingNextPage: false,
    hasNextPage: false,
    fetchNextPage: vi.fn(() => Promise.resolve()),
    refetch: vi.fn(() => Promise.resolve()),
    ...over,
  };
}

const pages = (...groups: Item[][]) => ({
  pages: groups.map((items, i) => ({ items, page: i + 1, pageSize: 2, hasMore: true })),
  pageParams: groups.map((_, i) => i + 1),
});

function renderList(query: PagedQueryState<Item>) {
  return render(
    <PagedList
      query={query}
      label="Things"
      getKey={(item) => item.id}
      renderItem={(item) => <span>{item.name}</span>}
      renderSkeleton={() => <span>skeleton</span>}
      skeletonCount={3}
      empty={<p>Nothing here</p>}
      errorMessage="Could not load things"
    />,
  );
}

describe('PagedList', () => {
  it('holds the place with skeletons while the first page loads', () => {
    renderList(state({ isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading…' }).textContent).toBe('skeletonskeletonskeleton');
  });

  it('offers a retry when the first page fails, and shows the empty state', () => {
    const query = state({ isError: true });
    const { rerender } = renderList(query);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
    rerender(
      <PagedList
        query={state({ data: pages([]) })}
        label="Things"
        getKey={(i: Item) => i.id}
        renderItem={(i) => i.name}
        renderSkeleton={() => null}
        empty={<p>Nothing here</p>}
        errorMessage="x"
      />,
    );
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('loads the next page when the end scrolls into view, once at a time', () => {
    const query = state({ data: pages([{ id: 1, name: 'one' }]), hasNextPage: true });
    const { rerender } = renderList(query);
    expect(screen.getByRole('list', { name: 'Things' }).textContent).toBe('one');
    scrollToEnd();
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    const loading = { ...query, isFetchingNextPage: true };
    rerender(
      <PagedList
        query={loading}
        label="Things"
        getKey={(i: Item) => i.id}
        renderItem={(i) => i.name}
        renderSkeleton={() => null}
        empty={null}
        errorMessage="x"
      />,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    scrollToEnd();
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('says "No more content" at the end and lets a failed next page be retried', () => {
    const failed = state({
      data: pages([{ id: 1, name: 'one' }]),
      hasNextPage: true,
      isError: true,
      isFetchNextPageError: true,
    });
    const { rerender } = renderList(failed);
    expect(screen.getByText('one')).toBeTruthy();
    scrollToEnd();
    expect(failed.fetchNextPage).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(
      <PagedList
        query={state({ data: pages([{ id: 1, name: 'one' }]) })}
        label="Things"
        getKey={(i: Item) => i.id}
        renderItem={(i) => i.name}
        renderSkeleton={() => null}
        empty={null}
        errorMessage="x"
      />,
    );
    expect(screen.getByText('No more content')).toBeTruthy();
  });
});

describe('toast actions', () => {
  it('runs the action and closes the toast', () => {
    const onPress = vi.fn();
    render(<Toaster />);
    act(() => {
      toast('Removed from your list', 'info', { action: { label: 'Undo', onPress } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Removed from your list')).toBeNull();
  });
});
