import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCallers } from '../../http/protocol';
import { createAccountsService, type AccountsService } from './accounts.service';
import { registerAccountsRoutes } from './accounts.routes';
import { createFacebookSignIn } from './facebook-sign-in';
import { registerFacebookRoutes } from './facebook.routes';
import { createOperatorSessions } from './operator-sessions';
import { registerOperatorSessionRoutes } from './operator-sessions.routes';
import { purgeUnusedAccounts } from './account-retention';
import { createSessionCache } from './session-cache';
import { decodeKeys } from '../../db/write-watch';

/** How long a cached session or user may be served without a write announced (only Redis being down makes it matter). */
const SESSION_CACHE_TTL_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Users, guests, sessions, sign-in, registration, export and deletion. */
    accounts: AccountsService;
  }
}

/**
 * Accounts answers who is calling (`req.auth()`, `req.operator()`), asks billing for the money shown
 * with a user, and announces registrations, merges, downloads and deletions on the event bus.
 */
const accounts: FastifyPluginAsyncTypebox = async (app) => {
  const { env, db } = app;
  // Only where the database announces its writes: a cache nobody invalidates would outlive a revocation.
  const sessionCache = app.sessionWritesAnnounced
    ? createSessionCache({
        ttlMs: SESSION_CACHE_TTL_MS,
        max: 20_000,
        sync: app.bus.shared ? () => app.bus.sync() : null,
      })
    : null;
  if (sessionCache) app.bus.subscribe('sessions', (message) => sessionCache.invalidate(decodeKeys(message)));
  const service = createAccountsService({
    db,
    sessionTtlDays: env.sessionTtlDays,
    events: app.events,
    mailer: app.mailer,
    limiter: app.limiter,
    guestBudget: env.guestBudget,
    publicUrl: env.publicUrl,
    money: app.billing.accountSummary,
    guestBuyers: app.billing.guestBuyers,
    sessionCache,
    later: (what, task) => {
      app.background.run(what, task);
    },
  });
  const operatorSessions = createOperatorSessions({ db, accounts: service, events: app.events });
  app.decorate('accounts', service);
  registerCallers(app, { resolveSession: service.resolveSession, resolveOperator: operatorSessions.resolve });

  // Each batch takes the rows it deletes with SKIP LOCKED: instances purging at once never take the same guest.
  if (env.jobs)
    app.jobs.every('account-retention', 60 * 60 * 1000, () => purgeUnusedAccounts(db, env.guestRetentionDays));

  const cookies = {
    secureByDefault: env.publicUrl.startsWith('https:'),
    maxAgeSeconds: env.sessionTtlDays * 24 * 60 * 60,
  };
  registerAccountsRoutes(app, service, cookies);
  registerOperatorSessionRoutes(app, operatorSessions, {
    ...cookies,
    secureByDefault: (env.consoleUrl ?? env.publicUrl).startsWith('https:'),
  });
  const facebook = env.facebook
    ? createFacebookSignIn(
        db,
        { ...env.facebook, redirectUri: `${env.publicUrl}/api/user/oauth/facebook/callback` },
        service,
      )
    : null;
  registerFacebookRoutes(app, facebook, cookies, service.saveLanguage);
};

export const accountsPlugin = fp(accounts, { name: 'accounts', dependencies: ['core', 'protocol', 'billing'] });
