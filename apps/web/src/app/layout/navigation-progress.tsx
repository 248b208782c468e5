import { useNavigationPending } from '../router';

/** A thin bar at the top while the next page's code loads (the current page stays visible meanwhile). */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 mx-auto h-0.5 max-w-[480px] overflow-hidden" aria-hidden="true">
      <div className="nav-progress h-full w-1/3 bg-accent" />
    </div>
  );
}
