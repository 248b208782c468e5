import { AdminRewardsInputSchema, AdminRewardsSchema, EnvelopeOf } from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf } from './admin-deps';
import type { AdminRewardsService } from './reward-amounts.service';

const tags = ['admin'];

export function registerRewardAmountRoutes(app: AppInstance, rewards: AdminRewardsService): void {
  app.get(
    '/api/admin/rewards',
    {
      schema: {
        tags,
        summary: 'The reward amounts viewers are offered (welcome, daily check-in, first purchase)',
        response: { 200: EnvelopeOf(AdminRewardsSchema) },
      },
    },
    async () => ok(await rewards.amounts()),
  );

  app.put(
    '/api/admin/rewards',
    {
      schema: {
        tags,
        summary: 'Set the reward amounts (whole bonus coins; 0 turns a reward off)',
        body: AdminRewardsInputSchema,
        response: { 200: EnvelopeOf(AdminRewardsSchema) },
      },
    },
    async (req) => ok(await rewards.setAmounts(await operatorOf(req), req.body)),
  );
}
