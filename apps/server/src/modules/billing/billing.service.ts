import type { Kysely, Transaction } from 'kysely';
import { EnvelopeCode, type Language, type Membership, type Order, type PaymentOverview, type PayResult, type Plan, type UnlockResult } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/connection';
import { AppError, conflict, fieldProblem, invalidInput, notFound } from '../../http/errors';
import type { CatalogService } from '../catalog/index';
import * as repo from './billing.repository';
import { appendLedgerEntry, coinBalance, lockLedgerOwner } from './coin-ledger';
import { validateCard, type CardInput } from './card';
import { FAILURE_MESSAGES, paymentFailureOf } from './payment-failures';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';
import type { PaypalGateway } from './paypal-gateway';
import { renewalCancel } from './renewal-cancel';
import { paypalReturnSignature, verifyPaypalReturn, type PaypalLeg } from './paypal-return';
import { readSandboxEvent, SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-provider';

export interface BillingDeps {
  db: Kysely<DB>;
  catalog: Pick<CatalogService, 'episodeSummary' | 'episodeList' | 'quoteSeries' | 'invalidate'>;
  /** `card` takes card payments; `sandbox` is the built-in processor when it is not the card provider. */
  providers: { card: PaymentProvider; sandbox?: PaymentProvider };
  /** PayPal (approval at PayPal, capture on return). */
  paypal?: PaypalGateway;
  publicUrl: string;
  /** Signs the addresses PayPal sends the buyer back to. */
  linkSecret: () => Promise<string>;
  /** Signs the sandbox processor's webhooks. */
  webhookSecret: () => Promise<string>;
  onPaid?: (order: { id: string; userId: string; planId: string; kind: 'membership' | 'coins'; amount: number; currency: string; purpose: 'purchase' | 'renewal' }) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Unfinished orders one user may hold at once (no one needs more; thousands would be abuse). */
export const OPEN_ORDER_LIMIT = 20;
/** The idempotency key of one of our charges: `<order id>:<attempt>`. */
const CHARGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,9}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const malformedEvent = () => new AppError(400, 'This event is not one we can read.', 'malformed_event', undefined, 400);
const INACTIVE: Membership = { active: false, planId: null, renewsAt: null, endsAt: null, autoRenew: false };

/** What a PayPal return or cancel address brings back: our order, its signature, PayPal's order id, and who sent it. */
export interface PaypalBack {
  orderId: string;
  sig: string;
  paypalOrderId: string;
  /** The session the request carried, if any. */
  sessionUserId: string | null;
}

type MembershipRow = NonNullable<Awaited<ReturnType<typeof repo.findMembership>>>;

export function membershipDto(row: Pick<MembershipRow, 'status' | 'current_period_end' | 'plan_id' | 'auto_renew'> | undefined, now = new Date()): Membership {
  if (!row || row.status !== 'active' || row.current_period_end <= now) return INACTIVE;
  return {
    active: true,
    planId: row.plan_id,
    renewsAt: row.auto_renew ? row.current_period_end.toISOString() : null,
    endsAt: row.current_period_end.toISOString(),
    autoRenew: row.auto_renew,
  };
}

function planDto(p: repo.PlanRow): Plan {
  return { id: p.id, kind: p.kind, name: p.name, description: p.description, price: p.price, currency: p.currency, renewalDays: p.renewal_days, coins: p.coins, bonusCoins: p.bonus_coins };
}

export function createBillingService(deps: BillingDeps) {
  const { db } = deps;

  /** Plans for sale, priced by the server. */
  async function plans(lang: Language): Promise<Plan[]> {
    return (await repo.listPlans(db, lang)).map(planDto);
  }

  /** An active membership (paid period not over) opens every episode. */
  async function hasActiveMembership(userId: string): Promise<boolean> {
    return membershipDto(await repo.findMembership(db, userId)).active;
  }

  /** What the user endpoint shows of money: the coin balance and the membership. */
  async function accountSummary(userId: string): Promise<{ coins: number; membership: Membership }> {
    const row = await repo.moneySummary(db, userId);
    return { coins: row.coins, membership: membershipDto(row.membership) };
  }

  /**
   * Takes the lock that orders a user's coin movements, then answers which of these episodes the user
   * already holds: under the lock, an unlock committed by a concurrent request is seen.
   */
  async function lockCoinsAndFindOwned(trx: Transaction<DB>, userId: string, episodeIds: number[]): Promise<number[]> {
    await lockLedgerOwner(trx, userId);
    await trx.insertInto('coin_balances').values({ user_id: userId, balance: 0 }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    await trx.selectFrom('coin_balances').select('user_id').where('user_id', '=', userId).forUpdate().execute();
    const owned = await trx.selectFrom('unlocks').select('episode_id').where('user_id', '=', userId).where('episode_id', 'in', episodeIds).execute();
    return owned.map((r) => r.episode_id);
  }

  /** Unlocks one episode for its price in coins, once: repeated or concurrent calls charge once. */
  async function unlockEpisode(userId: string, episodeId: number): Promise<UnlockResult> {
    const episode = await deps.catalog.episodeSummary(episodeId);
    if (!episode) throw notFound('episode_unavailable', 'This episode is not available.');
    const item = (await deps.catalog.episodeList(episode.seriesId, 'en', userId)).find((e) => e.id === episodeId);
    if (!item) throw notFound('episode_unavailable', 'This episode is not available.');
    if (item.unlocked) return { coins: await coinBalance(db, userId), unlocked: [episodeId], spent: 0 };
    return db.transaction().execute(async (trx) => {
      // Looked at again under the balance lock: a series unlock running meanwhile may have unlocked it.
      if ((await lockCoinsAndFindOwned(trx, userId, [episodeId])).length > 0) return { coins: await coinBalance(trx, userId), unlocked: [episodeId], spent: 0 };
      const { applied, balance } = await appendLedgerEntry(trx, { userId, delta: -item.cost, kind: 'spend', key: `unlock:${userId}:${episodeId}`, episodeId, reason: `episode ${episodeId}` });
      await trx.insertInto('unlocks').values({ user_id: userId, episode_id: episodeId, source: 'coins' }).onConflict((oc) => oc.doNothing()).execute();
      return { coins: balance, unlocked: [episodeId], spent: applied ? item.cost : 0 };
    });
  }

  /** Unlocks every locked episode of a series at the quoted price; refuses if the price the viewer saw changed. */
  async function unlockSeries(userId: string, seriesId: number, expectedPrice: number | undefined): Promise<UnlockResult> {
    // An unlock running meanwhile changes what is still locked, and so the price: then it is quoted again.
    for (let attempt = 1; ; attempt++) {
      const result = await unlockSeriesOnce(userId, seriesId, expectedPrice);
      if (result) return result;
      if (attempt === 3) throw conflict('price_changed', 'The price changed. Please check and try again.');
    }
  }

  async function unlockSeriesOnce(userId: string, seriesId: number, expectedPrice: number | undefined): Promise<UnlockResult | null> {
    const quote = await deps.catalog.quoteSeries(seriesId, userId);
    if (!quote) throw notFound('series_unavailable', 'This series is not available.');
    if (quote.price === null || quote.episodeIds.length === 0) return { coins: await coinBalance(db, userId), unlocked: [], spent: 0 };
    if (expectedPrice !== undefined && expectedPrice !== quote.price) throw conflict('price_changed', `The price changed to ${quote.price} coins. Please check and try again.`);
    return db.transaction().execute(async (trx) => {
      if ((await lockCoinsAndFindOwned(trx, userId, quote.episodeIds)).length > 0) return null;
      const key = `unlock-series:${userId}:${seriesId}:${quote.episodeIds.join('.')}`;
      const { applied, balance } = await appendLedgerEntry(trx, { userId, delta: -quote.price!, kind: 'spend', key, reason: `series ${seriesId}` });
      await trx
        .insertInto('unlocks')
        .values(quote.episodeIds.map((episode_id) => ({ user_id: userId, episode_id, source: 'series' })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { coins: balance, unlocked: quote.episodeIds, spent: applied ? quote.price! : 0 };
    });
  }

  function orderDto(o: Awaited<ReturnType<typeof repo.ordersPage>>[number]): Order {
    return {
      id: o.id,
      planId: o.plan_id,
      planName: o.plan_name,
      kind: o.kind,
      purpose: o.purpose,
      amount: o.amount,
      currency: o.currency,
      status: o.status,
      failureReason: o.failure_reason,
      failureCode: paymentFailureOf(o.failure_reason),
      createdAt: o.created_at.toISOString(),
      paidAt: o.paid_at?.toISOString() ?? null,
    };
  }

  /**
   * Opens an order for a plan at the server's price. A user holds at most OPEN_ORDER_LIMIT unfinished
   * orders: abandoned ones expire after a day, and one more answers 429 (checked under a per-user lock).
   */
  async function createOrder(userId: string, planId: string, attribution: unknown): Promise<{ id: string; planId: string; amount: number; currency: string; status: string }> {
    const plan = await repo.findPlan(db, planId);
    if (!plan || !plan.active) throw notFound('plan_unavailable', 'This plan is not available.');
    const order = await db.transaction().execute(async (trx) => {
      await repo.lockUserOrders(trx, userId);
      const dayAgo = new Date(Date.now() - DAY_MS);
      await repo.expireAbandonedOrders(trx, userId, dayAgo);
      if ((await repo.countOpenOrders(trx, userId, dayAgo)) >= OPEN_ORDER_LIMIT) {
        throw new AppError(
          EnvelopeCode.tooManyRequests,
          'You have too many unfinished orders. Please pay or wait for one of them before starting another (unpaid orders expire after a day).',
          'too_many_orders',
        );
      }
      return repo.insertOrder(trx, { userId, planId, amount: plan.price, currency: plan.currency, attribution });
    });
    return { id: order.id, planId, amount: order.amount, currency: order.currency, status: order.status };
  }

  /** One order of the user. */
  async function orderOf(userId: string, orderId: string, lang: Language): Promise<Order> {
    const row = (await repo.ordersPage(db, userId, lang, 0, 1000)).find((o) => o.id === orderId);
    if (!row) throw notFound('order_not_found', 'We could not find this order.');
    return orderDto(row);
  }

  /** Grants what an order bought: coins (purchase and bonus) or membership time. Idempotent per order. */
  async function fulfil(trx: Transaction<DB>, order: { id: string; user_id: string; plan_id: string; payment_method_id: string | null; purpose: 'purchase' | 'renewal' }): Promise<void> {
    const plan = await repo.findPlan(trx, order.plan_id);
    if (!plan) throw new Error(`plan ${order.plan_id} vanished`);
    if (plan.kind === 'coins') {
      await appendLedgerEntry(trx, { userId: order.user_id, delta: plan.coins, kind: 'purchase', key: `order:${order.id}:coins`, orderId: order.id });
      if (plan.bonus_coins > 0) await appendLedgerEntry(trx, { userId: order.user_id, delta: plan.bonus_coins, kind: 'bonus', key: `order:${order.id}:bonus`, orderId: order.id });
      return;
    }
    const now = new Date();
    const current = await repo.lockMembership(trx, order.user_id);
    // A renewal continues the period without a gap; paying while still a member extends the paid
    // period; otherwise a new period starts now.
    const continues = current && current.status === 'active' && (order.purpose === 'renewal' || current.current_period_end > now);
    const start = continues ? current.current_period_end : now;
    const end = new Date(start.getTime() + plan.renewal_days! * DAY_MS);
    const values = {
      plan_id: plan.id,
      status: 'active' as const,
      current_period_start: start,
      current_period_end: end,
      auto_renew: true,
      payment_method_id: order.payment_method_id,
      renewal_attempts: 0,
      next_attempt_at: null,
      cancelled_at: null,
      updated_at: now,
    };
    if (current) await trx.updateTable('memberships').set(values).where('user_id', '=', order.user_id).execute();
    else await trx.insertInto('memberships').values({ user_id: order.user_id, ...values }).execute();
  }

  /** Applies a provider's outcome to an order, once: a paid order stays paid and is fulfilled once. */
  async function settle(orderId: string, outcome: ChargeOutcome, providerName: string): Promise<PayResult> {
    const result = await db.transaction().execute(async (trx) => {
      // The buyer's row before the order's, in the order a guest merge takes them (users, then their
      // orders): a payment settling while its guest signs in waits for the merge instead of
      // deadlocking with it, and then finds the order on the account.
      const buyer = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
      if (buyer) await trx.selectFrom('users').select('id').where('id', '=', buyer.user_id).forKeyShare().execute();
      const order = await repo.lockOrder(trx, orderId);
      if (!order) throw notFound('order_not_found', 'We could not find this order.');
      if (order.status === 'paid' || order.status === 'refunded' || order.status === 'cancelled') return { order, changed: false };
      let paymentMethodId = order.payment_method_id;
      if ('method' in outcome && outcome.method && !paymentMethodId) {
        const existing = await trx.selectFrom('payment_methods').select('id').where('provider_token', '=', outcome.method.token).executeTakeFirst();
        paymentMethodId = existing?.id ?? (await repo.insertPaymentMethod(trx, { userId: order.user_id, provider: providerName, ...outcome.method }));
      }
      if (outcome.status === 'succeeded') {
        await repo.updateOrder(trx, orderId, { status: 'paid', provider: providerName, provider_ref: outcome.providerRef, payment_method_id: paymentMethodId, failure_reason: null, paid_at: new Date() });
        await fulfil(trx, { ...order, payment_method_id: paymentMethodId });
      } else if (outcome.status === 'failed') {
        await repo.updateOrder(trx, orderId, { status: 'failed', provider: providerName, provider_ref: outcome.providerRef, failure_reason: outcome.reason });
      } else {
        await repo.updateOrder(trx, orderId, { status: 'requires_action', provider: providerName, provider_ref: outcome.providerRef, payment_method_id: paymentMethodId });
      }
      return { order, changed: true };
    });
    if (outcome.status === 'succeeded' && result.changed) {
      const plan = await repo.findPlan(db, result.order.plan_id);
      deps.onPaid?.({ id: orderId, userId: result.order.user_id, planId: result.order.plan_id, kind: plan?.kind ?? 'coins', amount: result.order.amount, currency: result.order.currency, purpose: result.order.purpose });
    }
    return {
      orderId,
      status: outcome.status === 'succeeded' ? 'paid' : outcome.status === 'failed' ? 'failed' : 'requires_action',
      redirectUrl: outcome.status === 'requires_action' ? outcome.redirectUrl : null,
      reason: outcome.status === 'failed' ? outcome.reason : null,
      ...(outcome.status === 'failed' ? { reasonCode: paymentFailureOf(outcome.reason) } : {}),
    };
  }

  /**
   * Pays an order by card. Consent and the card are checked before any charge; the order is claimed
   * under a row lock, so a double tap (or fifty) charges once and later taps see the same outcome.
   */
  async function pay(userId: string, input: { orderId: string; method: 'card' | 'paypal'; card?: CardInput; agree: boolean }): Promise<PayResult> {
    if (!input.agree) throw invalidInput({ agree: fieldProblem('agree_required', 'Please tick “I agree” to pay.') });
    if (input.method === 'paypal') return payWithPaypal(userId, input.orderId);
    if (!input.card) throw invalidInput({ card: fieldProblem('card_required', 'Please enter your card details.') });
    const checked = validateCard(input.card);
    if ('fields' in checked) throw invalidInput(checked.fields);

    const claim = await db.transaction().execute(async (trx) => {
      const order = await repo.lockOrder(trx, input.orderId);
      if (!order || order.user_id !== userId) throw notFound('order_not_found', 'We could not find this order.');
      // An order left at PayPal's approval page may still be paid by card.
      if (order.status === 'pending' || order.status === 'failed' || (order.status === 'requires_action' && order.provider === 'paypal')) {
        const attempt = order.attempt + 1;
        await repo.updateOrder(trx, order.id, { status: 'processing', attempt, provider: null, provider_ref: null });
        return { order, attempt, claimed: true as const };
      }
      return { order, attempt: order.attempt, claimed: false as const };
    });
    const { order } = claim;
    if (!claim.claimed) {
      if (order.status === 'paid') return { orderId: order.id, status: 'paid', redirectUrl: null, reason: null };
      if (order.status === 'cancelled' || order.status === 'refunded') throw conflict('order_closed', 'This order can no longer be paid.');
      const pending = order.status === 'requires_action' && order.provider_ref ? await deps.providers.card.lookup(`${order.id}:${order.attempt}`) : null;
      return { orderId: order.id, status: pending?.status === 'requires_action' ? 'requires_action' : 'processing', redirectUrl: pending?.status === 'requires_action' ? pending.redirectUrl : null, reason: null };
    }
    const plan = await repo.findPlan(db, order.plan_id);
    let outcome: ChargeOutcome;
    try {
      outcome = await deps.providers.card.charge({
        orderId: order.id,
        idempotencyKey: `${order.id}:${claim.attempt}`,
        amount: order.amount,
        currency: order.currency,
        description: plan?.name ?? order.plan_id,
        email: checked.card.email,
        card: checked.card,
        returnUrl: `${deps.publicUrl}/order/result?orderId=${order.id}`,
      });
    } catch (err) {
      // The processor did not answer: the order stays "processing" and is reconciled later; no second charge.
      if (isDatabaseUnavailable(err)) throw err;
      throw new AppError(500, 'The payment service did not answer. Please check your orders in a minute before trying again.', 'payment_service_unavailable');
    }
    return settle(order.id, outcome, deps.providers.card.name);
  }

  /** Where PayPal sends the buyer back for this attempt: signed, so only this attempt's buyer holds it. */
  async function paypalLeg(leg: PaypalLeg, orderId: string, attempt: number): Promise<string> {
    const path = leg === 'return' ? '/api/payment/paypal/return' : '/api/webhook/payment/paypal-cancel';
    const sig = paypalReturnSignature(await deps.linkSecret(), leg, orderId, attempt);
    return `${deps.publicUrl}${path}?order=${orderId}&sig=${sig}`;
  }

  /**
   * The order a PayPal return or cancel address names, when its signature holds for the order's
   * current attempt, PayPal's order id is the one on our order, and no other user's session sent it.
   */
  async function paypalOrderFor(leg: PaypalLeg, back: PaypalBack) {
    if (!UUID.test(back.orderId)) return null;
    const order = await repo.findOrder(db, back.orderId);
    if (!order || order.provider !== 'paypal' || order.provider_ref !== back.paypalOrderId) return null;
    if (!verifyPaypalReturn(await deps.linkSecret(), leg, order.id, order.attempt, back.sig)) return null;
    if (back.sessionUserId && back.sessionUserId !== order.user_id) return null;
    return order;
  }

  /**
   * PayPal: the order is claimed like a card payment, a PayPal order is created for its amount, and
   * the buyer is sent to approve it. A second tap sends them to the same approval.
   */
  async function payWithPaypal(userId: string, orderId: string): Promise<PayResult> {
    const paypal = deps.paypal;
    if (!paypal) throw invalidInput(
        { method: fieldProblem('payment_method_unavailable', 'PayPal is not offered here. Please pay by card.') },
        'PayPal is not offered here. Please pay by card.',
        'paypal_not_offered',
      );
    const claim = await db.transaction().execute(async (trx) => {
      const order = await repo.lockOrder(trx, orderId);
      if (!order || order.user_id !== userId) throw notFound('order_not_found', 'We could not find this order.');
      if (order.status === 'pending' || order.status === 'failed') {
        const attempt = order.attempt + 1;
        await repo.updateOrder(trx, order.id, { status: 'processing', attempt, provider: 'paypal', provider_ref: null, failure_reason: null });
        return { order, attempt, claimed: true as const };
      }
      return { order, attempt: order.attempt, claimed: false as const };
    });
    const { order } = claim;
    if (!claim.claimed) {
      if (order.status === 'paid') return { orderId: order.id, status: 'paid', redirectUrl: null, reason: null };
      if (order.status === 'cancelled' || order.status === 'refunded') throw conflict('order_closed', 'This order can no longer be paid.');
      if (order.status === 'requires_action' && order.provider === 'paypal' && order.provider_ref) {
        const again = (await paypal.approveUrl(order.provider_ref)) ?? (await paypalOrder(paypal, order, order.attempt)).approveUrl;
        return { orderId: order.id, status: 'redirect', redirectUrl: again, reason: null };
      }
      return { orderId: order.id, status: 'processing', redirectUrl: null, reason: null };
    }
    let created: { id: string; approveUrl: string };
    try {
      created = await paypalOrder(paypal, order, claim.attempt);
    } catch {
      await repo.updateOrder(db, order.id, { status: 'failed', failure_reason: FAILURE_MESSAGES.paypal_unavailable });
      throw new AppError(500, FAILURE_MESSAGES.paypal_unavailable, 'paypal_unavailable');
    }
    await repo.updateOrder(db, order.id, { status: 'requires_action', provider: 'paypal', provider_ref: created.id });
    return { orderId: order.id, status: 'redirect', redirectUrl: created.approveUrl, reason: null };
  }

  async function paypalOrder(paypal: PaypalGateway, order: { id: string; plan_id: string; amount: number; currency: string }, attempt: number) {
    const plan = await repo.findPlan(db, order.plan_id);
    return paypal.createOrder({
      orderId: order.id,
      requestId: `${order.id}:${String(attempt)}`,
      amount: order.amount,
      currency: order.currency,
      description: plan?.name ?? order.plan_id,
      returnUrl: await paypalLeg('return', order.id, attempt),
      cancelUrl: await paypalLeg('cancel', order.id, attempt),
    });
  }

  /**
   * The buyer approved at PayPal and came back: the PayPal order is captured and the outcome
   * applied once. Only the signed address of the order's current attempt acts (never a bare
   * PayPal order id), and coming back twice captures once. Answers our order's id, or null.
   */
  async function completePaypal(back: PaypalBack): Promise<string | null> {
    const paypal = deps.paypal;
    if (!paypal) return null;
    const order = await paypalOrderFor('return', back);
    if (!order) return null;
    if (order.status !== 'requires_action') return order.id;
    let outcome: ChargeOutcome;
    try {
      const captured = await paypal.capture(back.paypalOrderId, `capture:${back.paypalOrderId}`);
      outcome = captured.status === 'completed' ? { status: 'succeeded', providerRef: back.paypalOrderId } : { status: 'failed', providerRef: back.paypalOrderId, reason: captured.reason };
    } catch {
      // PayPal did not answer: the order waits and the buyer may come back (the capture is idempotent).
      return order.id;
    }
    await settle(order.id, outcome, 'paypal');
    return order.id;
  }

  /**
   * A provider's event about one of our charges (already verified): the charge's state is read back
   * from the provider and applied once. An event is recorded only after it was applied, so a failed
   * attempt is applied when the provider sends it again; a replay changes nothing.
   */
  async function applyProviderEvent(provider: PaymentProvider, eventId: string, idempotencyKey: string): Promise<'applied' | 'duplicate'> {
    // A signed event is still only data: a key that is not one of ours is refused, not looked up.
    if (!CHARGE_KEY.test(idempotencyKey) || eventId.length === 0 || eventId.length > 255) throw malformedEvent();
    const seen = await db.selectFrom('webhook_events').select('event_id').where('provider', '=', provider.name).where('event_id', '=', eventId).executeTakeFirst();
    if (seen) return 'duplicate';
    const orderId = idempotencyKey.split(':')[0]!;
    const outcome = await provider.lookup(idempotencyKey);
    if (outcome && outcome.status !== 'requires_action') await settle(orderId, outcome, provider.name);
    return (await repo.recordWebhookEvent(db, provider.name, eventId)) ? 'applied' : 'duplicate';
  }

  /** A signed event from the sandbox processor: verified, applied once (replays change nothing). */
  async function handleSandboxWebhook(rawBody: string, signature: string | undefined): Promise<'applied' | 'duplicate'> {
    if (!verifySandboxSignature(await deps.webhookSecret(), rawBody, signature)) throw new AppError(400, 'Invalid signature.', 'invalid_signature', undefined, 400);
    const event = readSandboxEvent(rawBody);
    if (!event) throw malformedEvent();
    return applyProviderEvent(deps.providers.sandbox ?? deps.providers.card, event.id, event.idempotencyKey);
  }

  /** The buyer cancelled at PayPal and came back (its signed cancel address): an unpaid order is cancelled. */
  async function cancelPaypalOrder(back: PaypalBack): Promise<string | null> {
    const order = await paypalOrderFor('cancel', back);
    if (!order) return null;
    await db
      .updateTable('orders')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('id', '=', order.id)
      .where('status', 'in', ['pending', 'requires_action', 'failed'])
      .execute();
    return order.id;
  }

  /** Stops auto-renewal; the paid period stays until its end. One call, no questions. */
  async function cancelMembership(userId: string): Promise<Membership> {
    const row = await db
      .updateTable('memberships')
      .set({ auto_renew: false, cancelled_at: new Date(), next_attempt_at: null, updated_at: new Date() })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return membershipDto(row);
  }

  /** The user's orders (paged), membership and saved card. */
  async function overview(userId: string, lang: Language, page: number, pageSize: number): Promise<PaymentOverview> {
    const rows = await repo.ordersPage(db, userId, lang, (page - 1) * pageSize, pageSize + 1);
    const [membership, method] = await Promise.all([repo.findMembership(db, userId), repo.latestPaymentMethod(db, userId)]);
    return {
      orders: { items: rows.slice(0, pageSize).map(orderDto), page, pageSize, hasMore: rows.length > pageSize },
      membership: membershipDto(membership),
      paymentMethod: method ? { brand: method.brand, last4: method.last4, expMonth: method.exp_month, expYear: method.exp_year } : null,
    };
  }

  return {
    plans,
    hasActiveMembership,
    accountSummary,
    unlockEpisode,
    unlockSeries,
    createOrder,
    orderOf,
    pay,
    settle,
    handleSandboxWebhook,
    applyProviderEvent,
    completePaypal,
    cancelMembership,
    ...renewalCancel(db),
    cancelPaypalOrder,
    overview,
    signatureHeader: SANDBOX_SIGNATURE_HEADER,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
