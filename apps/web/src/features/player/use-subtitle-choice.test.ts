import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EpisodePlayback } from '@episodic/contract';
import type { PlayerEngine } from './player-engine';
import { SUBTITLES_STORAGE_KEY, useSubtitleChoice } from './use-subtitle-choice';

const playback = (languages: string[]) =>
  ({ subtitles: languages.map((language) => ({ language, url: `/x/${language}.vtt` })) }) as unknown as EpisodePlayback;

function engine() {
  return { setSubtitles: vi.fn() } as unknown as PlayerEngine & { setSubtitles: ReturnType<typeof vi.fn> };
}

afterEach(() => {
  localStorage.clear();
});

describe('useSubtitleChoice', () => {
  it('starts in the interface language when the episode has it, else off', () => {
    const e = engine();
    const { result, rerender } = renderHook(({ p }) => useSubtitleChoice(e, p, 'es', 1), {
      initialProps: { p: playback(['en', 'es']) },
    });
    expect(result.current.subtitles).toBe('es');
    expect(e.setSubtitles).toHaveBeenLastCalledWith('es');
    rerender({ p: playback(['en']) });
    expect(result.current.subtitles).toBeNull();
  });

  it('remembers the choice, off included, for the next visit', () => {
    const first = renderHook(() => useSubtitleChoice(engine(), playback(['en', 'es']), 'es', 1));
    act(() => {
      first.result.current.choose('en');
    });
    expect(first.result.current.subtitles).toBe('en');
    expect(localStorage.getItem(SUBTITLES_STORAGE_KEY)).toBe('en');
    const again = renderHook(() => useSubtitleChoice(engine(), playback(['en', 'es']), 'es', 1));
    expect(again.result.current.subtitles).toBe('en');
    act(() => {
      again.result.current.choose(null);
    });
    const off = renderHook(() => useSubtitleChoice(engine(), playback(['en', 'es']), 'es', 1));
    expect(off.result.current.subtitles).toBeNull();
    // A remembered language this episode lacks shows nothing rather than another language.
    localStorage.setItem(SUBTITLES_STORAGE_KEY, 'pt');
    expect(
      renderHook(() => useSubtitleChoice(engine(), playback(['en']), 'en', 1)).result.current.subtitles,
    ).toBeNull();
  });
});
