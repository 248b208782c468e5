import { useEffect, useEffectEvent } from 'react';
import type { PlayerEngine } from './player-engine';

/** Autoplay: when the episode on screen ends, `playNext` (a locked next episode shows its paywall). */
export function useAutoplayNext(engine: PlayerEngine | null, episodeId: number, playNext: (() => void) | null): void {
  const onEnded = useEffectEvent((ended: number) => {
    if (ended === episodeId && playNext) playNext();
  });
  useEffect(
    () =>
      engine?.on('ended', (ended) => {
        onEnded(ended);
      }),
    [engine],
  );
}
