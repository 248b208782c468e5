import fs from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_CONFIG_KEY_PATTERN, CONFIG_KEYS, REWARD_CONFIG_KEYS, type AdminSettings } from '@episodic/contract';
import { rewardValueProblem } from '../rewards/index';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import {
  configEntries,
  deleteConfigEntry,
  lockConfigEntry,
  paymentActivity,
  upsertConfigEntry,
} from './settings.repository';

const KNOWN: Record<string, string> = {
  facebook_pixel_id: 'Facebook (Meta) pixel id: the viewer app starts the pixel when set.',
  google_analytics: 'Google Analytics measurement id (G-…): the viewer app starts web analytics when set.',
  tiktok_pixel: 'TikTok pixel id: the viewer app starts the short-video pixel when set.',
  bigo_pixel: 'Bigo Ads pixel id: the viewer app starts the fourth advertising pixel when set.',
  [REWARD_CONFIG_KEYS.welcome]:
    'Welcome coins (bonus coins), collected once per person by an account with a verified email. 0 turns them off.',
  [REWARD_CONFIG_KEYS.checkIn]:
    'Daily check-in coins per streak day (UTC days), separated by commas; the last repeats: 5,5,10,10,15,15,30. 0 or empty turns it off.',
  [REWARD_CONFIG_KEYS.firstPurchase]:
    "First-purchase bonus coins, added once to a buyer's first paid order. 0 turns it off.",
};
const REWARD_KEYS: readonly string[] = Object.values(REWARD_CONFIG_KEYS);
const OTHER = 'Read by the apps from /api/config at start.';
const KEY = new RegExp(ADMIN_CONFIG_KEY_PATTERN);
/** Pixel ids go into script tags: letters, digits and a few separators only. */
const PIXEL_ID = /^[A-Za-z0-9._-]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The SMTP server of a mail URL, without its credentials. */
function mailServer(mailUrl: string | null): string | null {
  if (!mailUrl) return null;
  try {
    const u = new URL(mailUrl);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return null;
  }
}

