import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary, RootError } from './layout/route-error';
import { Providers } from './providers';
import { AppRouter, type AppHistory } from './router';
import { AppRoutes } from './routes';

/** Catches what escapes the layout itself; moving to another address tries again. */
function RootBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary resetKey={key} fallback={(error, reset) => <RootError error={error} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}

interface AppProps {
  queryClient: QueryClient;
  history: AppHistory;
}

export function App({ queryClient, history }: AppProps) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        {/* Nothing to show before the language's messages are here (main.tsx mounts the app once they are). */}
        <Suspense fallback={null}>
          <AppRouter history={history}>
            <RootBoundary>
              <AppRoutes />
            </RootBoundary>
          </AppRouter>
        </Suspense>
      </Providers>
    </StrictMode>
  );
}
