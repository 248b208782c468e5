import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EpisodeSheet } from './episode-sheet';
import { InfoSheet } from './info-sheet';
import dy from '../../shared/i18n/locales/dy.json';
import en from '../../shared/i18n/locales/en.json';
import es from '../../shared/i18n/locales/es.json';
import fy from '../../shared/i18n/locales/fy.json';
import pt from '../../shared/i18n/locales/pt.json';

const kept = {
  id: 12,
  number: 2,
  title: 'Episode 2',
  duration: 90,
  free: false,
  unlocked: true,
  access: 'unlocked' as const,
  cost: 40,
  hls: '/api/media/episodes/12/master.m3u8',
};
const series = { title: 'Leaving Soon', synopsis: '', tags: [], playCount: 3 };

describe('an archived series in the player', () => {
  it('says the viewer keeps what they unlocked, in the episode list and the series info, with nothing to buy', () => {
    const { unmount } = render(
      <EpisodeSheet title="Leaving Soon" archived episodes={[kept]} current={2} onSelect={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('note').textContent).toBe(en.player.archivedNote);
    expect(screen.queryByText(/coin/i)).toBeNull();
    unmount();
    render(<InfoSheet series={{ ...series, archived: true }} episodes={[kept]} onClose={vi.fn()} />);
    expect(screen.getByRole('note').textContent).toBe(en.player.archivedNote);
  });

  it('says nothing of the kind for a series in the catalog', () => {
    render(<EpisodeSheet title="Running" episodes={[kept]} current={2} onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('has the note in every language', () => {
    const notes = [dy, en, es, fy, pt].map((l) => l.player.archivedNote);
    expect(new Set(notes).size).toBe(5);
    for (const note of notes) expect(note.length).toBeGreaterThan(10);
  });
});
