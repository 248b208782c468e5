/**
 * Registers the service worker (`public/sw.js`, which keeps the app shell for offline starts) once the
 * page has loaded, so it never competes with the first load. Production builds only: in development it
 * would serve stale modules.
 */
export function registerServiceWorker(enabled: boolean = import.meta.env.PROD): void {
  if (!enabled || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works the same, only not offline.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
