import { lazy, useMemo, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, UNSAFE_RouteContext as RouteContext, useLocation, type RouteObject } from 'react-router';
import { loadAllMessages } from '../shared/i18n/i18n';
import { AppLayout } from './layout/app-layout';

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
function lazyPage(load: () => Promise<PageModule>, { firstLoad = false } = {}) {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), firstLoad ? undefined : loadAllMessages(), firstLoad ? undefined : loadPageStyles()]);
    return { default: module.Component };
  });
  return <Page />;
}

/** Route path -> page (each page root carries its `data-page` name). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: lazyPage(() => import('../pages/home/home-page'), { firstLoad: true }) },
      { path: 'browse/:id', element: lazyPage(() => import('../pages/browse/browse-page')) },
      { path: 'more/:id', element: lazyPage(() => import('../pages/more/more-page')) },
      { path: 'videos/:id', element: lazyPage(() => import('../pages/videos/videos-page')) },
      { path: 'individual', element: lazyPage(() => import('../pages/individual/individual-page')) },
      { path: 'my', element: lazyPage(() => import('../pages/my/my-page')) },
      { path: 'login', element: lazyPage(() => import('../pages/login/login-page')) },
      { path: 'retrievePassword', element: lazyPage(() => import('../pages/retrieve-password/retrieve-password-page')) },
      { path: 'register', element: lazyPage(() => import('../pages/register/register-page')) },
      { path: 'favorites', element: lazyPage(() => import('../pages/favorites/favorites-page')) },
      { path: 'historys', element: lazyPage(() => import('../pages/historys/historys-page')) },
      { path: 'unlocked', element: lazyPage(() => import('../pages/unlocked/unlocked-page')) },
      { path: 'search', element: lazyPage(() => import('../pages/search/search-page')) },
      { path: 'searchDetail/:id', element: lazyPage(() => import('../pages/search-detail/search-detail-page')) },
      { path: 'shopping', element: lazyPage(() => import('../pages/shopping/shopping-page')) },
      { path: 'privacyPolicy', element: lazyPage(() => import('../pages/privacy-policy/privacy-policy-page')) },
      { path: 'refundPolicy', element: lazyPage(() => import('../pages/refund-policy/refund-policy-page')) },
      { path: 'serviceAgreement', element: lazyPage(() => import('../pages/service-agreement/service-agreement-page')) },
      { path: 'contentPolicy', element: lazyPage(() => import('../pages/content-policy/content-policy-page')) },
      { path: 'commonQuestions', element: lazyPage(() => import('../pages/common-questions/common-questions-page')) },
      { path: 'contactUs', element: lazyPage(() => import('../pages/contact-us/contact-us-page')) },
      { path: 'order/result', element: lazyPage(() => import('../pages/order-result/order-result-page')) },
      { path: 'order/easy', element: lazyPage(() => import('../pages/order-easy/order-easy-page')) },
      { path: '*', element: lazyPage(() => import('../pages/not-found/not-found-page')) },
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
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location), [location]);
  if (!matches) return null;
  return matches.reduceRight<ReactElement | null>(
    (outlet, match, index) => (
      <RouteContext value={{ outlet, matches: matches.slice(0, index + 1), isDataRoute: false }}>{match.route.element ?? outlet}</RouteContext>
    ),
    null,
  );
}
