import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAccessService, type AccessService } from './access.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may play what: asked by playback, the catalog, the library and billing. */
    access: AccessService;
  }
}

/** The access rule: free, unlocked, member (read from the memberships billing keeps), else locked. No routes. */
const access: FastifyPluginAsyncTypebox = async (app) => {
  app.decorate('access', createAccessService({ db: app.db }));
};

export const accessPlugin = fp(access, { name: 'access', dependencies: ['core'] });
