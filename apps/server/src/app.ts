import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Env } from './env';
import { isDatabaseUnavailable, pingDatabase, type Database } from './db/connection';
import { registerProtocol } from './http/protocol';
import { registerCsrfGuard } from './http/csrf';
import { consoleOriginOf, registerConsoleOrigin } from './http/console-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { sendErrorEnvelope } from './http/envelope';
import { EnvelopeCode } from '@episodic/contract';
import { registerHealth } from './http/health';
import { registerSpa } from './http/spa';
import { guardAdminRoutes } from './http/admin-guard';
import type { AppInstance } from './http/types';
import {
  createAccountsService,
  createFacebookSignIn,
  createOperatorSessions,
  purgeUnusedAccounts,
  registerAccountsRoutes,
  registerFacebookRoutes,
  registerOperatorSessionRoutes,
} from './modules/accounts/index';
import { createSettingsService, registerSettingsRoutes } from './modules/settings/index';
import { configureMediaTools, createStorage, type StorageDriver } from './media/index';
import { createPlaybackService, registerMediaFileRoutes, registerPlaybackRoutes } from './modules/playback/index';
import {
  createCatalogService,
  createPlayCounter,
  registerCatalogRoutes,
  seedDemoCatalog,
} from './modules/catalog/index';
import { createLibraryService, exportLibrary, mergeLibrary, registerLibraryRoutes } from './modules/library/index';
import { exportCatalogData, mergeCatalogData } from './modules/catalog/index';
import { createLocalBus, createRedisBus } from './cache/invalidation-bus';
import { createRateLimiter } from './cache/rate-limiter';
import { createMailer } from './mail/mailer';
import { EventBus } from './events';
import {
  createBillingService,
  createOrderReconciler,
  createReceipts,
  createRenewals,
  createPaypalRest,
  createPaypalSandbox,
  createSandboxProvider,
  createStripeProvider,
  exportBilling,
  mergeBilling,
  registerBillingRoutes,
} from './modules/billing/index';
import { isActiveMember } from './modules/billing/index';
import { createAccessService } from './modules/access/index';
import { lazySharedSecret } from './db/secrets';
import { registerSupportRoutes } from './modules/support/index';
import { registerAdminRoutes } from './modules/admin/index';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { createTrackingService, registerTrackingRoutes } from './modules/tracking/index';
import { startErrorReporting } from './error-reporting';

export interface AppOptions {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Media storage; by default the one the environment configures. */
  storage?: StorageDriver;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The server's logging: the level from the environment, cookies and session tokens redacted. */
export function loggerOptions(env: Pick<Env, 'logLevel'>) {
  return {
    level: env.logLevel,
    redact: [
      'req.headers.cookie',
      'req.headers["x-user-token"]',
      'res.headers["set-cookie"]',
      'res.headers["x-user-token"]',
    ],
  };
}

/** The services the composition root made, for operator tools and tests that drive them directly. */
export interface AppServices {
  settings: ReturnType<typeof createSettingsService>;
  catalog: ReturnType<typeof createCatalogService>;
  billing: ReturnType<typeof createBillingService>;
  tracking: ReturnType<typeof createTrackingService>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every recurring task of this instance (tests run one with `jobs.run(name)` instead of waiting). */
    jobs: JobRunner;
  }
}

