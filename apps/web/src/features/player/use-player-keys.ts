import { useEffect, useEffectEvent } from 'react';
import { gestureForKey } from './gestures';

interface PlayerKeys {
  onEpisode: (direction: 'next' | 'previous') => void;
  onToggle: () => void;
  onMute: () => void;
}

/** Elements whose own keys win: fields, dialogs (the sheets), the seek bar (arrows seek there). */
const OWN_KEYS = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="slider"]';

/**
 * Keys of the player page: ArrowDown / PageDown and ArrowUp / PageUp change episode, Space and K play
 * or pause (unless a button or link has the focus, where Space presses it), M mutes.
 */
export function usePlayerKeys({ onEpisode, onToggle, onMute }: PlayerKeys): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(OWN_KEYS)) return;
    const gesture = gestureForKey(event.key);
    if (gesture === 'next' || gesture === 'previous') {
      event.preventDefault();
      onEpisode(gesture);
    } else if ((event.key === ' ' || event.key === 'k') && !target?.closest('button, a')) {
      event.preventDefault();
      onToggle();
    } else if (event.key === 'm') {
      onMute();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      onKey(event);
    };
    window.addEventListener('keydown', listener);
    return () => {
      window.removeEventListener('keydown', listener);
    };
  }, []);
}
