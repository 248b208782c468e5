import fs from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from './media/storage/index';

/** The server's configuration, read once from the environment and validated. */
export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  redisUrl: string | null;
  publicUrl: string;
  /**
   * The operator console's own origin (a second hostname of this server); null serves the console on
   * PUBLIC_URL's origin, beside the viewer app and its third-party pixels.
   */
  consoleUrl: string | null;
  /** An operator's explicit yes to a console on the viewer app's origin of an https site. */
  consoleSameOrigin: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  webDist: string;
  adminDist: string;
  shutdownTimeoutMs: number;
  dbConnectTimeoutMs: number;
  sessionTtlDays: number;
  /** New guest accounts one client address (an IPv6 /64) may create: per minute, plus a burst per hour. */
  guestBudget: { perMinute: number; burstPerHour: number };
  /** Guests that own nothing and were not seen for this many days are deleted. */
  guestRetentionDays: number;
  /** Where media lives: a folder (default DATA_DIR/media) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Public base of media files (a CDN or the bucket); null when the server serves them under /media. */
  mediaPublicUrl: string | null;
  /** ffmpeg and ffprobe to use; null picks Debian's, else the ones shipped in npm packages. */
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /** smtp(s):// URL; null writes mail to DATA_DIR/outbox. */
  mailUrl: string | null;
  mailFrom: string;
  /** Where contact-page messages are emailed (when mail is configured). */
  supportEmail: string | null;
  facebook: { appId: string; appSecret: string; authUrl: string; graphUrl: string } | null;
  /** Seed the demo catalog into an empty database. */
  demoCatalog: boolean;
  /** Only the first N episodes of each demo series (quicker demos for tests); null for all. */
  demoEpisodesPerSeries: number | null;
  /**
   * `test`: the built-in sandbox (or a processor's test keys), documented test cards only, shown to
   * viewers; `live`: a real card processor (Stripe) and real money. Never derived: set on purpose.
   */
  paymentMode: 'test' | 'live';
  /** An operator's explicit yes to test payments on an https address (a public test server). */
  allowTestPaymentsOnHttps: boolean;
  /** Signs the sandbox processor's webhooks; null makes one per database (db/secrets.ts). */
  sandboxWebhookSecret: string | null;
  /** Card payments through Stripe instead of the built-in sandbox processor. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /** PayPal's REST API; unset, the built-in PayPal sandbox with its own approval page. */
  paypal: { clientId: string; clientSecret: string; apiUrl: string } | null;
  /** Pixels, consent, reports and server-side conversions. */
  tracking: TrackingEnv;
  /** Error reporting (Sentry); null without a DSN, and then nothing of it is loaded. */
  errorReporting: { dsn: string; environment: 'sandbox' | 'production' } | null;
  /** Run scheduled work (renewals) in this process. */
  jobs: boolean;
  renewalIntervalSeconds: number;
  /** A purchase still processing this long is asked about at the provider (see reconcile.ts). */
  paymentReconcileAfterSeconds: number;
}

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'EnvError';
  }
}

type Source = Record<string, string | undefined>;

