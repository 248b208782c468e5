import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { PlayerEngine } from './player-engine';
import { INITIAL_SNAPSHOT, type PlayerSnapshot } from './player-snapshot';

const noSubscription = () => () => undefined;
const emptySnapshot = () => INITIAL_SNAPSHOT;

/** The engine driving the two `<video>` elements, created once they are in the page. */
export function usePlayerEngine(videos: readonly RefObject<HTMLVideoElement | null>[]): PlayerEngine | null {
  const [engine, setEngine] = useState<PlayerEngine | null>(null);
  useEffect(() => {
    const elements = videos.map((ref) => ref.current).filter((v): v is HTMLVideoElement => v !== null);
    const created = new PlayerEngine(elements);
    setEngine(created);
    return () => {
      created.destroy();
      setEngine(null);
    };
    // The refs are stable; the elements exist once, for the player's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return engine;
}

const withoutTime = new WeakMap<PlayerEngine, PlayerSnapshot>();

function sameApartFromTime(a: PlayerSnapshot, b: PlayerSnapshot): boolean {
  return (Object.keys(a) as (keyof PlayerSnapshot)[]).every((key) =>
    key === 'currentTime'
      ? true
      : key === 'slotEpisodes' || key === 'qualities'
        ? JSON.stringify(a[key]) === JSON.stringify(b[key])
        : Object.is(a[key], b[key]),
  );
}

/** The engine's state with `currentTime` left at 0: the same object until something else changes. */
function snapshotWithoutTime(engine: PlayerEngine): PlayerSnapshot {
  const full = engine.getSnapshot();
  const previous = withoutTime.get(engine);
  if (previous && sameApartFromTime(previous, full)) return previous;
  const next = { ...full, currentTime: 0 };
  withoutTime.set(engine, next);
  return next;
}

/**
 * The engine's state, re-rendering on change, except the position (`currentTime` stays 0): the player
 * draws again when the picture's state changes, not at every time update. `usePlayerTime` has the position.
 */
export function usePlayerSnapshot(engine: PlayerEngine | null): PlayerSnapshot {
  return useSyncExternalStore(
    engine ? engine.subscribe : noSubscription,
    engine ? () => snapshotWithoutTime(engine) : emptySnapshot,
    emptySnapshot,
  );
}

/** The position in the current episode (seconds), re-rendering at every time update: for the seek bar only. */
export function usePlayerTime(engine: PlayerEngine | null): number {
  return useSyncExternalStore(
    engine ? engine.subscribe : noSubscription,
    engine ? () => engine.getSnapshot().currentTime : () => 0,
    () => 0,
  );
}
