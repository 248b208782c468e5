import { randomBytes } from 'node:crypto';
import { FAILURE_MESSAGES } from './payment-failures';
import { sameSignature, sign } from './signatures';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, SavedMethod } from './payment-provider';
import * as repo from './sandbox.repository';

/** What the sandbox does with a documented test card. */
export type TestCardBehavior = 'ok' | 'decline' | 'challenge' | 'challenge_always' | 'decline_later';

/**
 * The documented test cards (README, "Payments"), the numbers card processors' test modes use. The
 * sandbox takes no other number: a real card typed into a test shop is refused with a reason that
 * says why, instead of "paying" without money moving.
 */
export const SANDBOX_TEST_CARDS: readonly {
  number: string;
  brand: string;
  behavior: TestCardBehavior;
  reason?: string;
}[] = [
  { number: '4242424242424242', brand: 'visa', behavior: 'ok' },
  { number: '4012888888881881', brand: 'visa', behavior: 'ok' },
  { number: '4000056655665556', brand: 'visa', behavior: 'ok' },
  { number: '5555555555554444', brand: 'mastercard', behavior: 'ok' },
  { number: '2223003122003222', brand: 'mastercard', behavior: 'ok' },
  { number: '5200828282828210', brand: 'mastercard', behavior: 'ok' },
  { number: '378282246310005', brand: 'amex', behavior: 'ok' },
  { number: '6011111111111117', brand: 'discover', behavior: 'ok' },
  { number: '4000000000000002', brand: 'visa', behavior: 'decline', reason: FAILURE_MESSAGES.card_declined },
  { number: '4000000000009995', brand: 'visa', behavior: 'decline', reason: FAILURE_MESSAGES.insufficient_funds },
  { number: '4000000000000069', brand: 'visa', behavior: 'decline', reason: FAILURE_MESSAGES.card_expired },
  { number: '4000000000000127', brand: 'visa', behavior: 'decline', reason: FAILURE_MESSAGES.incorrect_cvc },
  // 3-D Secure: the bank's confirmation page opens (complete or cancel it there).
  { number: '4000002500003155', brand: 'visa', behavior: 'challenge' },
  // 3-D Secure on every charge, also those made off-session on the saved card (one-tap purchases, renewals).
  { number: '4000002760003184', brand: 'visa', behavior: 'challenge_always' },
  // Pays the first time, declines every later (renewal) charge.
  { number: '4000000000000341', brand: 'visa', behavior: 'decline_later' },
];
const TEST_CARDS = new Map(SANDBOX_TEST_CARDS.map((c) => [c.number, c]));

/** The refusal of a number that is not a documented test card (the web app translates it). */
export const NOT_A_TEST_CARD = FAILURE_MESSAGES.not_test_card;

export interface SandboxEvent {
  id: string;
  type: 'charge.succeeded' | 'charge.failed' | 'charge.refunded';
  chargeId: string;
  idempotencyKey: string;
  created: number;
}

