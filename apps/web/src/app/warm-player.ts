import { idle } from '../shared/idle';
import { preloadPage } from './routes';

/**
 * From the home screen most visits go on to a series: once Home has loaded and the browser is idle, the
 * player page's code and hls.js load in the background (about 130 KB), so a tap on a series waits only
 * for the episode's answers and first second. Not with the browser's data saver on.
 */
export function warmPlayerWhenIdle(): void {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const warm = () =>
    void idle(3000).then(() => {
      void preloadPage('/videos/0');
      void import('../features/player/lazy').then(({ warmHls }) => {
        warmHls();
      });
    });
  if (document.readyState === 'complete') warm();
  else window.addEventListener('load', warm, { once: true });
}