function read(src: Source, name: string): string | undefined {
  const value = src[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function int(src: Source, name: string, fallback: number, min: number, max: number): number {
  const raw = read(src, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new EnvError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new EnvError(name, `expected a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}

function oneOf<T extends string>(src: Source, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(src, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new EnvError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function bool(src: Source, name: string, fallback: boolean): boolean {
  const raw = read(src, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new EnvError(name, `expected true or false, got "${raw}"`);
}

function url(src: Source, name: string, protocols: readonly string[]): string | null {
  const raw = read(src, name);
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new EnvError(name, `expected a URL (${protocols.map((p) => `${p}//…`).join(' or ')}), got "${redact(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new EnvError(name, `expected a ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Hides the password of a URL so a bad value can be reported without leaking a secret. */
export function redact(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return value.replace(/:[^:@/]+@/, ':***@');
  }
}

function executable(src: Source, name: string): string | null {
  const raw = read(src, name);
  if (raw === undefined) return null;
  const resolved = path.resolve(raw);
  if (!fs.existsSync(resolved) || !fs.statSync(resolved).isFile()) throw new EnvError(name, `no file at ${resolved}`);
  return resolved;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function storageConfig(src: Source, dataDir: string): StorageConfig {
  const driver = oneOf(src, 'STORAGE_DRIVER', ['local', 's3'] as const, 'local');
  if (driver === 'local') return { driver, dir: path.join(dataDir, 'media') };
  const bucket = read(src, 'S3_BUCKET');
  if (bucket === undefined) throw new EnvError('S3_BUCKET', 'required when STORAGE_DRIVER=s3');
  if (!BUCKET.test(bucket))
    throw new EnvError(
      'S3_BUCKET',
      `expected a bucket name (3-63 lowercase letters, digits, dots, hyphens), got "${bucket}"`,
    );
  const region = read(src, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region))
    throw new EnvError('S3_REGION', `expected a region such as us-east-1, got "${region}"`);
  const accessKeyId = read(src, 'S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = read(src, 'S3_SECRET_ACCESS_KEY') ?? null;
  if (accessKeyId && !secretAccessKey)
    throw new EnvError('S3_SECRET_ACCESS_KEY', 'required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId)
    throw new EnvError('S3_ACCESS_KEY_ID', 'required when S3_SECRET_ACCESS_KEY is set');
  return {
    driver,
    bucket,
    region,
    endpoint: url(src, 'S3_ENDPOINT', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(src, 'S3_FORCE_PATH_STYLE', false),
  };
}

function facebookEnv(src: Source): Env['facebook'] {
  const appId = read(src, 'FACEBOOK_APP_ID');
  const appSecret = read(src, 'FACEBOOK_APP_SECRET');
  if (!appId && !appSecret) return null;
  if (!appId) throw new EnvError('FACEBOOK_APP_ID', 'must be set when FACEBOOK_APP_SECRET is');
  if (!appSecret) throw new EnvError('FACEBOOK_APP_SECRET', 'must be set when FACEBOOK_APP_ID is');
  return {
    appId,
    appSecret,
    authUrl: (
      url(src, 'FACEBOOK_AUTH_URL', ['http:', 'https:']) ?? 'https://www.facebook.com/v19.0/dialog/oauth'
    ).replace(/\/+$/, ''),
    graphUrl: (url(src, 'FACEBOOK_GRAPH_URL', ['http:', 'https:']) ?? 'https://graph.facebook.com/v19.0').replace(
      /\/+$/,
      '',
    ),
  };
}

function stripeEnv(src: Source): Env['stripe'] {
  const secretKey = read(src, 'STRIPE_SECRET_KEY');
  const webhookSecret = read(src, 'STRIPE_WEBHOOK_SECRET');
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey) throw new EnvError('STRIPE_SECRET_KEY', 'must be set when STRIPE_WEBHOOK_SECRET is');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    throw new EnvError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_… or sk_live_…)');
  if (!webhookSecret)
    throw new EnvError(
      'STRIPE_WEBHOOK_SECRET',
      'must be set when STRIPE_SECRET_KEY is (the whsec_… signing secret of the webhook endpoint)',
    );
  return { secretKey, webhookSecret, apiUrl: url(src, 'STRIPE_API_URL', ['http:', 'https:']) ?? null };
}

const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

function paypalEnv(src: Source, mode: Env['paymentMode']): Env['paypal'] {
  const clientId = read(src, 'PAYPAL_CLIENT_ID');
  const clientSecret = read(src, 'PAYPAL_CLIENT_SECRET');
  if (!clientId && !clientSecret) return null;
  if (!clientId) throw new EnvError('PAYPAL_CLIENT_ID', 'must be set when PAYPAL_CLIENT_SECRET is');
  if (!clientSecret) throw new EnvError('PAYPAL_CLIENT_SECRET', 'must be set when PAYPAL_CLIENT_ID is');
  // The API follows the payment mode: PayPal's own sandbox in test mode, its live API in live mode.
  const apiUrl = (
    url(src, 'PAYPAL_API_URL', ['http:', 'https:']) ?? (mode === 'live' ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)
  ).replace(/\/+$/, '');
  if (mode === 'test' && apiUrl === PAYPAL_LIVE_API)
    throw new EnvError(
      'PAYPAL_API_URL',
      `is PayPal's live API but PAYMENT_MODE is test (no money may move): use ${PAYPAL_SANDBOX_API}, or set PAYMENT_MODE=live`,
    );
  if (mode === 'live' && new URL(apiUrl).hostname.endsWith('sandbox.paypal.com'))
    throw new EnvError('PAYPAL_API_URL', "is PayPal's sandbox but PAYMENT_MODE is live");
  return { clientId, clientSecret, apiUrl };
}

/** Live mode needs a real card processor with live keys; test mode never uses live keys. */
function checkPaymentMode(mode: Env['paymentMode'], stripe: Env['stripe']): void {
  if (mode === 'live' && !stripe)
    throw new EnvError(
      'PAYMENT_MODE',
      'live needs a real card processor: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the built-in sandbox takes no money)',
    );
  const liveKey = stripe ? /^(sk|rk)_live_/.test(stripe.secretKey) : false;
  if (stripe && mode === 'live' && !liveKey)
    throw new EnvError('STRIPE_SECRET_KEY', 'is a test key but PAYMENT_MODE is live: use a live key (sk_live_…)');
  if (stripe && mode === 'test' && liveKey)
    throw new EnvError(
      'STRIPE_SECRET_KEY',
      'is a live key but PAYMENT_MODE is test: set PAYMENT_MODE=live to take real money',
    );
}

/**
 * Why this environment must not start, or null: test payments on a public https address give
 * purchases away unless an operator says this is a test server.
 */
export function paymentStartProblem(
  env: Pick<Env, 'paymentMode' | 'publicUrl' | 'allowTestPaymentsOnHttps'>,
): string | null {
  if (env.paymentMode !== 'test' || !env.publicUrl.startsWith('https:') || env.allowTestPaymentsOnHttps) return null;
  return `Refusing to start: PAYMENT_MODE is test (no money is taken, test cards only) but PUBLIC_URL is https (${env.publicUrl}); set PAYMENT_MODE=live with a real processor, or ALLOW_TEST_PAYMENTS_ON_HTTPS=true for a public test server.`;
}

/**
 * The console's own origin: an http(s) origin (no path) on another hostname than PUBLIC_URL's. Only
 * the hostname tells the two apart, as cookies ignore ports: the same hostname on another port would
 * receive the operator cookie and share the viewer app's site.
 */
function consoleUrlEnv(src: Source, publicUrl: string): string | null {
  const raw = url(src, 'CONSOLE_URL', ['http:', 'https:']);
  if (raw === null) return null;
  const parsed = new URL(raw);
  if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new EnvError(
      'CONSOLE_URL',
      `expected an origin such as https://console.example.com (no path, query or credentials), got "${redact(raw)}"`,
    );
  }
  const viewer = new URL(publicUrl);
  if (parsed.hostname === viewer.hostname) {
    throw new EnvError(
      'CONSOLE_URL',
      `must name another hostname than PUBLIC_URL (${viewer.origin}): the console needs an origin of its own, and cookies do not tell ports apart`,
    );
  }
  if (viewer.protocol === 'https:' && parsed.protocol !== 'https:')
    throw new EnvError('CONSOLE_URL', 'must be https:// when PUBLIC_URL is https');
  return parsed.origin;
}

/**
 * Why this environment must not start, or null: a public (https) site whose console shares the
 * viewer app's origin, where third-party pixel scripts run and could act with a signed-in operator's
 * cookie, unless an operator accepts that on purpose.
 */
export function consoleStartProblem(env: Pick<Env, 'publicUrl' | 'consoleUrl' | 'consoleSameOrigin'>): string | null {
  if (env.consoleUrl || !env.publicUrl.startsWith('https:') || env.consoleSameOrigin) return null;
  return `Refusing to start: PUBLIC_URL is https (${env.publicUrl}) but the operator console would share its origin with the viewer app, whose third-party pixel scripts could then act as a signed-in operator; set CONSOLE_URL to a second hostname of this server (e.g. https://console.example.com), or CONSOLE_SAME_ORIGIN=true to accept the shared origin.`;
}

/** The start-up warning of a console on the viewer app's origin, or null when it has its own. */
export function consoleOriginWarning(env: Pick<Env, 'consoleUrl'>): string | null {
  if (env.consoleUrl) return null;
  return 'The operator console (/admin) shares its origin with the viewer app, whose third-party pixel scripts could act as a signed-in operator; set CONSOLE_URL to give the console a hostname of its own.';
}

export interface TrackingEnv {
  consentMode: 'off' | 'required';
  /** Where browsers load each pixel's script from, by configuration key. */
  scripts: { facebook_pixel_id: string; google_analytics: string; tiktok_pixel: string; bigo_pixel: string };
  /** Meta Conversions API; the pixel id falls back to the facebook_pixel_id setting. */
  meta: { accessToken: string; pixelId: string | null; apiUrl: string; testEventCode: string | null } | null;
  /** TikTok Events API; the pixel code falls back to the tiktok_pixel setting. */
  tiktok: { accessToken: string; pixelCode: string | null; apiUrl: string; testEventCode: string | null } | null;
  conversionsIntervalSeconds: number;
  /** Delay before the first retry of a failed delivery; it doubles with every further attempt. */
  conversionsRetrySeconds: number;
  retentionDays: number;
}

function matching(src: Source, name: string, pattern: RegExp, expected: string): string | null {
  const raw = read(src, name);
  if (raw === undefined) return null;
  if (!pattern.test(raw)) throw new EnvError(name, `expected ${expected}`);
  return raw;
}

const TOKEN = /^\S{8,1000}$/;
const TEST_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const base = (src: Source, name: string, fallback: string) =>
  (url(src, name, ['http:', 'https:']) ?? fallback).replace(/\/+$/, '');

function trackingEnv(src: Source): TrackingEnv {
  const metaToken = matching(src, 'META_CAPI_ACCESS_TOKEN', TOKEN, 'an access token (8 to 1000 characters, no spaces)');
  const tiktokToken = matching(
    src,
    'TIKTOK_EVENTS_ACCESS_TOKEN',
    TOKEN,
    'an access token (8 to 1000 characters, no spaces)',
  );
  const metaPixel = matching(src, 'META_CAPI_PIXEL_ID', /^\d{5,20}$/, 'a pixel id (5 to 20 digits)');
  const tiktokPixel = matching(
    src,
    'TIKTOK_EVENTS_PIXEL_CODE',
    /^[A-Za-z0-9_-]{4,64}$/,
    'a pixel code (4 to 64 letters and digits)',
  );
  if (metaPixel && !metaToken) throw new EnvError('META_CAPI_ACCESS_TOKEN', 'required when META_CAPI_PIXEL_ID is set');
  if (tiktokPixel && !tiktokToken)
    throw new EnvError('TIKTOK_EVENTS_ACCESS_TOKEN', 'required when TIKTOK_EVENTS_PIXEL_CODE is set');
  return {
    consentMode: oneOf(src, 'CONSENT_MODE', ['off', 'required'] as const, 'off'),
    scripts: {
      facebook_pixel_id:
        url(src, 'META_PIXEL_SCRIPT_URL', ['http:', 'https:']) ?? 'https://connect.facebook.net/en_US/fbevents.js',
      google_analytics:
        url(src, 'GOOGLE_ANALYTICS_SCRIPT_URL', ['http:', 'https:']) ?? 'https://www.googletagmanager.com/gtag/js',
      tiktok_pixel:
        url(src, 'TIKTOK_PIXEL_SCRIPT_URL', ['http:', 'https:']) ?? 'https://analytics.tiktok.com/i18n/pixel/events.js',
      bigo_pixel: url(src, 'BIGO_PIXEL_SCRIPT_URL', ['http:', 'https:']) ?? 'https://api.imotech.video/ad/events.js',
    },
    meta: metaToken
      ? {
          accessToken: metaToken,
          pixelId: metaPixel,
          apiUrl: base(src, 'META_CAPI_URL', 'https://graph.facebook.com/v21.0'),
          testEventCode: matching(
            src,
            'META_CAPI_TEST_EVENT_CODE',
            TEST_CODE,
            'a test event code (letters, digits, _ and -)',
          ),
        }
      : null,
    tiktok: tiktokToken
      ? {
          accessToken: tiktokToken,
          pixelCode: tiktokPixel,
          apiUrl: base(src, 'TIKTOK_EVENTS_URL', 'https://business-api.tiktok.com/open_api/v1.3'),
          testEventCode: matching(
            src,
            'TIKTOK_EVENTS_TEST_EVENT_CODE',
            TEST_CODE,
            'a test event code (letters, digits, _ and -)',
          ),
        }
      : null,
    conversionsIntervalSeconds: int(src, 'CONVERSIONS_INTERVAL_SECONDS', 5, 1, 3600),
    conversionsRetrySeconds: int(src, 'CONVERSIONS_RETRY_SECONDS', 30, 1, 86400),
    retentionDays: int(src, 'TRACKING_RETENTION_DAYS', 400, 1, 3650),
  };
}

function dsn(src: Source, name: string): string | null {
  const raw = url(src, name, ['http:', 'https:']);
  if (raw === null) return null;
  const parsed = new URL(raw);
  if (!parsed.username || !/\/\d+$/.test(parsed.pathname))
    throw new EnvError(name, 'expected a DSN such as https://<key>@<host>/<project id>');
  return raw;
}

/** The host picks the project: a `.cc` host reports to the sandbox one (specification §9). */
function errorReportingEnv(src: Source, publicUrl: string): Env['errorReporting'] {
  const production = dsn(src, 'SENTRY_DSN');
  const sandbox = dsn(src, 'SENTRY_SANDBOX_DSN');
  const environment = new URL(publicUrl).host.includes('.cc') ? 'sandbox' : 'production';
  const chosen = environment === 'sandbox' ? (sandbox ?? production) : production;
  return chosen ? { dsn: chosen, environment } : null;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses and validates the environment; throws EnvError naming the first bad variable. */
export function loadEnv(src: Source = process.env): Env {
  const nodeEnv = oneOf(src, 'NODE_ENV', ['development', 'production', 'test'] as const, 'production');
  const port = int(src, 'PORT', 8080, 0, 65535);
  // Normalized by the URL parser (scheme and host in lower case), so `HTTPS://…` counts as https everywhere.
  const publicUrl = new URL(url(src, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).href;
  const dataDir = path.resolve(read(src, 'DATA_DIR') ?? './data');
  const paymentMode = oneOf(src, 'PAYMENT_MODE', ['test', 'live'] as const, 'test');
  const stripe = stripeEnv(src);
  checkPaymentMode(paymentMode, stripe);
  const consoleUrl = consoleUrlEnv(src, publicUrl);
  const consoleSameOrigin = bool(src, 'CONSOLE_SAME_ORIGIN', false);
  if (consoleUrl && consoleSameOrigin)
    throw new EnvError(
      'CONSOLE_SAME_ORIGIN',
      'contradicts CONSOLE_URL (the console has its own origin): unset one of them',
    );
  return {
    nodeEnv,
    port,
    host: read(src, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: url(src, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: int(src, 'DATABASE_POOL_SIZE', 10, 1, 500),
    redisUrl: url(src, 'REDIS_URL', ['redis:', 'rediss:']),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    consoleUrl,
    consoleSameOrigin,
    logLevel: oneOf(
      src,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    trustProxy: bool(src, 'TRUST_PROXY', false),
    webDist: path.resolve(read(src, 'WEB_DIST') ?? path.join(repoRoot, 'apps/web/dist')),
    adminDist: path.resolve(read(src, 'ADMIN_DIST') ?? path.join(repoRoot, 'apps/admin/dist')),
    shutdownTimeoutMs: int(src, 'SHUTDOWN_TIMEOUT_MS', 10000, 0, 600000),
    dbConnectTimeoutMs: int(src, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 60000),
    sessionTtlDays: int(src, 'SESSION_TTL_DAYS', 180, 1, 3650),
    guestBudget: {
      perMinute: int(src, 'GUEST_SESSIONS_PER_MINUTE', 30, 1, 100000),
      burstPerHour: int(src, 'GUEST_SESSIONS_BURST', 300, 0, 1000000),
    },
    guestRetentionDays: int(src, 'GUEST_RETENTION_DAYS', 30, 1, 3650),
    mailUrl: url(src, 'MAIL_URL', ['smtp:', 'smtps:']),
    mailFrom: read(src, 'MAIL_FROM') ?? 'Episodic <no-reply@episodic.local>',
    supportEmail: read(src, 'SUPPORT_EMAIL') ?? null,
    facebook: facebookEnv(src),
    demoCatalog: bool(src, 'DEMO_CATALOG', nodeEnv !== 'test'),
    demoEpisodesPerSeries:
      read(src, 'DEMO_EPISODES_PER_SERIES') === undefined ? null : int(src, 'DEMO_EPISODES_PER_SERIES', 30, 1, 30),
    paymentMode,
    allowTestPaymentsOnHttps: bool(src, 'ALLOW_TEST_PAYMENTS_ON_HTTPS', false),
    sandboxWebhookSecret: matching(
      src,
      'SANDBOX_WEBHOOK_SECRET',
      /^\S{16,200}$/,
      'a secret of 16 to 200 characters without spaces (or leave it unset: one is made per database)',
    ),
    stripe,
    paypal: paypalEnv(src, paymentMode),
    tracking: trackingEnv(src),
    errorReporting: errorReportingEnv(src, publicUrl),
    jobs: bool(src, 'JOBS', nodeEnv !== 'test'),
    renewalIntervalSeconds: int(src, 'RENEWAL_INTERVAL_SECONDS', 60, 1, 86400),
    paymentReconcileAfterSeconds: int(src, 'PAYMENT_RECONCILE_AFTER_SECONDS', 120, 1, 86400),
    storage: storageConfig(src, dataDir),
    mediaPublicUrl: url(src, 'MEDIA_PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    ffmpegPath: executable(src, 'FFMPEG_PATH'),
    ffprobePath: executable(src, 'FFPROBE_PATH'),
  };
}
