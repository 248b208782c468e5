import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createPlaybackService, type PlaybackService } from './playback.service';
import { registerPlaybackRoutes } from './playback.routes';
import { registerMediaFileRoutes } from './media-files.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Playlists, keys, subtitles and media addresses. */
    playback: PlaybackService;
  }
}

/** Playback asks access whether the viewer may play; `/media/` serves the stored files. */
const playback: FastifyPluginAsyncTypebox = async (app) => {
  const service = createPlaybackService({
    db: app.db,
    storage: app.storage,
    mediaBaseUrl: app.env.mediaPublicUrl ?? '/media',
    access: app.access,
  });
  app.decorate('playback', service);
  registerPlaybackRoutes(app, service);
  registerMediaFileRoutes(app, app.storage);
};

export const playbackPlugin = fp(playback, { name: 'playback', dependencies: ['core', 'access'] });
