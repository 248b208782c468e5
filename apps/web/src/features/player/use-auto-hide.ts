import { useCallback, useEffect, useRef, useState } from 'react';

/** Controls fade this long after the last touch while playing. */
export const AUTO_HIDE_MS = 3000;

/** Whether the controls show: always while paused, for a few seconds after each interaction while playing. */
export function useAutoHide(playing: boolean): { visible: boolean; reveal: () => void } {
  const [awake, setAwake] = useState(true);
  const timer = useRef<number | undefined>(undefined);

  const reveal = useCallback(() => {
    setAwake(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setAwake(false);
    }, AUTO_HIDE_MS);
  }, []);

  useEffect(() => {
    if (playing) reveal();
    return () => {
      window.clearTimeout(timer.current);
    };
  }, [playing, reveal]);

  return { visible: !playing || awake, reveal };
}
