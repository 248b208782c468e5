import './app/styles.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { createAppHistory } from './app/router';
import { preloadPage } from './app/routes';
import { warmPlayerWhenIdle } from './app/warm-player';
import { loadStartupData } from './app/start';
import { trackRequestFailures } from './features/tracking';
import { exchangeLinkToken } from './shared/api/client';
import { captureClickIdsOnLoad, removeSessionTokenFromAddress } from './shared/click-ids/capture';
import { initErrorReporting } from './shared/error-reporting';
import { initI18n } from './shared/i18n/i18n';
import { playerSeriesId } from './shared/links/player-path';

// Startup order (specification §4): error reporting, URL click ids, mount, then config and user.
// Only a build given a DSN reports errors; without one, none of that code is part of the first load.
if (import.meta.env.VITE_SENTRY_DSN || import.meta.env.VITE_SENTRY_SANDBOX_DSN) void initErrorReporting();
trackRequestFailures();
captureClickIdsOnLoad(window.location.search, window.location.pathname);
exchangeLinkToken(removeSessionTokenFromAddress());
const languageReady = initI18n(window.location.search);

// A link straight to an episode starts loading it now (its chunk is preloaded by index.html).
const seriesId = playerSeriesId(window.location.pathname);
if (seriesId !== null) {
  void Promise.all([import('./features/player/lazy'), languageReady]).then(([{ openEarly }]) => {
    openEarly(queryClient, seriesId, window.location.search);
  });
}

// Mounting in a task of its own: the module's evaluation (the libraries', then the lines above) is
// already one long task on a slow phone, and matching the route and starting the page's code would
// lengthen it.
window.setTimeout(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  // The app mounts once the interface language's messages and the landing page's code are here (both
  // already on their way): its first render then draws the page, in place of what index.html drew, with no
  // blank or loading state in between. (A loading state would also hold the page back: React keeps a
  // suspense fallback up for at least 300 ms.)
  const landingPage = preloadPage(window.location.pathname);
  void Promise.all([languageReady, landingPage])
    .catch(() => undefined)
    .then(() => {
      // A transition: the first render yields to the browser every few milliseconds instead of holding the
      // main thread for one long task while the page is still loading.
      startTransition(() => {
        root.render(<App queryClient={queryClient} history={createAppHistory()} />);
      });
      // In a task of its own: its requests do not lengthen the task that starts the first render.
      window.setTimeout(() => void loadStartupData(queryClient), 0);
      if (window.location.pathname === '/') warmPlayerWhenIdle();
      void import('./app/open-ahead').then(({ openSeriesAhead }) => {
        openSeriesAhead(queryClient);
      });
    });
}, 0);

// Its own chunk: the worker is registered once the page has loaded and the browser is idle, so its code
// need not be part of the first load either.
if (import.meta.env.PROD)
  void import('./shared/pwa/register-service-worker').then((pwa) => pwa.registerServiceWorker());
