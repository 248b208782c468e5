import { describe, expect, it } from 'vitest';
import { chooseEpisode, episodeTotal, neighbours, parseEpisodeParams } from './episode-selection';

const episodes = [1, 2, 3, 4, 5].map((number) => ({ number, duration: 90 }));
const entry = (episodeNumber: number, position: number, finished = false, seriesId = 7) => ({
  series: { id: seriesId },
  episodeNumber,
  position,
  finished,
});

describe('parseEpisodeParams', () => {
  it('reads ep and t', () => {
    expect(parseEpisodeParams('?ep=3&t=42')).toEqual({ ep: 3, t: 42 });
    expect(parseEpisodeParams('?ep=3&t=12.7')).toEqual({ ep: 3, t: 12 });
  });

  it('drops values that are not positive numbers', () => {
    expect(parseEpisodeParams('?ep=0&t=-1')).toEqual({ ep: null, t: null });
    expect(parseEpisodeParams('?ep=abc&t=1e9')).toEqual({ ep: null, t: null });
    expect(parseEpisodeParams('')).toEqual({ ep: null, t: null });
  });
});

describe('chooseEpisode', () => {
  it('opens the episode of the address at t', () => {
    expect(chooseEpisode({ params: { ep: 2, t: 30 }, episodes, seriesId: 7 })).toEqual({
      number: 2,
      startAt: 30,
      source: 'url',
    });
  });

  it('prefers the address over the history', () => {
    expect(chooseEpisode({ params: { ep: 4, t: null }, episodes, seriesId: 7, history: [entry(2, 50)] })).toEqual({
      number: 4,
      startAt: 0,
      source: 'url',
    });
  });

  it('falls back to the nearest real episode for a number that does not exist', () => {
    expect(chooseEpisode({ params: { ep: 99, t: 10 }, episodes, seriesId: 7 })).toEqual({
      number: 5,
      startAt: 0,
      source: 'url',
    });
    const gappy = [2, 5, 9].map((number) => ({ number, duration: 60 }));
    expect(chooseEpisode({ params: { ep: 3, t: null }, episodes: gappy, seriesId: 7 })?.number).toBe(5);
    expect(chooseEpisode({ params: { ep: 1, t: null }, episodes: gappy, seriesId: 7 })?.number).toBe(2);
  });

  it('resumes from the history of this series without an address episode', () => {
    const history = [entry(3, 12, false, 8), entry(2, 47.5)];
    expect(chooseEpisode({ params: { ep: null, t: null }, episodes, seriesId: 7, history })).toEqual({
      number: 2,
      startAt: 47.5,
      source: 'history',
    });
  });

  it('goes on after a finished episode, and replays the last one when the series is over', () => {
    expect(
      chooseEpisode({ params: { ep: null, t: null }, episodes, seriesId: 7, history: [entry(2, 90, true)] }),
    ).toEqual({ number: 3, startAt: 0, source: 'history' });
    expect(
      chooseEpisode({ params: { ep: null, t: null }, episodes, seriesId: 7, history: [entry(5, 90, true)] }),
    ).toEqual({ number: 5, startAt: 0, source: 'history' });
  });

  it('starts over instead of resuming at the last seconds', () => {
    expect(
      chooseEpisode({ params: { ep: null, t: null }, episodes, seriesId: 7, history: [entry(2, 89)] })?.startAt,
    ).toBe(0);
    expect(chooseEpisode({ params: { ep: 2, t: 89 }, episodes, seriesId: 7 })?.startAt).toBe(0);
  });

  it('opens the first episode otherwise, and nothing without episodes', () => {
    expect(chooseEpisode({ params: { ep: null, t: null }, episodes, seriesId: 7, history: [] })).toEqual({
      number: 1,
      startAt: 0,
      source: 'first',
    });
    expect(chooseEpisode({ params: { ep: 1, t: null }, episodes: [], seriesId: 7 })).toBeNull();
  });
});

describe('neighbours', () => {
  it('finds the episodes before and after, in number order', () => {
    const list = [{ number: 3 }, { number: 1 }, { number: 2 }];
    expect(neighbours(list, 2)).toEqual({ previous: { number: 1 }, next: { number: 3 } });
    expect(neighbours(list, 1)).toEqual({ previous: undefined, next: { number: 2 } });
    expect(neighbours(list, 7)).toEqual({ previous: undefined, next: undefined });
  });
});

describe('episodeTotal', () => {
  it('is the count when the numbering has no gaps', () => {
    expect(episodeTotal(episodes)).toBe(5);
  });

  it('is never below a number in the list (an archived series lists only the episodes its buyer keeps)', () => {
    expect(episodeTotal([{ number: 3 }])).toBe(3);
    expect(episodeTotal([{ number: 1 }, { number: 2 }, { number: 4 }, { number: 5 }])).toBe(5);
    expect(episodeTotal([])).toBe(0);
  });
});
