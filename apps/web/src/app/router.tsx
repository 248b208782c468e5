import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory } from 'react-router';

/**
 * The viewer app runs React Router in declarative mode (`<Router>` + `useRoutes`), not the data router:
 * the app loads no route data through the router (TanStack Query does), and the data router costs about
 * 17 KB gzip more on the first load. The history objects are React Router's own (the ones
 * `BrowserRouter` and `MemoryRouter` use); this component is `BrowserRouter` plus a pending flag.
 */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory> | ReturnType<typeof UNSAFE_createMemoryHistory>;

/** History-mode history of the browser. */
export function createAppHistory(): AppHistory {
  return UNSAFE_createBrowserHistory({ v5Compat: true });
}

/** An in-memory history starting at `path` (tests). */
export function createMemoryAppHistory(path: string): AppHistory {
  return UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
}

const NavigationPendingContext = createContext(false);

/** True while the next page (its code) is still loading; the current page stays on screen meanwhile. */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}

interface AppRouterProps {
  history: AppHistory;
  children: ReactNode;
}

/**
 * Renders the location of `history`. Each navigation is a React transition, so a page whose lazy code
 * is not loaded yet keeps the previous page visible (with the progress bar) instead of a blank fallback.
 */
export function AppRouter({ history, children }: AppRouterProps) {
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        startTransition(() => {
          setState({ action, location });
        });
      }),
    [history],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
