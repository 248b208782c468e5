import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, SavedMethod } from './payment-provider';

/**
 * Test card numbers, as card processors' test modes use them. Any other valid number succeeds.
 * 4000 0000 0000 0341 is accepted for the first payment but declines every later (renewal) charge.
 */
const TEST_CARDS: Record<string, { behavior: string; reason?: string }> = {
  '4000000000000002': { behavior: 'decline', reason: 'Your card was declined.' },
  '4000000000009995': { behavior: 'decline', reason: 'Your card has insufficient funds.' },
  '4000000000000069': { behavior: 'decline', reason: 'Your card has expired.' },
  '4000000000000127': { behavior: 'decline', reason: "Your card's security code is incorrect." },
  '4000002500003155': { behavior: 'challenge' },
  '4000000000000341': { behavior: 'decline_later' },
};

export interface SandboxEvent {
  id: string;
  type: 'charge.succeeded' | 'charge.failed' | 'charge.refunded';
  chargeId: string;
  idempotencyKey: string;
  created: number;
}

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** `t=<seconds>,v1=<hex hmac of "t.body">`, as processors sign their webhooks. */
export function signSandboxPayload(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Checks a webhook signature and its age (5 minutes of tolerance). */
export function verifySandboxSignature(secret: string, body: string, header: string | undefined, now = Date.now()): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface SandboxOptions {
  db: Kysely<DB>;
  publicUrl: string;
  webhookSecret: string;
  /** Delivers a signed event to the webhook receiver (the same code path as an HTTP delivery). */
  deliver: (body: string, signature: string) => Promise<void>;
}

/**
 * The built-in processor: behaves like a card processor's test mode (test cards, a 3-D Secure
 * challenge page, saved cards for renewals, refunds, idempotent charges) and signs its webhooks.
 * It keeps its records in its own tables, as a processor keeps them on its side.
 */
export function createSandboxProvider(opts: SandboxOptions) {
  const { db } = opts;

  async function emit(type: SandboxEvent['type'], chargeId: string, idempotencyKey: string): Promise<void> {
    const event: SandboxEvent = { id: id('evt'), type, chargeId, idempotencyKey, created: Math.floor(Date.now() / 1000) };
    const body = JSON.stringify(event);
    await opts.deliver(body, signSandboxPayload(opts.webhookSecret, body));
  }

  function outcomeOf(row: { id: string; status: string; failure_reason: string | null; return_url: string }, method?: SavedMethod): ChargeOutcome {
    if (row.status === 'succeeded' || row.status === 'refunded') return { status: 'succeeded', providerRef: row.id, ...(method ? { method } : {}) };
    if (row.status === 'requires_action') return { status: 'requires_action', providerRef: row.id, redirectUrl: `${opts.publicUrl}/api/payment/sandbox/challenge/${row.id}`, ...(method ? { method } : {}) };
    return { status: 'failed', providerRef: row.id, reason: row.failure_reason ?? 'Your card was declined.' };
  }

  async function methodOf(token: string | null): Promise<SavedMethod | undefined> {
    if (!token) return undefined;
    const m = await db.selectFrom('sandbox_methods').selectAll().where('token', '=', token).executeTakeFirst();
    return m ? { token: m.token, brand: m.brand, last4: m.last4, expMonth: m.exp_month, expYear: m.exp_year } : undefined;
  }

  const provider: PaymentProvider & {
    completeChallenge(chargeId: string, success: boolean): Promise<{ returnUrl: string } | null>;
  } = {
    name: 'sandbox',

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const existing = await db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
      if (existing) return outcomeOf(existing, await methodOf(existing.method_token));

      let behavior: string;
      let reason: string | undefined;
      let token: string | null = null;
      if (request.card) {
        const test = TEST_CARDS[request.card.number];
        behavior = test?.behavior ?? 'ok';
        reason = test?.reason;
        if (behavior !== 'decline') {
          token = id('pm');
          await db
            .insertInto('sandbox_methods')
            .values({ token, behavior, brand: request.card.brand, last4: request.card.last4, exp_month: request.card.expMonth, exp_year: request.card.expYear })
            .execute();
        }
      } else {
        const saved = request.savedToken ? await db.selectFrom('sandbox_methods').selectAll().where('token', '=', request.savedToken).executeTakeFirst() : undefined;
        if (!saved) {
          behavior = 'decline';
          reason = 'The saved card is no longer available.';
        } else {
          token = saved.token;
          behavior = saved.behavior === 'decline_later' ? 'decline' : 'ok';
          reason = saved.behavior === 'decline_later' ? 'Your card was declined.' : undefined;
        }
      }
      const status = behavior === 'decline' ? 'failed' : behavior === 'challenge' ? 'requires_action' : 'succeeded';
      const chargeId = id('ch');
      const row = await db
        .insertInto('sandbox_charges')
        .values({ id: chargeId, idempotency_key: request.idempotencyKey, amount: request.amount, currency: request.currency, status, failure_reason: reason ?? null, method_token: token, return_url: request.returnUrl })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      // A concurrent identical request won the insert: answer what it recorded.
      const recorded = row ?? (await db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow());
      if (row && status !== 'requires_action') await emit(status === 'succeeded' ? 'charge.succeeded' : 'charge.failed', chargeId, request.idempotencyKey);
      return outcomeOf(recorded, await methodOf(recorded.method_token));
    },

    async lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
      const row = await db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      return row ? outcomeOf(row, await methodOf(row.method_token)) : null;
    },

    async refund(providerRef: string): Promise<void> {
      await db.updateTable('sandbox_charges').set({ status: 'refunded', updated_at: new Date() }).where('id', '=', providerRef).where('status', '=', 'succeeded').execute();
    },

    /** The buyer finished (or abandoned) the 3-D Secure challenge. */
    async completeChallenge(chargeId: string, success: boolean): Promise<{ returnUrl: string } | null> {
      const row = await db
        .updateTable('sandbox_charges')
        .set({ status: success ? 'succeeded' : 'failed', failure_reason: success ? null : 'The card authentication was not completed.', updated_at: new Date() })
        .where('id', '=', chargeId)
        .where('status', '=', 'requires_action')
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        const any = await db.selectFrom('sandbox_charges').select('return_url').where('id', '=', chargeId).executeTakeFirst();
        return any ? { returnUrl: any.return_url } : null;
      }
      await emit(success ? 'charge.succeeded' : 'charge.failed', chargeId, row.idempotency_key);
      return { returnUrl: row.return_url };
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
