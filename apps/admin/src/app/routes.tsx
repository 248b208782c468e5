import type { RouteObject } from 'react-router';
import { SessionGate } from '../features/session';
import { NotFoundPage } from '../pages/not-found-page';
import { Shell } from './shell';

function GatedShell() {
  return <SessionGate>{(session) => <Shell session={session} />}</SessionGate>;
}

function Starting() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-zinc-100 text-sm text-zinc-500">
      Loading the console…
    </div>
  );
}

// Every page is its own chunk, loaded when first opened.
export const routes: RouteObject[] = [
  // An invitation's link: the person is not an operator yet, so it stands outside the session gate.
  {
    path: 'invitation',
    HydrateFallback: Starting,
    lazy: async () => ({ Component: (await import('../pages/invitation/invitation-page')).InvitationPage }),
  },
  {
    Component: GatedShell,
    HydrateFallback: Starting,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../pages/dashboard/dashboard-page')).DashboardPage }),
      },
      {
        path: 'content',
        lazy: async () => ({ Component: (await import('../pages/content/series-list-page')).SeriesListPage }),
      },
      {
        path: 'content/tags',
        lazy: async () => ({ Component: (await import('../pages/content/tags-page')).TagsPage }),
      },
      {
        path: 'content/series/:id',
        lazy: async () => ({ Component: (await import('../pages/content/series-page')).SeriesPage }),
      },
      {
        path: 'homepage',
        lazy: async () => ({ Component: (await import('../pages/homepage/homepage-page')).HomepagePage }),
      },
      {
        path: 'commerce',
        lazy: async () => ({ Component: (await import('../pages/commerce/orders-page')).OrdersPage }),
      },
      {
        path: 'commerce/orders/:id',
        lazy: async () => ({ Component: (await import('../pages/commerce/order-page')).OrderPage }),
      },
      {
        path: 'commerce/plans',
        lazy: async () => ({ Component: (await import('../pages/commerce/plans-page')).PlansPage }),
      },
      { path: 'users', lazy: async () => ({ Component: (await import('../pages/users/users-page')).UsersPage }) },
      { path: 'users/:id', lazy: async () => ({ Component: (await import('../pages/users/user-page')).UserPage }) },
      { path: 'inbox', lazy: async () => ({ Component: (await import('../pages/inbox/inbox-page')).InboxPage }) },
      { path: 'inbox/:id', lazy: async () => ({ Component: (await import('../pages/inbox/inbox-page')).InboxPage }) },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('../pages/settings/settings-page')).SettingsPage }),
      },
      { path: 'audit-log', lazy: async () => ({ Component: (await import('../pages/audit/audit-page')).AuditPage }) },
      { path: 'team', lazy: async () => ({ Component: (await import('../pages/team/team-page')).TeamPage }) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const BASENAME = '/admin';
