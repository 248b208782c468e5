import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { AppRouter, createMemoryAppHistory } from '../app/router';
import { AppRoutes } from '../app/routes';

/** Renders the real route table at a path, with fresh providers; `navigate` moves on like a link would. */
export function renderAt(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryAppHistory(path);
  const view = render(
    <Providers queryClient={queryClient}>
      <Suspense fallback={null}>
        <AppRouter history={history}>
          <AppRoutes />
        </AppRouter>
      </Suspense>
    </Providers>,
  );
  const navigate = (to: string) =>
    act(() => {
      history.push(to);
    });
  return { ...view, history, navigate, queryClient };
}
