import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { infoLog } from '../../core.plugin';
import { createTrackingService, type TrackingService } from './tracking.service';
import { registerTrackingRoutes } from './tracking.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Event reports, attribution and the conversion outbox. */
    tracking: TrackingService;
  }
}

const HOUR = 60 * 60 * 1000;

/**
 * Tracking: asks the settings for the pixel ids the operator set; hears registrations, paid orders,
 * merges and data downloads on the event bus. Its tasks (with JOBS) are safe on every instance.
 */
const tracking: FastifyPluginAsyncTypebox = async (app) => {
  const { env, events, jobs } = app;
  const service = createTrackingService({
    db: app.db,
    env: env.tracking,
    publicUrl: env.publicUrl,
    configList: app.settings.configList,
    log: infoLog(app),
    // New conversions go out at once, not at the next tick.
    ...(env.jobs ? { deliverSoon: () => jobs.kick('conversions') } : {}),
  });
  app.decorate('tracking', service);

  if (env.jobs) {
    // Deliveries are claimed from the outbox with a lease (jobs/queue.ts): each goes out from one instance.
    jobs.every('conversions', env.tracking.conversionsIntervalSeconds * 1000, () => service.deliverDue());
    // Queues through the outbox's unique event id: two instances sweeping the same order queue it once.
    jobs.every('conversions-sweep', 60_000, () => service.sweepMissedConversions());
    // Deletes rows past a date: a second instance deleting the same rows deletes nothing more.
    jobs.every('tracking-retention', HOUR, () => service.prune());
  }

  events.on('user.registered', async (user) => {
    await service
      .registered(user)
      .catch((err: unknown) => app.log.error({ err, userId: user.userId }, 'conversion not queued'));
  });
  events.on('order.paid', async (order) => app.background.run('conversion', () => service.orderPaid(order)));
  events.on('user.merged', ({ trx, fromUserId, toUserId }) => service.merge(trx, fromUserId, toUserId));
  events.on('user.exporting', async ({ userId, add }) => add('tracking', await service.exportData(userId)));

  app.addHook('onClose', async () => {
    // Conversions queued by background work still running go out before the outbox stops.
    await app.background.idle();
    await service.idle();
  });
  registerTrackingRoutes(app, service, app.limiter);
};

export const trackingPlugin = fp(tracking, { name: 'tracking', dependencies: ['core', 'settings'] });
