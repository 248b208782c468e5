import { idle } from '../shared/idle';
import { preloadPage } from './routes';

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** The browser's data saver, or a 2G connection: nothing is loaded ahead of the viewer. */
export function sparingData(): boolean {
  const connection = (navigator as { connection?: Connection }).connection;
  return Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? '');
}

export const loadPlayerEntry = () => import('../features/player/lazy');

/**
 * From the home screen most visits go on to a series: once Home has loaded and the browser is idle, the
 * player page's code and hls.js load in the background (about 130 KB), so a tap on a series waits only
 * for its first second (open-ahead.ts asks for the answers of the series on screen).
 */
export function warmPlayerWhenIdle(): void {
  if (sparingData()) return;
  const warm = () =>
    void idle(3000).then(() => {
      void preloadPage('/videos/0');
      void loadPlayerEntry().then(({ warmHls }) => {
        warmHls();
      });
    });
  if (document.readyState === 'complete') warm();
  else window.addEventListener('load', warm, { once: true });
}
