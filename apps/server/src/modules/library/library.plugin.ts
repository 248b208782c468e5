import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createLibraryService, type LibraryService } from './library.service';
import { registerLibraryRoutes } from './library.routes';
import { exportLibrary, mergeLibrary } from './library-merge.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** My list and watch history. */
    library: LibraryService;
  }
}

/** The library asks the catalog and access; progress reports go out as `episode.progressed`. */
const library: FastifyPluginAsyncTypebox = async (app) => {
  const { db, events } = app;
  const service = createLibraryService({ db, catalog: app.catalog, access: app.access, events });
  app.decorate('library', service);
  events.on('user.merged', ({ trx, fromUserId, toUserId }) => mergeLibrary(trx, fromUserId, toUserId));
  events.on('user.exporting', async ({ userId, add }) => {
    const lib = await exportLibrary(db, userId);
    add('favorites', lib.favorites);
    add('watchHistory', lib.history);
  });
  registerLibraryRoutes(app, service);
};

export const libraryPlugin = fp(library, { name: 'library', dependencies: ['core', 'access', 'catalog'] });
