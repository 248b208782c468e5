import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../test/query-client';
import { SUGGEST_DELAY_MS, useSuggestions } from './suggestions';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function answer(titles: string[]) {
  return new Response(
    JSON.stringify({
      code: 200,
      message: 'ok',
      data: { items: titles.map((title, id) => ({ id, title })), page: 1, pageSize: 6, hasMore: false },
    }),
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

describe('search suggestions', () => {
  it('ask once typing pauses, and cancel a request that newer typing overtook', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn((input: string, init: RequestInit) => {
      signals.push(init.signal as AbortSignal);
      const keyword = new URL(input, 'http://localhost').searchParams.get('keyword');
      // The first request hangs until it is aborted; the next answers.
      if (signals.length === 1) {
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }
      return Promise.resolve(answer([`${String(keyword)} one`]));
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ text }) => useSuggestions(text, true), {
      wrapper,
      initialProps: { text: 'b' },
    });

    for (const text of ['bi', 'bil', 'bill']) rerender({ text });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS));
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    expect(new URL(fetchMock.mock.calls[0]?.[0] ?? '', 'http://localhost').searchParams.get('keyword')).toBe('bill');

    rerender({ text: 'billionare' });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS));
    await waitFor(() => {
      expect(result.current.data?.map((s) => s.title)).toEqual(['billionare one']);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(signals[0]?.aborted).toBe(true);
  });
});
