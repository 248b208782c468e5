import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListState } from './list-state';
import { toast } from './toast-store';
import { Toaster } from './toaster';

describe('ListState', () => {
  it('shows "Loading", "Load more" and "No more content"', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<ListState status="loading" />);
    expect(screen.getByText('Loading')).toBeTruthy();
    rerender(<ListState status="more" onLoadMore={onLoadMore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<ListState status="end" />);
    expect(screen.getByText('No more content')).toBeTruthy();
  });
});

describe('Toaster', () => {
  it('renders toasts in a polite live region, dismissable', () => {
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      toast('Copy Success', 'success');
    });
    expect(region.textContent).toContain('Copy Success');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(region.textContent).not.toContain('Copy Success');
  });
});
