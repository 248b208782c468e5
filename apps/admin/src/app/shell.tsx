import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { OPERATOR_ROLE_NAMES } from '@episodic/contract/constants';
import { type AdminSession, useSignOut } from '../features/session';
import { UnsavedChangesGuard } from '../shared/unsaved-changes-guard';
import { NoAccessPage } from '../pages/no-access-page';
import { sectionOf, sectionsFor } from './sections';
import { useInboxCounts } from '../features/inbox';

/** Unread contact messages beside the Inbox entry. */
function UnreadCount() {
  const counts = useInboxCounts();
  const unread = counts.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-orange-600 px-2 py-0.5 text-xs font-semibold text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The signed-in console: left navigation (only the sections the operator's role includes), operator
 * identity, the current section. A section outside the role, opened by its address, says so plainly;
 * the start page of a role without the dashboard is its first section.
 */
export function Shell({ session }: { session: AdminSession }) {
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const sections = sectionsFor(session.role);
  const home = sections[0]?.path ?? '/';
  const current = sectionOf(pathname);
  const allowed = !current || sections.includes(current);
  if (!allowed && pathname === '/' && home !== '/') return <Navigate to={home} replace />;
  return (
    <div className="flex min-h-dvh bg-zinc-50 text-zinc-900">
      <aside className="flex w-60 shrink-0 flex-col border-r border-zinc-200 bg-white">
        <div className="px-5 py-5">
          <p className="text-lg font-extrabold tracking-tight">
            Epi<span className="text-orange-600">sodic</span>
          </p>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Console</p>
        </div>
        <nav aria-label="Sections" className="flex-1 px-3">
          <ul className="flex flex-col gap-0.5">
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={section.path}
                  end={section.path === '/'}
                  className={({ isActive }) =>
                    `flex items-center rounded-lg px-3 py-2 text-sm font-medium ${
                      isActive ? 'bg-orange-50 text-orange-700' : 'text-zinc-700 hover:bg-zinc-100'
                    }`
                  }
                >
                  {section.title}
                  {section.path === '/inbox' ? <UnreadCount /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-zinc-200 px-5 py-4">
          <p className="text-xs text-zinc-500">Signed in as</p>
          <p className="truncate text-sm font-medium" title={session.email}>
            {session.email}
          </p>
          <p className="text-xs text-zinc-500">{OPERATOR_ROLE_NAMES[session.role]}</p>
          <button
            type="button"
            disabled={signOut.isPending}
            onClick={() => {
              signOut.mutate();
            }}
            className="mt-3 h-9 w-full rounded-lg border border-zinc-300 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60"
          >
            Sign out
          </button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-10 py-8">
        {allowed ? <Outlet /> : <NoAccessPage role={session.role} home={home} />}
        <UnsavedChangesGuard />
      </main>
    </div>
  );
}
