import type { Kysely, Transaction } from 'kysely';
import { ConversionEventPrefix, type ConfigList, type ConversionEventName } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { TrackingEnv } from '../../env';
import { mergeAttribution, touchAttribution, touchSummaries, type Touch, type TouchSummary } from './attribution';
import type { ConversionPayload } from './conversion-payload';
import { createConversionOutbox } from './conversion-outbox';
import { conversionEventId } from './event-ids';
import { hashEmail, hashExternalId } from './hashing';
import type { ReportedEvent } from './report-event';
import * as repo from './tracking.repository';

export interface TrackingDeps {
  db: Kysely<DB>;
  env: TrackingEnv;
  publicUrl: string;
  /** The configuration list: pixel ids the operator set (the platforms' defaults for conversions). */
  configList: () => Promise<ConfigList>;
  log: (msg: string, data?: Record<string, unknown>) => void;
  /** Asks for a delivery pass at once (the job runner's, where scheduled work runs in this process). */
  deliverSoon?: () => void;
}

/** Who sent a report and how they came: read from the request. */
export interface Reporter {
  userId: string | null;
  refererToken: string | null;
  fbclid: string | null;
  ttclid: string | null;
  fbp: string | null;
  ttp: string | null;
  userAgent: string | null;
  ip: string;
}

/** A paid order, as billing announces it. */
export interface PaidOrder {
  id: string;
  userId: string;
  kind: 'membership' | 'coins';
  amount: number;
  currency: string;
  purpose: 'purchase' | 'renewal';
}

/** How far back, and how long after a payment, missed purchase conversions are looked for. */
const SWEEP_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const SWEEP_GRACE_MS = 2 * 60 * 1000;

const META_PIXEL = /^\d{5,20}$/;
const TIKTOK_PIXEL = /^[A-Za-z0-9_-]{4,64}$/;

/** Pixel ids of one setting: several may be given, separated by commas or spaces. */
function pixelIds(list: ConfigList['list'], key: string, pattern: RegExp): string[] {
  const raw = list.find((entry) => entry.config_key === key)?.config_value ?? '';
  return [...new Set(raw.split(/[\s,]+/).filter((id) => pattern.test(id)))];
}

