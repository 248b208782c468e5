import { Suspense, lazy } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Outlet, useLocation } from 'react-router';
import { ConsentPrompt, usePageViews } from '../../features/tracking';
import { useClickIdCapture } from '../../shared/click-ids/use-click-id-capture';
import { isPlayerPath, isVideoPath } from '../../shared/links/player-path';
import { AppHeader } from './app-header';
import { NavigationProgress } from './navigation-progress';
import { retryFailedPages } from '../page-retries';
import { ErrorBoundary, RouteError } from './route-error';
import { RouteLoading } from './route-loading';
import { ScrollRestoration } from './scroll-restoration';
import { TabBar } from './tab-bar';

// Not part of the first paint: the footer sits below the fold and toasts come later. Both load right
// after the entry (they are mounted at once), so a toast still shows when the network is gone by then;
// one raised before its code arrives waits in the store.
const AppFooter = lazy(() => import('./app-footer').then((module) => ({ default: module.AppFooter })));
const Toaster = lazy(() => import('../../shared/ui/toaster').then((module) => ({ default: module.Toaster })));

/** Header, page, footer, bottom tabs and toasts in one centred phone-width column. */
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  // The player covers the whole screen: the header, footer and tab bar under it would never be seen (and a
  // footer would only jump into place as the page loads), so they are not drawn there at all.
  const covered = isPlayerPath(location.pathname);
  // In this order: the landing page view is reported before the click ids leave the address.
  usePageViews();
  useClickIdCapture();
  return (
    <div className="relative mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-bg pb-[calc(var(--tabbar-height)+env(safe-area-inset-bottom))] shadow-[0_0_0_1px_rgb(255_255_255/0.04)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      {covered ? null : <AppHeader />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Loading and errors of a page render inside the layout, so header and navigation stay usable. */}
        <ErrorBoundary
          resetKey={location.key}
          fallback={(error, reset) => (
            <RouteError
              error={error}
              onRetry={() => {
                retryFailedPages();
                reset();
              }}
            />
          )}
        >
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {covered ? null : (
        <Suspense fallback={null}>
          <AppFooter />
        </Suspense>
      )}
      {covered ? null : <TabBar />}
      <Suspense fallback={null}>
        <Toaster placement={isVideoPath(location.pathname) ? 'top' : 'bottom'} />
      </Suspense>
      <ConsentPrompt />
      <ScrollRestoration />
    </div>
  );
}
