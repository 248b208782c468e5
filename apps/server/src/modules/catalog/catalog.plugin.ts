import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createCatalogService, type CatalogService } from './catalog.service';
import { registerCatalogRoutes } from './catalog.routes';
import { createPlayCounter, type PlayCounter } from './play-counter';
import { exportCatalogData, mergeCatalogData } from './catalog-merge.repository';
import { seedDemoCatalog } from './demo/seed-demo';
import { announcedAccountCache } from '../../cache/account-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Series, episodes, home sections and search. */
    catalog: CatalogService;
    /** Play counts, batched in this process. */
    plays: PlayCounter;
  }
}

const NO_MEDIA = { playable: false, hls: null, poster: null, thumbnail: null, subtitles: [], start: null };

/**
 * The catalog asks playback for media addresses and access for what plays; it counts plays from the
 * progress reports the library announces, and keeps searches through merges, downloads and deletions.
 */
const catalog: FastifyPluginAsyncTypebox = async (app) => {
  const { env, db, events, jobs, playback, access } = app;
  const service = createCatalogService({
    db,
    bus: app.bus,
    mediaUrl: (key) => playback.mediaUrl(key)!,
    episodeMedia: async (episodeId, userId) => (await playback.playbackInfo(episodeId, userId)) ?? NO_MEDIA,
    access,
    // Only Redis being down makes the time limit matter: every write to a list drops its entry.
    favorites: announcedAccountCache<ReadonlySet<number>>(app, { ttlMs: 10_000, max: 20_000 }),
    liked: announcedAccountCache<ReadonlySet<number>>(app, { ttlMs: 10_000, max: 20_000 }),
  });
  const plays = createPlayCounter(db, {
    onError: (err) => app.log.warn({ err }, 'play counts not written yet'),
    // A start counts only for an episode the viewer may watch: the same rule as its keys.
    canWatch: (userId, episodeId) => access.canWatch(userId, episodeId),
  });
  app.decorate('catalog', service);
  app.decorate('plays', plays);

  // Buffered in this process, so flushed on every instance, JOBS or not: each adds its own plays
  // (`play_count + n`), and a play's claim row is unique, so no play counts twice.
  jobs.every('play-counts', 2000, () => plays.flush());
  // Deletes rows past a day: a second instance deleting the same rows deletes nothing more.
  if (env.jobs) jobs.every('play-retention', 60 * 60 * 1000, () => plays.prune());
  // Deletes counted searches past the trending window: a second instance deleting them deletes nothing more.
  if (env.jobs) jobs.every('search-retention', 60 * 60 * 1000, () => service.searchTrends.prune());

  // A failure to count never fails saving the viewer's place.
  events.on('episode.progressed', (p) =>
    plays
      .progressed(p.episodeId, p.userId, p.position, p.address)
      .catch((err: unknown) => app.log.warn({ err }, 'play not counted')),
  );
  events.on('user.merged', ({ trx, fromUserId, toUserId }) => mergeCatalogData(trx, fromUserId, toUserId));
  events.on('user.exporting', async ({ userId, add }) => {
    const data = await exportCatalogData(db, userId);
    add('searches', data.searches);
    add('searchesCountedForTrending', data.counted);
    add('likes', data.likes);
  });
  // Rows keyed by the account without a foreign key; everything else goes with the account's cascades.
  events.on('user.deleting', ({ userId, trx }) => plays.forget(trx, userId));
  app.addHook('onClose', () => plays.stop());

  if (env.demoCatalog) {
    // Seeded after the server listens: it answers at once, and episodes appear as their media is ready.
    const stopDemo = new AbortController();
    let demo: Promise<unknown> = Promise.resolve();
    app.addHook('onListen', async () => {
      demo = seedDemoCatalog({
        db,
        storage: app.storage,
        onChange: () => service.invalidate(),
        log: (msg) => app.log.info(msg),
        signal: stopDemo.signal,
        episodesPerSeries: env.demoEpisodesPerSeries ?? undefined,
      }).catch((err: unknown) => app.log.error({ err }, 'demo catalog could not be prepared'));
    });
    app.addHook('onClose', async () => {
      stopDemo.abort();
      await demo;
    });
  }
  registerCatalogRoutes(app, service, plays, app.limiter);
};

export const catalogPlugin = fp(catalog, { name: 'catalog', dependencies: ['core', 'access', 'playback'] });
