import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Env } from '../../env';
import type { StorageDriver } from '../../media/index';
import { requireOperator, requireRecentPassword } from '../../http/auth';
import type { BillingService } from '../billing/index';
import type { PlaybackService } from '../playback/index';
import type { Operator } from './audit';
import type { JobRunner } from '../../jobs/runner';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../cache/rate-limiter';
import type { MailMessage } from '../../mail/mailer';

/** What the console's services need from the rest of the server. */
export interface AdminDeps {
  db: Kysely<DB>;
  storage: StorageDriver;
  /** Clears the viewers' catalog caches on every instance. */
  invalidateCatalog: () => Promise<void>;
  /** Clears the cached configuration list on every instance. */
  invalidateSettings: () => Promise<void>;
  /** Public address of a stored file. */
  mediaUrl: (key: string | null | undefined) => string | null;
  /** Playlists and key of any episode with ready media, for the console's preview. */
  preview: PlaybackService['preview'];
  /** Billing's refund command (refunds are billing's; the console asks for them). */
  refundOrder: BillingService['refundOrder'];
  /** What the settings page reports about mail and payments (never secrets). */
  env: Pick<
    Env,
    | 'mailUrl'
    | 'mailFrom'
    | 'supportEmail'
    | 'dataDir'
    | 'stripe'
    | 'paypal'
    | 'paymentMode'
    | 'jobs'
    | 'trustProxy'
    | 'publicUrl'
    | 'consoleUrl'
  >;
  mailTransport: 'smtp' | 'outbox';
  /** Sends the team's invitations. */
  mailer: Pick<Mailer, 'send'>;
  /** Limits invitations per operator and invitation links per address. */
  limiter?: RateLimiter;
  /** Sends one mail (replies to contact messages). */
  sendMail: (message: MailMessage) => Promise<void>;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** The server's job runner: the media queue, the reply queue and the upload cleanup run on it where JOBS is on. */
  jobs: JobRunner;
}

/** The operator making a console request (the route guard already checked the role). */
export async function operatorOf(req: FastifyRequest): Promise<Operator> {
  const auth = await requireOperator(req);
  return { userId: auth.userId, ip: req.ip, role: auth.operatorRole };
}

/**
 * The operator, for an action that moves money or power (refunds, grants, role changes): the
 * password must have been entered in the last 15 minutes, or the console is asked to get it again.
 */
export async function recentOperatorOf(req: FastifyRequest): Promise<Operator> {
  const auth = await requireRecentPassword(req);
  return { userId: auth.userId, ip: req.ip, role: auth.operatorRole };
}

/** Normalizes paging input. */
export function paging(q: { page?: number; pageSize?: number }, defaultSize = 25): { page: number; pageSize: number } {
  return { page: q.page ?? 1, pageSize: q.pageSize ?? defaultSize };
}
