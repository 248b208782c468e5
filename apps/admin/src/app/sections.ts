import { mayCall, type OperatorRole } from '@episodic/contract/constants';

/** The console's sections, in navigation order. */
export interface Section {
  path: string;
  title: string;
  /** The API route the section opens with: whoever may call it may open the section (the server's table decides). */
  route: string;
}

export const SECTIONS: readonly Section[] = [
  { path: '/', title: 'Dashboard', route: 'GET /api/admin/dashboard' },
  { path: '/content', title: 'Content', route: 'GET /api/admin/series' },
  { path: '/homepage', title: 'Homepage', route: 'GET /api/admin/homepage' },
  { path: '/commerce', title: 'Commerce', route: 'GET /api/admin/orders' },
  { path: '/users', title: 'Users', route: 'GET /api/admin/users' },
  { path: '/inbox', title: 'Inbox', route: 'GET /api/admin/inbox' },
  { path: '/settings', title: 'Settings', route: 'GET /api/admin/settings' },
  { path: '/audit-log', title: 'Audit log', route: 'GET /api/admin/audit' },
  { path: '/team', title: 'Team', route: 'GET /api/admin/team' },
];

/** The sections an operator of `role` may open, in navigation order. */
export function sectionsFor(role: OperatorRole): Section[] {
  return SECTIONS.filter((s) => mayCall(role, s.route));
}

/** The section a console path belongs to (the longest matching prefix; `/` only for itself). */
export function sectionOf(pathname: string): Section | undefined {
  return SECTIONS.filter((s) =>
    s.path === '/' ? pathname === '/' : pathname === s.path || pathname.startsWith(`${s.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}
