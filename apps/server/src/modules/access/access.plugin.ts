import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { announcedAccountCache } from '../../cache/account-cache';
import { createAccessService, type AccessService, type ViewerAccess } from './access.service';

/** How long a viewer's unlocks and membership may be served without a write announced (only Redis being down makes it matter). */
const VIEWER_CACHE_TTL_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may play what: asked by playback, the catalog, the library and billing. */
    access: AccessService;
  }
}

/** The access rule: free, unlocked, member (read from the memberships billing keeps), else locked. No routes. */
const access: FastifyPluginAsyncTypebox = async (app) => {
  const viewers = announcedAccountCache<ViewerAccess>(app, {
    ttlMs: VIEWER_CACHE_TTL_MS,
    max: 20_000,
    // A membership ending by the clock needs no write: `decideFor` applies the rule at each use.
  });
  app.decorate('access', createAccessService({ db: app.db, viewers }));
};

export const accessPlugin = fp(access, { name: 'access', dependencies: ['core'] });
