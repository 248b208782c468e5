import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createSettingsService, type SettingsService } from './settings.service';
import { registerSettingsRoutes } from './settings.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration list the apps read. */
    settings: SettingsService;
  }
}

/** The configuration list, with how the browser runs tracking (the environment's consent mode and pixel scripts). */
const settings: FastifyPluginAsyncTypebox = async (app) => {
  const { consentMode, scripts } = app.env.tracking;
  const service = createSettingsService({ db: app.db, bus: app.bus, tracking: { consentMode, scripts } });
  app.decorate('settings', service);
  registerSettingsRoutes(app, service);
};

export const settingsPlugin = fp(settings, { name: 'settings', dependencies: ['core'] });
