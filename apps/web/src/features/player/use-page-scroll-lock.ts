import { useEffect } from 'react';

/** The page behind the player must not scroll (wheel, keyboard) while the player is up. */
export function usePageScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const { overflow } = root.style;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, []);
}
