import { useEffect, useState } from 'react';

export type TapFlash = { kind: 'play' | 'pause'; key: number } | null;

/** The play / pause sign after a tap, shown for 600 ms. */
export function useTapFlash() {
  const [flash, setFlash] = useState<TapFlash>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => {
      setFlash(null);
    }, 600);
    return () => {
      window.clearTimeout(timer);
    };
  }, [flash]);
  return [flash, setFlash] as const;
}
