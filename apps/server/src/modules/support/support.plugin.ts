import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerSupportRoutes } from './support.routes';

/** The contact form: it stands alone. */
const support: FastifyPluginAsyncTypebox = async (app) => {
  registerSupportRoutes(app, {
    db: app.db,
    mailer: app.mailer,
    limiter: app.limiter,
    supportEmail: app.env.supportEmail,
  });
};

export const supportPlugin = fp(support, { name: 'support', dependencies: ['core'] });
