import path from 'node:path';
import { PAYMENT_MODES, type PaymentMode } from '@episodic/contract/constants';
import type { StorageConfig } from './media/storage/index';
import { EnvError, bool, executable, int, matching, oneOf, read, url, type Source } from './env-values';
import { checkPaymentMode, paypalEnv, stripeEnv } from './env-payments';
import { consoleUrlEnv } from './env-console';
import { trackingEnv, type TrackingEnv } from './env-tracking';

export { EnvError, redact } from './env-values';
export { paymentStartProblem } from './env-payments';
export { consoleOriginWarning, consoleStartProblem } from './env-console';
export type { TrackingEnv } from './env-tracking';

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
  /** How long a landing page's document waits for the first answers it carries (0: it carries none). */
  landingBudgetMs: number;
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
  paymentMode: PaymentMode;
  /** An operator's explicit yes to test payments on an https address (a public test server). */
  allowTestPaymentsOnHttps: boolean;
  /** Signs the sandbox processor's webhooks; null makes one per database (db/secrets.ts). */
  sandboxWebhookSecret: string | null;
  /** Card payments through Stripe instead of the built-in sandbox processor. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** pk_…: what the payment page's Stripe.js is started with. */
    publishableKey: string;
    apiUrl: string | null;
    /** Where the payment page loads Stripe.js from (Stripe's own address; a stand-in in tests). */
    jsUrl: string;
  } | null;
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
  const paymentMode = oneOf(src, 'PAYMENT_MODE', PAYMENT_MODES, 'test');
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
    landingBudgetMs: int(src, 'LANDING_DATA_BUDGET_MS', 250, 0, 5000),
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
