/**
 * Who may do what in the operator console: the one home of console permissions. The server's route
 * guard enforces ADMIN_ROUTE_ROLES on every /api/admin route (a route without an entry stops the
 * start), the role-matrix test calls every route as every role from this table, and the console hides
 * the sections a role cannot open by asking `mayCall` about the section's main route.
 */

/** An operator's role: owners run everything; the others run one part of the business. */
export const OPERATOR_ROLES = ['owner', 'content', 'finance_support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The names operators read. */
export const OPERATOR_ROLE_NAMES: Record<OperatorRole, string> = {
  owner: 'Owner',
  content: 'Content',
  finance_support: 'Finance & support',
};

/** What each role is for, as the team page explains it. */
export const OPERATOR_ROLE_SUMMARIES: Record<OperatorRole, string> = {
  owner: 'Everything, including settings, plans, the team and the audit log.',
  content: 'Series, episodes, video, tags and the homepage.',
  finance_support: 'Dashboard, orders and refunds, plans (view only), users and grants.',
};

/** A route every caller may reach without a console session (signing in, accepting an invitation). */
export const ANYONE = 'anyone';
/** Any signed-in operator, whatever the role (the session itself). */
export const ANY_OPERATOR: readonly OperatorRole[] = OPERATOR_ROLES;
const OWNER: readonly OperatorRole[] = ['owner'];
const CONTENT: readonly OperatorRole[] = ['owner', 'content'];
const FINANCE: readonly OperatorRole[] = ['owner', 'finance_support'];

/**
 * `METHOD /api/admin/path` (Fastify's spelling, `:param`) → the roles allowed. Owners appear in every
 * list on purpose: the table reads as written, with no implied rules.
 */
export const ADMIN_ROUTE_ROLES: Readonly<Record<string, readonly OperatorRole[] | typeof ANYONE>> = {
  // The console session itself.
  'POST /api/admin/session': ANYONE,
  'GET /api/admin/session': ANY_OPERATOR,
  'DELETE /api/admin/session': ANY_OPERATOR,
  'POST /api/admin/session/password': ANY_OPERATOR,
  // Invitations are opened by people who are not operators yet: the emailed token is the authority.
  'POST /api/admin/invitations/check': ANYONE,
  'POST /api/admin/invitations/accept': ANYONE,

  // Content: series, episodes, media, tags, homepage.
  'GET /api/admin/series': CONTENT,
  'POST /api/admin/series': CONTENT,
  'GET /api/admin/series/:id': CONTENT,
  'PATCH /api/admin/series/:id': CONTENT,
  'POST /api/admin/series/:id/status': CONTENT,
  'PUT /api/admin/series/:id/episode-order': CONTENT,
  'POST /api/admin/series/:id/pricing': CONTENT,
  'POST /api/admin/series/:id/episodes': CONTENT,
  'PUT /api/admin/series/:id/artwork/:kind': CONTENT,
  'GET /api/admin/episodes/:id': CONTENT,
  'PATCH /api/admin/episodes/:id': CONTENT,
  'POST /api/admin/episodes/:id/status': CONTENT,
  'POST /api/admin/episodes/:id/media': CONTENT,
  // Publication: what unpublishing or archiving would take from viewers, and the archive itself.
  'GET /api/admin/series/:id/impact': CONTENT,
  'POST /api/admin/series/:id/archive': CONTENT,
  'POST /api/admin/series/:id/restore': CONTENT,
  'GET /api/admin/episodes/:id/impact': CONTENT,
  'POST /api/admin/episodes/:id/archive': CONTENT,
  'POST /api/admin/episodes/:id/restore': CONTENT,
  'GET /api/admin/episodes/:id/subtitles': CONTENT,
  'PUT /api/admin/episodes/:id/subtitles/:language': CONTENT,
  'DELETE /api/admin/episodes/:id/subtitles/:language': CONTENT,
  'GET /api/admin/episodes/:id/preview/master.m3u8': CONTENT,
  'GET /api/admin/episodes/:id/preview/:rendition/index.m3u8': CONTENT,
  'GET /api/admin/episodes/:id/preview/key': CONTENT,
  'POST /api/admin/uploads': CONTENT,
  'OPTIONS /api/admin/uploads': CONTENT,
  'HEAD /api/admin/uploads/:id': CONTENT,
  'PATCH /api/admin/uploads/:id': CONTENT,
  'DELETE /api/admin/uploads/:id': CONTENT,
  'OPTIONS /api/admin/uploads/:id': CONTENT,
  'GET /api/admin/tags': CONTENT,
  'POST /api/admin/tags': CONTENT,
  'PATCH /api/admin/tags/:id': CONTENT,
  'DELETE /api/admin/tags/:id': CONTENT,
  'PUT /api/admin/tag-order': CONTENT,
  'GET /api/admin/homepage': CONTENT,
  'POST /api/admin/homepage/sections': CONTENT,
  'PATCH /api/admin/homepage/sections/:id': CONTENT,
  'DELETE /api/admin/homepage/sections/:id': CONTENT,
  'PUT /api/admin/homepage/sections/:id/items': CONTENT,
  'PUT /api/admin/homepage/sections/:id/tags': CONTENT,
  'PUT /api/admin/homepage/order': CONTENT,

  // Finance and support: figures, orders and refunds, users and grants; plans to read.
  'GET /api/admin/dashboard': FINANCE,
  'GET /api/admin/orders': FINANCE,
  'GET /api/admin/orders/export': FINANCE,
  'GET /api/admin/orders/:id': FINANCE,
  'POST /api/admin/orders/:id/refund': FINANCE,
  'GET /api/admin/orders/:id/refund-preview': FINANCE,
  'GET /api/admin/plans': FINANCE,
  'GET /api/admin/users': FINANCE,
  'GET /api/admin/users/export': FINANCE,
  'GET /api/admin/users/:id': FINANCE,
  'POST /api/admin/users/:id/disable': FINANCE,
  'POST /api/admin/users/:id/enable': FINANCE,
  'POST /api/admin/users/:id/grants': FINANCE,
  'POST /api/admin/users/:id/unlocks/:episodeId/revoke': FINANCE,
  'POST /api/admin/users/:id/membership/stop-renewal': FINANCE,
  // Support: the contact messages viewers send, answered by email.
  'GET /api/admin/inbox': FINANCE,
  'GET /api/admin/inbox/counts': FINANCE,
  'GET /api/admin/inbox/:id': FINANCE,
  'POST /api/admin/inbox/:id/replies': FINANCE,
  'POST /api/admin/inbox/:id/status': FINANCE,
  'GET /api/admin/rewards': FINANCE,

  // Owners only: prices, power, configuration and the record of who did what.
  'POST /api/admin/plans': OWNER,
  'PATCH /api/admin/plans/:id': OWNER,
  'PUT /api/admin/rewards': OWNER,
  'POST /api/admin/users/:id/role': OWNER,
  'GET /api/admin/audit': OWNER,
  'GET /api/admin/audit/export': OWNER,
  'GET /api/admin/settings': OWNER,
  'PUT /api/admin/settings/config/:key': OWNER,
  'DELETE /api/admin/settings/config/:key': OWNER,
  'GET /api/admin/team': OWNER,
  'POST /api/admin/team/invitations': OWNER,
  'DELETE /api/admin/team/invitations/:id': OWNER,
  'PUT /api/admin/team/:id/role': OWNER,
  'POST /api/admin/team/:id/disable': OWNER,
  'POST /api/admin/team/:id/enable': OWNER,
  'DELETE /api/admin/team/:id': OWNER,
};

/** Whether an operator of `role` may call `route` (`METHOD /api/admin/...`); unknown routes: no. */
export function mayCall(role: OperatorRole, route: string): boolean {
  const allowed = ADMIN_ROUTE_ROLES[route];
  return allowed === ANYONE || (allowed?.includes(role) ?? false);
}
