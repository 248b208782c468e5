import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { isDatabaseUnavailable, pingDatabase } from '../db/connection';
import { registerProtocol } from './protocol';
import { registerCsrfGuard } from './csrf';
import { consoleOriginOf, registerConsoleOrigin } from './console-origin';
import { registerSecurityHeaders, stripeOrigins } from './security-headers';
import { registerHealth } from './health';
import { registerSpa } from './spa';
import { landingData, landingDataTag } from './landing-data';
import { carriesInlinePlayer, inlinePlayer } from './inline-player';
import { guardAdminRoutes } from './admin-guard';

/** The published OpenAPI document (`/api/openapi.json`) and its viewer (`/api/docs`). */
const openapi: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Episodic API',
        version: '1.0.0',
        description: 'Every answer is an envelope { code, message, data }; code 200 is success.',
      },
      servers: [{ url: app.env.publicUrl }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
export const openapiPlugin = fp(openapi, { name: 'openapi', dependencies: ['core'] });

/**
 * The request checks before any route's own: on the viewer host the console does not exist at all
 * (first of them), then the CSRF rules.
 */
const requestGuards: FastifyPluginAsyncTypebox = async (app) => {
  registerConsoleOrigin(app, consoleOriginOf(app.env.consoleUrl));
  registerCsrfGuard(app, { publicUrl: app.env.publicUrl, consoleUrl: app.env.consoleUrl });
};
export const requestGuardsPlugin = fp(requestGuards, { name: 'request-guards', dependencies: ['core'] });

/**
 * The API protocol (context, envelopes, errors, logging), a shutdown that closes connections as
 * their answers go out, the health checks, and the admin guard every later /api/admin route gets.
 * Before any module: routes take the error handler there is when they are added.
 */
const protocol: FastifyPluginAsyncTypebox = async (app) => {
  // While shutting down, each answer still going out closes its connection (the protocol's onSend
  // hook adds the header), and connections that fall idle meanwhile (a keep-alive client between two
  // requests) are closed as they do: the server stops as soon as the requests in flight are answered
  // instead of waiting out keep-alive timers.
  let closing = false;
  registerProtocol(app, { isDatabaseUnavailable, reportError: app.errorReporter?.capture, closing: () => closing });
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  registerHealth(app, () => pingDatabase(app.db));
  // Before any /api/admin route exists: each one gets the admin check.
  guardAdminRoutes(app);
};
export const protocolPlugin = fp(protocol, { name: 'protocol', dependencies: ['core', 'request-guards'] });

/** Security headers; the viewer app's CSP names the pixels the configuration list sets. */
const securityHeaders: FastifyPluginAsyncTypebox = async (app) => {
  const { env, settings } = app;
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
    processor: env.stripe ? stripeOrigins(env.stripe) : null,
  });
};
export const securityHeadersPlugin = fp(securityHeaders, {
  name: 'security-headers',
  dependencies: ['core', 'settings'],
});

/** The two apps' files and their history fallback (with landing pages' first answers), after every API route. */
const spa: FastifyPluginAsyncTypebox = async (app) => {
  const { env } = app;
  await registerSpa(app, {
    webDist: env.webDist,
    adminDist: env.adminDist,
    hosts: consoleOriginOf(env.consoleUrl),
    landing: async (req) => {
      const data = await landingData(app, req, env.landingBudgetMs);
      if (!data) return null;
      const player = carriesInlinePlayer(req, data) ? inlinePlayer(env.webDist) : null;
      return {
        block: landingDataTag(player ? { ...data, player: 'inline' } : data),
        script: player?.tag ?? '',
      };
    },
  });
};
export const spaPlugin = fp(spa, { name: 'spa', dependencies: ['core', 'protocol'] });
