import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EpisodeSheet } from './episode-sheet';

const episodes = [
  {
    id: 11,
    number: 1,
    title: 'Episode 1',
    duration: 90,
    free: true,
    unlocked: true,
    access: 'free' as const,
    cost: 0,
    hls: '/api/media/episodes/11/master.m3u8',
  },
  {
    id: 12,
    number: 2,
    title: 'Episode 2',
    duration: 90,
    free: false,
    unlocked: true,
    access: 'unlocked' as const,
    cost: 40,
    hls: '/api/media/episodes/12/master.m3u8',
  },
  {
    id: 13,
    number: 3,
    title: 'Episode 3',
    duration: 90,
    free: false,
    unlocked: false,
    access: 'locked' as const,
    cost: 60,
    hls: null,
  },
];

describe('EpisodeSheet', () => {
  it('shows every episode with its lock state and price before any tap', () => {
    render(<EpisodeSheet title="Night Shift" episodes={episodes} current={2} onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Episodes' })).toBeTruthy();
    expect(screen.getByText(/3 episodes, 1 free/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Episode 1, Free' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Episode 2, Unlocked' }).getAttribute('aria-current')).toBe('true');
    const locked = screen.getByRole('button', { name: 'Episode 3, 60 coins, locked' });
    expect(locked.textContent).toContain('60');
    expect(locked.getAttribute('aria-current')).toBeNull();
  });

  it('reads each episode by a name that holds the words it shows, in their order (label in name)', () => {
    render(<EpisodeSheet title="Night Shift" episodes={episodes} current={2} onSelect={vi.fn()} onClose={vi.fn()} />);
    // As axe compares them: letters and digits only, punctuation dropped, spaces kept.
    const words = (text: string) =>
      text
        .replace(/[^\p{L}\p{N}\s]/gu, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();
    const grid = screen.getByRole('list', { name: 'Episodes' });
    for (const button of within(grid).getAllByRole('button')) {
      const name = button.getAttribute('aria-label') ?? '';
      expect(words(name)).toContain(words(button.textContent));
    }
  });

  it('marks locked episodes as included for members', () => {
    const forMember = episodes.map((e) =>
      e.access === 'locked'
        ? { ...e, unlocked: true, access: 'member' as const, hls: '/api/media/episodes/13/master.m3u8' }
        : e,
    );
    render(<EpisodeSheet title="Night Shift" episodes={forMember} current={1} onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Episode 3, Included with membership' })).toBeTruthy();
  });

  it('selects an episode', () => {
    const onSelect = vi.fn();
    render(<EpisodeSheet title="Night Shift" episodes={episodes} current={1} onSelect={onSelect} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Episode 3, 60 coins, locked' }));
    expect(onSelect).toHaveBeenCalledWith(3);
  });
});
