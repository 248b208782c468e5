import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { Toaster } from '../shared/ui/toaster';

/**
 * Renders one page at `path` with fresh providers and the toasts. The page stays rendered after it
 * navigates; `location()` tells where it went.
 */
export function renderPage(ui: ReactElement, path = '/') {
  const queryClient = createQueryClient();
  const current: { location: Location | undefined } = { location: undefined };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const view = render(
    <Providers queryClient={queryClient}>
      <Suspense fallback={null}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
          <Toaster />
        </MemoryRouter>
      </Suspense>
    </Providers>,
  );
  const location = () => {
    if (!current.location) throw new Error('not rendered');
    return current.location;
  };
  return { ...view, queryClient, location };
}
