import {
  DEFAULT_PAGE_SIZE,
  EmptySchema,
  EnvelopeOf,
  RewardsStateSchema,
  WalletPageSchema,
  WalletQuerySchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { RewardsService } from './rewards.service';

export function registerRewardsRoutes(app: AppInstance, rewards: RewardsService): void {
  app.get(
    '/api/rewards',
    {
      schema: {
        tags: ['rewards'],
        summary: 'The rewards the viewer can collect (welcome, daily check-in, first purchase) and their coins',
        response: { 200: EnvelopeOf(RewardsStateSchema) },
      },
    },
    async (req) => ok(await rewards.state((await requireSession(req)).userId)),
  );

  app.post(
    '/api/rewards/welcome',
    {
      schema: {
        tags: ['rewards'],
        summary: 'Collects the welcome coins (once per person; a verified account)',
        body: EmptySchema,
        response: { 200: EnvelopeOf(RewardsStateSchema) },
      },
    },
    async (req) => ok(await rewards.claimWelcome((await requireSession(req)).userId)),
  );

  app.post(
    '/api/rewards/check-in',
    {
      schema: {
        tags: ['rewards'],
        summary: "Collects today's check-in (once per UTC day; a verified account)",
        body: EmptySchema,
        response: { 200: EnvelopeOf(RewardsStateSchema) },
      },
    },
    async (req) => ok(await rewards.checkIn((await requireSession(req)).userId)),
  );

  app.get(
    '/api/wallet',
    {
      schema: {
        tags: ['rewards'],
        summary: 'Bought and bonus coins, and every coin movement, newest first',
        querystring: WalletQuerySchema,
        response: { 200: EnvelopeOf(WalletPageSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      return ok(await rewards.wallet(userId, requestLanguage(req), page, pageSize));
    },
  );
}