/** A webhook body as the sandbox sends it; null for anything else (not JSON, other shapes). */
export function readSandboxEvent(rawBody: string): SandboxEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const e = parsed as Record<string, unknown>;
  const types: unknown[] = ['charge.succeeded', 'charge.failed', 'charge.refunded'];
  if (
    typeof e.id !== 'string' ||
    typeof e.chargeId !== 'string' ||
    typeof e.idempotencyKey !== 'string' ||
    !types.includes(e.type) ||
    typeof e.created !== 'number'
  )
    return null;
  return e as unknown as SandboxEvent;
}

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** `t=<seconds>,v1=<hex hmac of "t.body">`, as processors sign their webhooks. */
export function signSandboxPayload(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = sign(secret, `${timestamp}.${body}`, 'hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Checks a webhook signature and its age (5 minutes of tolerance). */
export function verifySandboxSignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  return sameSignature(sign(secret, `${t}.${body}`, 'hex'), parts.v1);
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface SandboxOptions {
  db: Kysely<DB>;
  publicUrl: string;
  /** Signs the webhooks (made per database when not configured). */
  webhookSecret: () => Promise<string>;
  /** Delivers a signed event to the webhook receiver (the same code path as an HTTP delivery). */
  deliver: (body: string, signature: string) => Promise<void>;
}

/**
 * The built-in processor: behaves like a card processor's test mode (documented test cards only, a 3-D Secure
 * challenge page, saved cards for renewals, refunds, idempotent charges) and signs its webhooks.
 * It keeps its records in its own tables, as a processor keeps them on its side.
 */
export function createSandboxProvider(opts: SandboxOptions) {
  const { db } = opts;

  async function emit(type: SandboxEvent['type'], chargeId: string, idempotencyKey: string): Promise<void> {
    const event: SandboxEvent = {
      id: id('evt'),
      type,
      chargeId,
      idempotencyKey,
      created: Math.floor(Date.now() / 1000),
    };
    const body = JSON.stringify(event);
    await opts.deliver(body, signSandboxPayload(await opts.webhookSecret(), body));
  }

  function outcomeOf(
    row: { id: string; status: string; failure_reason: string | null; return_url: string },
    method?: SavedMethod,
  ): ChargeOutcome {
    if (row.status === 'succeeded' || row.status === 'refunded')
      return { status: 'succeeded', providerRef: row.id, ...(method ? { method } : {}) };
    if (row.status === 'requires_action')
      return {
        status: 'requires_action',
        providerRef: row.id,
        redirectUrl: `${opts.publicUrl}/api/payment/sandbox/challenge/${row.id}`,
        ...(method ? { method } : {}),
      };
    return { status: 'failed', providerRef: row.id, reason: row.failure_reason ?? FAILURE_MESSAGES.card_declined };
  }

  async function methodOf(token: string | null): Promise<SavedMethod | undefined> {
    if (!token) return undefined;
    const m = await repo.findSandboxMethod(db, token);
    return m
      ? { token: m.token, brand: m.brand, last4: m.last4, expMonth: m.exp_month, expYear: m.exp_year }
      : undefined;
  }

  const provider: PaymentProvider & {
    completeChallenge(chargeId: string, success: boolean): Promise<{ returnUrl: string } | null>;
    abandon(idempotencyKey: string, providerRef: string): Promise<ChargeOutcome | null>;
  } = {
    name: 'sandbox',

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const existing = await repo.findSandboxCharge(db, request.idempotencyKey);
      if (existing) return outcomeOf(existing, await methodOf(existing.method_token));

      let behavior: string;
      let reason: string | undefined;
      let token: string | null = null;
      if (request.card) {
        const test = TEST_CARDS.get(request.card.number);
        behavior = test?.behavior ?? 'decline';
        reason = test ? test.reason : NOT_A_TEST_CARD;
        if (behavior !== 'decline') {
          token = id('pm');
          await repo.insertSandboxMethod(db, {
            token,
            behavior,
            brand: request.card.brand,
            last4: request.card.last4,
            exp_month: request.card.expMonth,
            exp_year: request.card.expYear,
          });
        }
      } else {
        const saved = request.savedToken ? await repo.findSandboxMethod(db, request.savedToken) : undefined;
        if (!saved) {
          behavior = 'decline';
          reason = FAILURE_MESSAGES.saved_card_unavailable;
        } else {
          token = saved.token;
          behavior =
            saved.behavior === 'decline_later' ? 'decline' : saved.behavior === 'challenge_always' ? 'challenge' : 'ok';
          reason = saved.behavior === 'decline_later' ? FAILURE_MESSAGES.card_declined : undefined;
        }
      }
      const status =
        behavior === 'decline'
          ? 'failed'
          : behavior === 'challenge' || behavior === 'challenge_always'
            ? 'requires_action'
            : 'succeeded';
      const chargeId = id('ch');
      const row = await repo.insertSandboxCharge(db, {
        id: chargeId,
        idempotency_key: request.idempotencyKey,
        amount: request.amount,
        currency: request.currency,
        status,
        failure_reason: reason ?? null,
        method_token: token,
        return_url: request.returnUrl,
      });
      // A concurrent identical request won the insert: answer what it recorded.
      const recorded = row ?? (await repo.getSandboxCharge(db, request.idempotencyKey));
      if (row && status !== 'requires_action')
        await emit(status === 'succeeded' ? 'charge.succeeded' : 'charge.failed', chargeId, request.idempotencyKey);
      return outcomeOf(recorded, await methodOf(recorded.method_token));
    },

    async lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
      const row = await repo.findSandboxCharge(db, idempotencyKey);
      return row ? outcomeOf(row, await methodOf(row.method_token)) : null;
    },

    async refund(providerRef: string, amount: number, _currency: string, key: string): Promise<void> {
      const outcome = await repo.refundSandboxCharge(db, providerRef, amount, key);
      if (outcome === 'too_much') throw new Error('The refund is more than is left of the charge.');
      if (outcome === 'key_reused') throw new Error('This idempotency key was used for another refund.');
    },

    /** The check is ended unpassed, once (its page then answers with the order's result). */
    async abandon(idempotencyKey: string, providerRef: string): Promise<ChargeOutcome | null> {
      await provider.completeChallenge(providerRef, false);
      return provider.lookup(idempotencyKey);
    },

    /** The buyer finished (or abandoned) the 3-D Secure challenge. */
    async completeChallenge(chargeId: string, success: boolean): Promise<{ returnUrl: string } | null> {
      const row = await repo.completeSandboxChallenge(db, chargeId, {
        failureReason: success ? null : FAILURE_MESSAGES.authentication_failed,
      });
      if (!row) {
        const any = await repo.sandboxChargeReturnUrl(db, chargeId);
        return any ? { returnUrl: any.return_url } : null;
      }
      await emit(success ? 'charge.succeeded' : 'charge.failed', chargeId, row.idempotency_key);
      return { returnUrl: row.return_url };
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
