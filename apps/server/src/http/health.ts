import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers too). */
export function registerHealth(app: FastifyInstance, ping: () => Promise<void>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2000).unref()),
      ]);
      return { status: 'ok' };
    } catch (err) {
      req.log.warn({ err: { message: (err as Error).message } }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
