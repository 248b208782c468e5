import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createRewardsService, type RewardsService } from './rewards.service';
import { registerRewardsRoutes } from './rewards.routes';
import { exportRewards, forgetClaimOwner } from './rewards.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Welcome coins, the daily check-in, the first-purchase bonus and the wallet. */
    rewards: RewardsService;
  }
}

/**
 * Rewards read their amounts from the settings and pay through billing's ledger; the first-purchase
 * bonus follows `order.paid`.
 */
const rewards: FastifyPluginAsyncTypebox = async (app) => {
  const { db, events } = app;
  const service = createRewardsService({ db, config: () => app.settings.configList() });
  app.decorate('rewards', service);
  events.on('order.paid', async (order) => {
    // Awaited, after the payment's commit: a failure here must not turn a paid order into an error
    // answer, so it is logged (the bonus is then missing, never doubled).
    try {
      await service.firstPurchase(order);
    } catch (err) {
      app.log.error({ err, orderId: order.id }, 'first-purchase bonus failed');
    }
  });
  events.on('user.deleting', ({ trx, userId }) => forgetClaimOwner(trx, userId));
  events.on('user.exporting', async ({ userId, add }) => add('checkIns', await exportRewards(db, userId)));
  registerRewardsRoutes(app, service);
};

export const rewardsPlugin = fp(rewards, { name: 'rewards', dependencies: ['core', 'settings', 'billing'] });
