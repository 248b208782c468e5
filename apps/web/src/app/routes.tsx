import { lazy, useEffect, useMemo, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, UNSAFE_RouteContext as RouteContext, useLocation, type RouteObject } from 'react-router';
import { loadAllMessages } from '../shared/i18n/i18n';
import { AppLayout } from './layout/app-layout';
import { isStaleChunk } from './layout/route-error';
import { pageRetries } from './page-retries';

/** What every `pages/<route>/` module exports. */
interface PageModule {
  Component: ComponentType;
}

/** Every page's styles (the first load's stylesheet has only those of the layout and the home screen). */
const loadPageStyles = () => import('./page-styles.css');

/**
 * A page as its own lazily loaded chunk. Pages other than home also wait for all messages of the
 * language and for every page's styles: the first load carries only what the layout and the home
 * screen need.
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  { firstLoad = false } = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  // Shared by the first render and an early preload; a failed load is tried again the next time.
  function start() {
    return (loading ??= Promise.all([
      load(),
      firstLoad ? undefined : loadAllMessages(),
      firstLoad ? undefined : loadPageStyles(),
    ]).then(
      ([module]) => ({ default: module.Component }),
      (error: unknown) => {
        loading = undefined;
        failed = error;
        throw error;
      },
    ));
  }
  // React.lazy keeps a failed load for good. The page shows the failure for the visit it happened in
  // (React's own retry of that render must not load again: offline, that would never end), and loads
  // anew at the next visit (a navigation, also back to the same entry) or "Try again". Browsers keep
  // a failed import of a file too: once online again, only a full load fetches the page's code.
  let Current = lazy(start);
  let failed: unknown = null;
  let shownAt: { location: object; retries: number } | undefined;
  function Page() {
    const location = useLocation();
    const retries = pageRetries();
    if (failed !== null && (shownAt?.location !== location || shownAt.retries !== retries)) {
      Current = lazy(isStaleChunk(failed) && navigator.onLine ? reloadDocument : start);
      failed = null;
    }
    shownAt = { location, retries };
    return <Current />;
  }
  const handle: PageHandle = { preload: start };
  return { element: <Page />, handle };
}

/** A full load of the current address (its page's code is fetched anew); nothing renders meanwhile. */
function reloadDocument(): Promise<never> {
  window.location.reload();
  return new Promise(() => undefined);
}

interface PageHandle {
  preload: () => Promise<unknown>;
}

const player = lazyPage(() => import('../pages/videos/videos-page'));

/** Route path -> page (each page root carries its `data-page` name). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...lazyPage(() => import('../pages/home/home-page'), { firstLoad: true }) },
      // For You is the player page in its feed mode (no id): its chunk, without one of its own in this table.
      { path: 'forYou', ...player },
      { path: 'browse/:id', ...lazyPage(() => import('../pages/browse/browse-page')) },
      { path: 'more/:id', ...lazyPage(() => import('../pages/more/more-page')) },
      { path: 'videos/:id', ...player },
      { path: 'individual', ...lazyPage(() => import('../pages/individual/individual-page')) },
      { path: 'my', ...lazyPage(() => import('../pages/my/my-page')) },
      { path: 'login', ...lazyPage(() => import('../pages/login/login-page')) },
      { path: 'retrievePassword', ...lazyPage(() => import('../pages/retrieve-password/retrieve-password-page')) },
      { path: 'register', ...lazyPage(() => import('../pages/register/register-page')) },
      { path: 'favorites', ...lazyPage(() => import('../pages/favorites/favorites-page')) },
      { path: 'historys', ...lazyPage(() => import('../pages/historys/historys-page')) },
      { path: 'unlocked', ...lazyPage(() => import('../pages/unlocked/unlocked-page')) },
      { path: 'wallet', ...lazyPage(() => import('../pages/wallet/wallet-page')) },
      { path: 'search', ...lazyPage(() => import('../pages/search/search-page')) },
      { path: 'searchDetail/:id', ...lazyPage(() => import('../pages/search-detail/search-detail-page')) },
      { path: 'shopping', ...lazyPage(() => import('../pages/shopping/shopping-page')) },
      { path: 'privacyPolicy', ...lazyPage(() => import('../pages/privacy-policy/privacy-policy-page')) },
      { path: 'refundPolicy', ...lazyPage(() => import('../pages/refund-policy/refund-policy-page')) },
      { path: 'serviceAgreement', ...lazyPage(() => import('../pages/service-agreement/service-agreement-page')) },
      { path: 'contentPolicy', ...lazyPage(() => import('../pages/content-policy/content-policy-page')) },
      { path: 'commonQuestions', ...lazyPage(() => import('../pages/common-questions/common-questions-page')) },
      { path: 'contactUs', ...lazyPage(() => import('../pages/contact-us/contact-us-page')) },
      { path: 'order/result', ...lazyPage(() => import('../pages/order-result/order-result-page')) },
      { path: 'order/easy', ...lazyPage(() => import('../pages/order-easy/order-easy-page')) },
      { path: '*', ...lazyPage(() => import('../pages/not-found/not-found-page')) },
    ],
  },
];

/**
 * The page of the current location inside the layout: what `useRoutes` renders for a route tree of
 * plain elements (each match in the route context, the child as its parent's outlet), without the data
 * router's error boundaries and loaders that `useRoutes` brings into the first load. Route errors are
 * caught by the app's own boundaries (`RootBoundary`, the layout's).
 */
export function AppRoutes() {
  usePreloadOnIntent();
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location), [location]);
  if (!matches) return null;
  return matches.reduceRight<ReactElement | null>(
    (outlet, match, index) => (
      <RouteContext value={{ outlet, matches: matches.slice(0, index + 1), isDataRoute: false }}>
        {match.route.element ?? outlet}
      </RouteContext>
    ),
    null,
  );
}

/**
 * Starts loading the page at `pathname` (its code, styles and messages), as a click on a link to it would;
 * resolves when that is done, or failed (the page shows the failure when it is opened).
 */
export function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    (route.handle as PageHandle | undefined)?.preload(),
  );
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Loads a page's code as soon as a link to it is pressed, hovered or focused: the chunk, its imports and
 * styles are on their way before the click lands (the build preloads a page's imports only for the
 * player page, to keep the first load small).
 */
function usePreloadOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target === '_blank')
        return;
      preloadPage(link.pathname);
    };
    const events = ['pointerdown', 'mouseover', 'focusin'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { capture: true, passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent, { capture: true });
    };
  }, []);
}
