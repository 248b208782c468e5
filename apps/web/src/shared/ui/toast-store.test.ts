import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, clearToasts, dismissToast, getToasts, subscribeToasts, toast } from './toast-store';

afterEach(() => {
  vi.useRealTimers();
  clearToasts();
});

describe('toast store', () => {
  it('shows a message and removes it after about three seconds', () => {
    vi.useFakeTimers();
    toast('Saved');
    expect(getToasts().map((t) => t.message)).toEqual(['Saved']);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('does not stack a repeated message', () => {
    toast('Network error, please try again', 'error');
    toast('Network error, please try again', 'error');
    expect(getToasts()).toHaveLength(1);
  });

  it('ignores empty messages and keeps at most three', () => {
    toast('   ');
    for (const m of ['a', 'b', 'c', 'd']) toast(m);
    expect(getToasts().map((t) => t.message)).toEqual(['b', 'c', 'd']);
  });

  it('notifies subscribers and can be dismissed', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    const id = toast('Hello');
    dismissToast(id);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getToasts()).toHaveLength(0);
    unsubscribe();
  });
});
