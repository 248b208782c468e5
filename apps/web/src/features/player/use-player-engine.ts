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

/** The engine's state, re-rendering on change. */
export function usePlayerSnapshot(engine: PlayerEngine | null): PlayerSnapshot {
  return useSyncExternalStore(engine ? engine.subscribe : noSubscription, engine ? engine.getSnapshot : emptySnapshot, emptySnapshot);
}