export function createTrackingService(deps: TrackingDeps) {
  const { db, env } = deps;
  const outbox = createConversionOutbox({
    db,
    meta: env.meta,
    tiktok: env.tiktok,
    retrySeconds: env.conversionsRetrySeconds,
    log: deps.log,
  });

  /** Records a reported event with who sent it, and the visit on the user's attribution. */
  async function record(event: ReportedEvent, source: 'report' | 'beacon', who: Reporter): Promise<boolean> {
    const fresh = await repo.insertEvent(db, {
      event_id: event.eventId,
      event_name: event.eventName,
      source,
      event_time: event.eventTime,
      value_minor: event.valueMinor,
      currency: event.currency,
      order_id: event.orderId,
      search_string: event.searchString,
      event_source_url: event.eventSourceUrl,
      action_source: event.actionSource,
      consent: event.consent,
      user_id: who.userId,
      referer_token: who.refererToken,
      fbclid: who.fbclid,
      ttclid: who.ttclid,
      user_agent: who.userAgent,
      ip: who.ip,
    });
    if (who.userId) {
      const touch: Touch = {
        fbclid: who.fbclid,
        ttclid: who.ttclid,
        refererToken: who.refererToken,
        landingUrl: event.eventSourceUrl,
        fbp: who.fbp,
        ttp: who.ttp,
        consent: event.consent,
      };
      await touchAttribution(db, who.userId, touch);
    }
    return fresh;
  }

  /**
   * Attribution copied onto a new order: the click ids and referrer token of the ordering request
   * (which also count as a visit), and the user's first and last touch.
   */
  async function orderAttribution(
    userId: string,
    clickIds: unknown,
  ): Promise<{
    refererToken: string | null;
    fbclid: string | null;
    ttclid: string | null;
    firstTouch?: TouchSummary;
    lastTouch?: TouchSummary;
  }> {
    const given = (typeof clickIds === 'object' && clickIds !== null ? clickIds : {}) as Record<string, unknown>;
    const pick = (name: string) =>
      typeof given[name] === 'string' && given[name] !== '' ? (given[name] as string) : null;
    const request = { refererToken: pick('refererToken'), fbclid: pick('fbclid'), ttclid: pick('ttclid') };
    if (request.fbclid || request.ttclid || request.refererToken) {
      await touchAttribution(db, userId, { ...request, landingUrl: null, fbp: null, ttp: null, consent: null });
    }
    const row = await repo.findAttribution(db, userId);
    return { ...request, ...(row ? touchSummaries(row) : {}) };
  }

  async function destinations(): Promise<{ platform: 'meta' | 'tiktok'; destination: string }[]> {
    if (!env.meta && !env.tiktok) return [];
    const needsSettings = (env.meta !== null && !env.meta.pixelId) || (env.tiktok !== null && !env.tiktok.pixelCode);
    const list = needsSettings ? (await deps.configList()).list : [];
    const out: { platform: 'meta' | 'tiktok'; destination: string }[] = [];
    if (env.meta)
      for (const id of env.meta.pixelId ? [env.meta.pixelId] : pixelIds(list, 'facebook_pixel_id', META_PIXEL))
        out.push({ platform: 'meta', destination: id });
    if (env.tiktok)
      for (const id of env.tiktok.pixelCode ? [env.tiktok.pixelCode] : pixelIds(list, 'tiktok_pixel', TIKTOK_PIXEL))
        out.push({ platform: 'tiktok', destination: id });
    return out;
  }

  /**
   * Queues a conversion for every configured platform and pixel, once per event id. Where consent is
   * required, only for users who accepted marketing pixels.
   */
  async function convert(
    name: ConversionEventName,
    subjectId: string,
    userId: string,
    details: {
      value?: number;
      currency?: string;
      orderId?: string;
      sourceUrl: string;
      ip?: string | null;
      userAgent?: string | null;
    },
  ): Promise<number> {
    const targets = await destinations();
    if (targets.length === 0) return 0;
    const attribution = await repo.findAttribution(db, userId);
    if (env.consentMode === 'required' && attribution?.consent !== 'granted') {
      deps.log('conversion not sent: no marketing consent', { event: name, userId });
      return 0;
    }
    const client =
      details.ip && details.userAgent
        ? { ip: details.ip, user_agent: details.userAgent }
        : await repo.latestClient(db, userId);
    // The account's email, for matching (hashed before it leaves); tracking reads it itself, as it reads paid orders.
    const email = await repo.userEmail(db, userId);
    if (email === undefined) throw new Error(`No user ${userId}: its conversion is not queued`);
    const payload: ConversionPayload = {
      eventName: name,
      eventId: conversionEventId(name, subjectId),
      eventTime: Math.floor(Date.now() / 1000),
      eventSourceUrl: details.sourceUrl,
      value: details.value ?? null,
      currency: details.currency ?? null,
      orderId: details.orderId ?? null,
      emailSha256: hashEmail(email),
      externalIdSha256: hashExternalId(userId),
      ip: details.ip ?? client?.ip ?? null,
      userAgent: details.userAgent ?? client?.user_agent ?? null,
      fbclid: attribution?.last_fbclid ?? null,
      fbclidSeenAt: attribution?.fbclid_seen_at?.getTime() ?? null,
      fbp: attribution?.fbp ?? null,
      ttclid: attribution?.last_ttclid ?? null,
      ttp: attribution?.ttp ?? null,
    };
    const queued = await repo.enqueueDeliveries(
      db,
      targets.map((t) => ({
        ...t,
        event_id: payload.eventId,
        event_name: name,
        user_id: userId,
        payload: JSON.stringify(payload),
      })),
    );
    if (queued > 0) deps.deliverSoon?.();
    return queued;
  }

  /** A paid purchase is a Purchase conversion, and a membership also a Subscribe one. Renewals are not reported. */
  async function orderPaid(order: PaidOrder): Promise<void> {
    if (order.purpose !== 'purchase') return;
    const details = {
      value: order.amount / 100,
      currency: order.currency,
      orderId: order.id,
      sourceUrl: `${deps.publicUrl}/order/result?orderId=${order.id}`,
    };
    await convert('Purchase', order.id, order.userId, details);
    if (order.kind === 'membership') await convert('Subscribe', order.id, order.userId, details);
  }

  /** A new account (email or Facebook) is a CompleteRegistration conversion. */
  async function registered(user: { userId: string; ip: string | null; userAgent: string | null }): Promise<void> {
    await convert('CompleteRegistration', user.userId, user.userId, {
      sourceUrl: `${deps.publicUrl}/register`,
      ip: user.ip,
      userAgent: user.userAgent,
    });
  }

  /**
   * Conversions that were never queued — the process stopped between a payment's (or a
   * registration's) commit and the queueing — are queued now: paid first purchases, and accounts whose
   * browser reported their CompleteRegistration. Runs as a job every minute; orders paid in
   * the last two minutes are left to the normal path, and the outbox's key makes a repeat a no-op.
   */
  async function sweepMissedConversions(): Promise<number> {
    if ((await destinations()).length === 0) return 0;
    const now = Date.now();
    const rows = await repo.missedPurchases(
      db,
      ConversionEventPrefix.Purchase,
      new Date(now - SWEEP_WINDOW_MS),
      new Date(now - SWEEP_GRACE_MS),
    );
    for (const row of rows)
      await orderPaid({
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        amount: row.amount,
        currency: row.currency,
        purpose: row.purpose,
      });
    // Registrations the same way, found by the CompleteRegistration the browser reported for its account.
    const registrations = await repo.missedRegistrations(
      db,
      ConversionEventPrefix.CompleteRegistration,
      new Date(now - SWEEP_WINDOW_MS),
      new Date(now - SWEEP_GRACE_MS),
    );
    const swept = new Set<string>();
    for (const r of registrations) {
      if (!r.user_id || swept.has(r.user_id)) continue;
      swept.add(r.user_id);
      await registered({ userId: r.user_id, ip: r.ip, userAgent: r.user_agent });
    }
    return rows.length + swept.size;
  }

  /** The user's tracking data for their data download. */
  async function exportData(userId: string): Promise<{ attribution: unknown; events: unknown[] }> {
    const attribution = await repo.findAttribution(db, userId);
    const events = await repo.eventsOf(db, userId);
    return { attribution: attribution ?? null, events };
  }

  /** A guest's tracking data moves to the account it signs in to (inside the sign-in's transaction). */
  function merge(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
    return mergeAttribution(trx, fromUserId, toUserId);
  }

  /** Deletes events past retention and settled deliveries after 30 days. */
  function prune(): Promise<{ events: number; deliveries: number }> {
    return repo.prune(db, env.retentionDays);
  }

  return {
    record,
    orderAttribution,
    convert,
    orderPaid,
    sweepMissedConversions,
    registered,
    exportData,
    merge,
    prune,
    deliverDue: outbox.deliverDue,
    idle: outbox.idle,
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
