import { idle } from '../idle';

/**
 * Registers the service worker (`public/sw.js`, which keeps the app shell for offline starts) once the
 * page has loaded and the browser is idle (at most 2 s later), so it never competes with the first load
 * (nor lengthens one of its tasks). Production builds only: in development it
 * would serve stale modules.
 */
export function registerServiceWorker(enabled: boolean = import.meta.env.PROD): void {
  if (!enabled || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works the same, only not offline.
    });
  };
  const whenIdle = () => void idle(2000).then(register);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
