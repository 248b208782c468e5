import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCookie from '@fastify/cookie';
import { EnvelopeCode } from '@episodic/contract';
import type { Env } from './env';
import type { Database } from './db/connection';
import { createStorage, type StorageDriver } from './media/index';
import { clientErrorHandler } from './http/client-errors';
import { sendErrorEnvelope } from './http/envelope';
import { registerCompression } from './http/compression';
import { requestLogger } from './http/request-logger';
import type { AppInstance } from './http/types';
import { openapiPlugin, protocolPlugin, requestGuardsPlugin, securityHeadersPlugin, spaPlugin } from './http/plugins';
import { corePlugin } from './core.plugin';
import { settingsPlugin, type SettingsService } from './modules/settings/index';
import { trackingPlugin, type TrackingService } from './modules/tracking/index';
import { accessPlugin } from './modules/access/index';
import { playbackPlugin } from './modules/playback/index';
import { catalogPlugin, type CatalogService } from './modules/catalog/index';
import { libraryPlugin } from './modules/library/index';
import { billingPlugin, type BillingService } from './modules/billing/index';
import { accountsPlugin } from './modules/accounts/index';
import { supportPlugin } from './modules/support/index';
import { adminPlugin } from './modules/admin/index';

import { rewardsPlugin } from './modules/rewards/index';

export interface AppOptions {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Media storage; by default the one the environment configures. */
  storage?: StorageDriver;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
// A request's own id when it brings none: this process's random prefix and a counter, unique across
// instances without a random draw per request.
const REQUEST_ID_PREFIX = randomBytes(6).toString('base64url');
let requestCount = 0;

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

/** The services tests and operator tools drive directly (each module also decorates the app with its own). */
export interface AppServices {
  settings: SettingsService;
  catalog: CatalogService;
  billing: BillingService;
  tracking: TrackingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * The composition root: the infrastructure plugins, then one plugin per module, each after the
 * modules it asks (its `dependencies`: a missing one fails the start). Questions between modules go
 * to the service a module decorates the app with, in one direction; effects go through the event bus.
 */
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
    childLoggerFactory: requestLogger,
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
    // Addresses the router cannot even read (bad percent-encoding, an over-long parameter) get a 400
    // envelope like any other bad request.
    frameworkErrors: (_err, _req, reply) =>
      sendErrorEnvelope(reply, 400, EnvelopeCode.badRequest, 'invalid_address', 'The address is not valid.'),
    clientErrorHandler,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming)
        ? incoming
        : `${REQUEST_ID_PREFIX}-${(++requestCount).toString(36)}`;
    },
    ajv: { customOptions: { allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Infrastructure: environment, database, event bus, job runner, caches, mail; then HTTP.
  await app.register(corePlugin, { env, database, storage });
  await app.register(fastifyCookie);
  await registerCompression(app);
  await app.register(openapiPlugin);
  await app.register(requestGuardsPlugin);
  await app.register(protocolPlugin);

  // Modules, each after those it asks; the security headers after the settings (the CSP names the pixels set there).
  await app.register(settingsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(trackingPlugin);
  await app.register(accessPlugin);
  await app.register(playbackPlugin);
  await app.register(catalogPlugin);
  await app.register(libraryPlugin);
  await app.register(billingPlugin);
  await app.register(rewardsPlugin);
  await app.register(accountsPlugin);
  await app.register(supportPlugin);
  await app.register(adminPlugin);
  await app.register(spaPlugin);

  app.decorate('services', {
    settings: app.settings,
    catalog: app.catalog,
    billing: app.billing,
    tracking: app.tracking,
  });
  // Every event a module emits has a handler, or the start fails here.
  app.events.assertHandled();
  return app;
}