/** The composition root: plugins, protocol and modules wired by hand, in order. */
export async function buildApp({
  env,
  database,
  logger,
  storage = createStorage(env.storage),
}: AppOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(env),
    // One line per request, written by the protocol's onResponse hook with the envelope code.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
    // Addresses the router cannot even read (bad percent-encoding, an over-long parameter) get a 400
    // envelope like any other bad request.
    frameworkErrors: (_err, _req, reply) =>
      sendErrorEnvelope(reply, 400, EnvelopeCode.badRequest, 'invalid_address', 'The address is not valid.'),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: { allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db } = database;
  const events = new EventBus();
  // The one job runner: every recurring task is registered on it and it is started once, when the app is ready.
  const jobs = createJobRunner({ onError: (task, err) => app.log.error({ err, task }, 'scheduled task failed') });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // Work a request starts that outlives its answer (a receipt, a provider's event): its failure is
  // logged, never fatal, and shutdown waits for it before the database and the mailer close.
  const background = new Set<Promise<unknown>>();
  const inBackground = (what: string, task: () => Promise<unknown>) => {
    const running: Promise<unknown> = task()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => background.delete(running));
    background.add(running);
  };
  const backgroundDone = async () => {
    while (background.size > 0) await Promise.allSettled([...background]);
  };
  const limiter = createRateLimiter(env.redisUrl);
  const mailer = createMailer({
    mailUrl: env.mailUrl,
    from: env.mailFrom,
    outboxDir: path.join(env.dataDir, 'outbox'),
    log: (msg, data) => app.log.info(data, msg),
  });
  // Billing is created after the catalog it asks about; these closures only run once requests arrive.
  const accounts = createAccountsService({
    db,
    sessionTtlDays: env.sessionTtlDays,
    events,
    mailer,
    limiter,
    guestBudget: env.guestBudget,
    publicUrl: env.publicUrl,
    money: (userId) => billing.accountSummary(userId),
  });
  configureMediaTools(env);
  // Who may play what, for playback, lists, unlocking, play counts and the library.
  const access = createAccessService({ db, isMember: (userId) => isActiveMember(db, userId) });
  const playback = createPlaybackService({ db, storage, mediaBaseUrl: env.mediaPublicUrl ?? '/media', access });
  const bus = env.redisUrl
    ? createRedisBus(env.redisUrl, (err) => app.log.warn({ err: { message: err.message } }, 'redis'))
    : createLocalBus();
  const settings = createSettingsService({ db, bus, tracking: () => tracking.settings() });
  const catalog = createCatalogService({
    db,
    bus,
    mediaUrl: (key) => playback.mediaUrl(key)!,
    episodeMedia: async (episodeId, userId) =>
      (await playback.playbackInfo(episodeId, userId)) ?? {
        playable: false,
        hls: null,
        poster: null,
        thumbnail: null,
        subtitles: [],
      },
    access,
  });
  // Unset, the sandbox's signing secret is made once per database (never a constant of the source).
  const configuredHookSecret = env.sandboxWebhookSecret;
  const sandboxHookSecret = configuredHookSecret
    ? async () => configuredHookSecret
    : lazySharedSecret(db, 'sandbox-webhook');
  const sandbox = createSandboxProvider({
    db,
    publicUrl: env.publicUrl,
    webhookSecret: sandboxHookSecret,
    // Delivered like a processor's webhook, after the charge's answer, through the signed-event path.
    deliver: async (body, signature) => {
      inBackground('sandbox webhook', async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await billing.handleSandboxWebhook(body, signature);
      });
    },
  });
  const linkSecret = lazySharedSecret(db, 'links');
  const log = (msg: string, data?: Record<string, unknown>) => app.log.info(data ?? {}, msg);
  const sendReceipt = createReceipts({
    db,
    mailer,
    publicUrl: env.publicUrl,
    linkSecret,
    testMode: env.paymentMode === 'test',
    log,
  });
  const stripe = env.stripe ? createStripeProvider(env.stripe) : null;
  const card = stripe ?? sandbox;
  // PayPal only when it is really configured, or the built-in one when the whole shop is in test mode.
  const paypal = env.paypal
    ? createPaypalRest(env.paypal)
    : env.paymentMode === 'test'
      ? createPaypalSandbox({ publicUrl: env.publicUrl, secret: lazySharedSecret(db, 'paypal-sandbox') })
      : null;
  const billing = createBillingService({
    db,
    catalog,
    access,
    providers: { card, sandbox },
    ...(paypal ? { paypal } : {}),
    publicUrl: env.publicUrl,
    linkSecret,
    webhookSecret: sandboxHookSecret,
    events,
  });
  events.on('order.paid', async (order) => {
    inBackground('receipt', () => sendReceipt(order.id));
    inBackground('conversion', () => tracking.orderPaid(order));
  });
  const renewals = createRenewals({
    db,
    billing,
    provider: card,
    mailer,
    publicUrl: env.publicUrl,
    linkSecret,
    testMode: env.paymentMode === 'test',
    log,
  });
  if (env.demoCatalog) {
    // Seeded after the server listens: it answers at once, and episodes appear as their media is ready.
    const stopDemo = new AbortController();
    let demo: Promise<unknown> = Promise.resolve();
    app.addHook('onListen', async () => {
      demo = seedDemoCatalog({
        db,
        storage,
        onChange: () => catalog.invalidate(),
        log: (msg) => app.log.info(msg),
        signal: stopDemo.signal,
        episodesPerSeries: env.demoEpisodesPerSeries ?? undefined,
      }).catch((err: unknown) => app.log.error({ err }, 'demo catalog could not be prepared'));
    });
    app.addHook('onClose', async () => {
      stopDemo.abort();
      await demo;
    });
  }
  if (env.jobs) {
    const reconciler = createOrderReconciler({
      db,
      billing,
      provider: card,
      staleAfterMs: env.paymentReconcileAfterSeconds * 1000,
      log,
    });
    jobs.every('renewals', env.renewalIntervalSeconds * 1000, () => renewals.runOnce());
    jobs.every('payments-reconcile', env.renewalIntervalSeconds * 1000, () => reconciler.runOnce());
  }
  const errorReporter = await startErrorReporting(env.errorReporting);
  const tracking = createTrackingService({
    db,
    env: env.tracking,
    publicUrl: env.publicUrl,
    configList: () => settings.configList(),
    userEmail: async (userId) => (await accounts.getUser(userId)).email,
    log,
    // New conversions go out at once, not at the next tick.
    ...(env.jobs ? { deliverSoon: () => jobs.kick('conversions') } : {}),
  });
  if (env.jobs) {
    jobs.every('conversions', env.tracking.conversionsIntervalSeconds * 1000, () => tracking.deliverDue());
    jobs.every('conversions-sweep', 60_000, () => tracking.sweepMissedConversions());
    jobs.every('tracking-retention', 60 * 60 * 1000, () => tracking.prune());
    jobs.every('account-retention', 60 * 60 * 1000, () => purgeUnusedAccounts(db, env.guestRetentionDays));
    jobs.every('play-retention', 60 * 60 * 1000, () => plays.prune());
  }
  app.addHook('onClose', async () => {
    await backgroundDone();
    await tracking.idle();
    await errorReporter?.flush();
  });
  events.on('user.registered', async (user) => {
    await tracking
      .registered(user)
      .catch((err: unknown) => app.log.error({ err, userId: user.userId }, 'conversion not queued'));
  });
  // Progress reports count plays (after real playback); a failure to count never fails saving the viewer's place.
  const library = createLibraryService({
    db,
    catalog,
    access,
    onProgress: (p) =>
      plays
        .progressed(p.episodeId, p.userId, p.position, p.address)
        .catch((err: unknown) => app.log.warn({ err }, 'play not counted')),
  });
  events.on('user.merged', async ({ fromUserId, toUserId, trx }) => {
    await mergeLibrary(trx, fromUserId, toUserId);
    // Billing first: it returns coins spent on episodes both had unlocked, which it finds before the unlocks merge.
    await mergeBilling(trx, fromUserId, toUserId);
    await mergeCatalogData(trx, fromUserId, toUserId);
    await tracking.merge(trx, fromUserId, toUserId);
  });
  events.on('user.exporting', async ({ userId, add }) => {
    const lib = await exportLibrary(db, userId);
    const cat = await exportCatalogData(db, userId);
    add('favorites', lib.favorites);
    add('watchHistory', lib.history);
    add('unlocks', cat.unlocks);
    add('searches', cat.searches);
    const money = await exportBilling(db, userId);
    add('orders', money.orders);
    add('coins', money.coins);
    add('membership', money.membership);
    add('cards', money.cards);
    add('tracking', await tracking.exportData(userId));
  });
  const plays = createPlayCounter(db, {
    onError: (err) => app.log.warn({ err }, 'play counts not written yet'),
    // A start counts only for an episode the viewer may watch: the same rule as its keys.
    canWatch: (userId, episodeId) => access.canWatch(userId, episodeId),
  });
  // Play counts are batched on every instance, JOBS or not.
  jobs.every('play-counts', 2000, () => plays.flush());
  events.on('user.deleting', async ({ userId, trx }) => {
    // Rows keyed by the account without a foreign key; everything else goes with the account's cascades.
    await plays.forget(trx, userId);
  });
  app.addHook('onClose', async () => {
    await backgroundDone();
    await plays.stop();
    await bus.close();
    await limiter.close();
    mailer.close();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Episodic API',
        version: '1.0.0',
        description: 'Every answer is an envelope { code, message, data }; code 200 is success.',
      },
      servers: [{ url: env.publicUrl }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // First of the request checks: on the viewer host the console does not exist at all.
  const consoleOrigin = consoleOriginOf(env.consoleUrl);
  registerConsoleOrigin(app, consoleOrigin);
  registerCsrfGuard(app, { publicUrl: env.publicUrl, consoleUrl: env.consoleUrl });
  registerSecurityHeaders(app, {
    publicUrl: env.publicUrl,
    webDist: env.webDist,
    pixelScripts: env.tracking.scripts,
    configuredPixels: async () =>
      (await settings.configList()).list.filter((s) => s.config_value.trim() !== '').map((s) => s.config_key),
    extraConnect: [
      env.mediaPublicUrl,
      env.errorReporting?.dsn,
      process.env.VITE_SENTRY_DSN,
      process.env.VITE_SENTRY_SANDBOX_DSN,
    ].filter((u): u is string => Boolean(u)),
  });
  const operatorSessions = createOperatorSessions({ db, accounts });
  registerProtocol(app, {
    resolveSession: accounts.resolveSession,
    resolveOperator: operatorSessions.resolve,
    isDatabaseUnavailable,
    reportError: errorReporter?.capture,
  });
  // While shutting down, each answer still going out closes its connection, and connections that
  // fall idle meanwhile (a keep-alive client between two requests) are closed as they do: the server
  // stops as soon as the requests in flight are answered instead of waiting out keep-alive timers.
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  registerHealth(app, () => pingDatabase(db));
  // Before any /api/admin route exists: each one gets the admin check.
  guardAdminRoutes(app);

  const cookies = {
    secureByDefault: env.publicUrl.startsWith('https:'),
    maxAgeSeconds: env.sessionTtlDays * 24 * 60 * 60,
  };
  registerAccountsRoutes(app, accounts, cookies);
  registerOperatorSessionRoutes(app, operatorSessions, {
    ...cookies,
    secureByDefault: (env.consoleUrl ?? env.publicUrl).startsWith('https:'),
  });
  const facebook = env.facebook
    ? createFacebookSignIn(
        db,
        { ...env.facebook, redirectUri: `${env.publicUrl}/api/user/oauth/facebook/callback` },
        accounts,
      )
    : null;
  registerFacebookRoutes(app, facebook, cookies);
  registerSettingsRoutes(app, settings);
  registerPlaybackRoutes(app, playback);
  registerMediaFileRoutes(app, storage);
  registerCatalogRoutes(app, catalog, plays, limiter);
  registerLibraryRoutes(app, library);
  // Orders carry the user's attribution (first and last touch) besides the ordering request's click ids.
  const orderAttribution = (userId: string, clickIds: unknown) => tracking.orderAttribution(userId, clickIds);
  registerBillingRoutes(app, billing, sandbox, linkSecret, {
    stripe,
    paypal,
    mode: env.paymentMode,
    sandboxCards: !stripe,
    publicUrl: env.publicUrl,
    orderAttribution,
  });
  registerTrackingRoutes(app, tracking, limiter);
  registerSupportRoutes(app, { db, mailer, limiter, supportEmail: env.supportEmail });
  registerAdminRoutes(app, {
    db,
    storage,
    invalidateCatalog: () => catalog.invalidate(),
    invalidateSettings: () => settings.invalidate(),
    mediaUrl: (key) => playback.mediaUrl(key),
    refundOrder: billing.refundOrder,
    env,
    mailTransport: mailer.kind,
    log,
    jobs,
  });

  await registerSpa(app, { webDist: env.webDist, adminDist: env.adminDist, hosts: consoleOrigin });
  app.decorate('services', { settings, catalog, billing, tracking });
  app.decorate('jobs', jobs);
  events.assertHandled();
  return app;
}
