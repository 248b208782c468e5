/** The console's sections, in navigation order. */
export interface Section {
  path: string;
  title: string;
}

export const SECTIONS: readonly Section[] = [
  { path: '/', title: 'Dashboard' },
  { path: '/content', title: 'Content' },
  { path: '/homepage', title: 'Homepage' },
  { path: '/commerce', title: 'Commerce' },
  { path: '/users', title: 'Users' },
  { path: '/inbox', title: 'Inbox' },
  { path: '/settings', title: 'Settings' },
  { path: '/audit-log', title: 'Audit log' },
];
