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
 * bonus is written with the order's fulfilment (`order.fulfilled`, in its transaction).
 */
const rewards: FastifyPluginAsyncTypebox = async (app) => {
  const { db, events } = app;
  const service = createRewardsService({
    db,
    config: () => app.settings.configList(),
    configIn: (trx) => app.settings.entriesIn(trx),
  });
  app.decorate('rewards', service);
  // Inside the settlement's transaction: a paid first order and its bonus are written together or not at all.
  events.on('order.fulfilled', ({ trx, order }) => service.firstPurchase(trx, order));
  events.on('user.deleting', ({ trx, userId }) => forgetClaimOwner(trx, userId));
  events.on('user.exporting', async ({ userId, add }) => add('checkIns', await exportRewards(db, userId)));
  registerRewardsRoutes(app, service);
};

export const rewardsPlugin = fp(rewards, { name: 'rewards', dependencies: ['core', 'settings', 'billing'] });