/** The configuration list the apps read, and what the server knows about mail and payments. */
export function createAdminSettingsService(deps: AdminDeps) {
  const { db, env } = deps;

  async function payments(): Promise<AdminSettings['payments']> {
    const rows = await paymentActivity(db);
    const activity = (id: string) => {
      const row = rows.find((r) => r.provider === id);
      return { lastPaymentAt: row?.last?.toISOString() ?? null, paidLast30Days: Number(row?.recent ?? 0) };
    };
    const card: AdminSettings['payments'][number] = env.stripe
      ? {
          id: 'stripe',
          name: 'Stripe',
          methods: ['card'],
          status: env.stripe.secretKey.includes('_live_') ? 'live' : 'test',
          detail: `Card payments through Stripe${env.stripe.secretKey.includes('_live_') ? '' : ' in test mode'}; webhooks at /api/webhook/payment/stripe.${env.stripe.apiUrl ? ` API: ${env.stripe.apiUrl}.` : ''}`,
          ...activity('stripe'),
        }
      : {
          id: 'sandbox',
          name: 'Built-in sandbox processor',
          methods: ['card'],
          status: 'test',
          detail:
            'Test cards only (4242 4242 4242 4242 pays); no money moves. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real cards.',
          ...activity('sandbox'),
        };
    const paypalLive = env.paypal ? !env.paypal.apiUrl.includes('sandbox') : false;
    const paypal: AdminSettings['payments'][number] = env.paypal
      ? {
          id: 'paypal',
          name: 'PayPal',
          methods: ['paypal'],
          status: paypalLive ? 'live' : 'test',
          detail: `PayPal REST API at ${env.paypal.apiUrl}.`,
          ...activity('paypal'),
        }
      : env.paymentMode === 'live'
        ? {
            id: 'paypal',
            name: 'PayPal',
            methods: ['paypal'],
            status: 'off',
            detail:
              'Not offered: live mode never uses the built-in PayPal sandbox. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to offer PayPal.',
            ...activity('paypal'),
          }
        : {
            id: 'paypal',
            name: 'PayPal (built-in sandbox)',
            methods: ['paypal'],
            status: 'test',
            detail:
              'A local approval page stands in for PayPal; no money moves. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for real PayPal.',
            ...activity('paypal'),
          };
    const list = [card, paypal];
    // Orders paid through the sandbox before a real processor was configured can still be refunded there.
    if (env.stripe && rows.some((r) => r.provider === 'sandbox')) {
      list.push({
        id: 'sandbox',
        name: 'Built-in sandbox processor',
        methods: ['card'],
        status: 'off',
        detail: 'No longer takes payments; earlier sandbox orders can still be refunded.',
        ...activity('sandbox'),
      });
    }
    return list;
  }

  async function mail(): Promise<AdminSettings['mail']> {
    const outbox = deps.mailTransport === 'outbox' ? path.join(env.dataDir, 'outbox') : null;
    let outboxMessages: number | null = null;
    if (outbox)
      outboxMessages = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).length;
    return {
      transport: deps.mailTransport,
      from: env.mailFrom,
      server: mailServer(env.mailUrl),
      outbox,
      outboxMessages,
      supportEmail: env.supportEmail,
    };
  }

  async function overview(): Promise<AdminSettings> {
    const rows = await configEntries(db);
    const config = rows
      .map((r) => ({
        key: r.config_key,
        value: r.config_value,
        known: r.config_key in KNOWN,
        description: KNOWN[r.config_key] ?? OTHER,
        updatedAt: r.updated_at.toISOString(),
      }))
      .sort((a, b) => Number(b.known) - Number(a.known) || a.key.localeCompare(b.key));
    return { config, mail: await mail(), payments: await payments() };
  }

  function checkEntry(key: string, value: string): string {
    const check = new FieldCheck();
    if (!KEY.test(key))
      check.add('key', 'id_invalid', 'Use lower-case letters, digits and underscores, starting with a letter.');
    const trimmed = value.trim();
    if (CONTROL.test(trimmed)) check.add('value', 'not_allowed_characters', 'The value has control characters.');
    const rewardProblem = REWARD_KEYS.includes(key) ? rewardValueProblem(key, trimmed) : null;
    if (rewardProblem) check.add('value', 'invalid_format', rewardProblem);
    else if (key in KNOWN && !PIXEL_ID.test(trimmed))
      check.add(
        'value',
        'not_allowed_characters',
        'A pixel id has only letters, digits, dots, hyphens and underscores.',
      );
    check.check();
    return trimmed;
  }

  /** Sets a configuration value (a new key is added); the apps see it at their next start. */
  async function setConfig(operator: Operator, key: string, value: string): Promise<AdminSettings> {
    const trimmed = checkEntry(key, value);
    await db.transaction().execute(async (trx) => {
      const before = await lockConfigEntry(trx, key);
      if (before?.config_value === trimmed) return;
      await upsertConfigEntry(trx, key, trimmed);
      await writeAudit(trx, operator, {
        action: before ? 'setting.update' : 'setting.create',
        targetType: 'setting',
        targetId: key,
        summary: `${before ? 'Changed' : 'Added'} the configuration key ${key}`,
        before: before ? { value: before.config_value } : null,
        after: { value: trimmed },
      });
    });
    await deps.invalidateSettings();
    return overview();
  }

  /** Removes a key the product does not know; a known key can only be emptied. */
  async function deleteConfig(operator: Operator, key: string): Promise<AdminSettings> {
    if (CONFIG_KEYS.includes(key as (typeof CONFIG_KEYS)[number]) || REWARD_KEYS.includes(key))
      throw conflict('not_allowed_now', 'The product reads this key: empty its value instead of removing it.');
    await db.transaction().execute(async (trx) => {
      const before = await deleteConfigEntry(trx, key);
      if (!before) throw notFound('not_found', 'There is no such configuration key.');
      await writeAudit(trx, operator, {
        action: 'setting.delete',
        targetType: 'setting',
        targetId: key,
        summary: `Removed the configuration key ${key}`,
        before: { value: before.config_value },
      });
    });
    await deps.invalidateSettings();
    return overview();
  }

  return { overview, setConfig, deleteConfig };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
