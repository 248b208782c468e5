import path from 'node:path';
import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Env } from './env';
import type { Database } from './db/connection';
import type { DB } from './db/schema';
import { configureMediaTools, type StorageDriver } from './media/index';
import { createLocalBus, createRedisBus, type InvalidationBus } from './cache/invalidation-bus';
import { createRateLimiter, type RateLimiter } from './cache/rate-limiter';
import { createMailer, type Mailer } from './mail/mailer';
import { EventBus } from './events';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { startErrorReporting, type ErrorReporter } from './error-reporting';
import { encodeKeys } from './db/write-watch';

/**
 * Work a request starts that outlives its answer (a receipt, a provider's event, a conversion): its
 * failure is logged, never fatal, and shutdown waits for it before the database and the mailer close.
 */
export interface Background {
  run(what: string, task: () => Promise<unknown>): void;
  /** Settles once no background work is left (work started meanwhile is waited for too). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Kysely<DB>;
    /** Cross-module effects (events.ts); `buildApp` asserts every emitted event has a handler. */
    events: EventBus;
    /** Every recurring task of this instance (tests run one with `jobs.run(name)` instead of waiting). */
    jobs: JobRunner;
    /** Cache invalidation across instances (Redis with REDIS_URL, else this process only). */
    bus: InvalidationBus;
    /**
     * True when committed writes to sessions, users, coins, memberships, plans, unlocks and favorites
     * are announced on the bus's `sessions` channel (keys encoded by db/write-watch.ts): what makes
     * caching sessions and the signed-in lists' personalisation safe.
     */
    sessionWritesAnnounced: boolean;
    limiter: RateLimiter;
    mailer: Mailer;
    storage: StorageDriver;
    background: Background;
    errorReporter: ErrorReporter | null;
  }
}

export interface CoreOptions {
  env: Env;
  database: Database;
  storage: StorageDriver;
}

/** An info line with data, the shape the services' `log` option takes. */
export function infoLog(app: { log: { info(data: object, msg: string): void } }) {
  return (msg: string, data?: Record<string, unknown>) => app.log.info(data ?? {}, msg);
}

/**
 * What every module stands on: the environment, the database, the event bus, the one job runner
 * (started once the app is ready), the invalidation bus, the rate limiter, the mailer, media storage,
 * background work and error reporting. Closed last: after every module's own onClose.
 */
const core: FastifyPluginAsyncTypebox<CoreOptions> = async (app, { env, database, storage }) => {
  const jobs = createJobRunner({ onError: (task, err) => app.log.error({ err, task }, 'scheduled task failed') });
  const running = new Set<Promise<unknown>>();
  const background: Background = {
    run(what, task) {
      const run: Promise<unknown> = task()
        .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
  const bus = env.redisUrl
    ? createRedisBus(env.redisUrl, (err) => app.log.warn({ err: { message: err.message } }, 'redis'))
    : createLocalBus();
  const limiter = createRateLimiter(env.redisUrl);
  const stopWatching = database.writes?.listen((keys) => bus.publish('sessions', encodeKeys(keys)));
  const mailer = createMailer({
    mailUrl: env.mailUrl,
    from: env.mailFrom,
    outboxDir: path.join(env.dataDir, 'outbox'),
    log: (msg, data) => app.log.info(data, msg),
  });
  configureMediaTools(env);
  const errorReporter = await startErrorReporting(env.errorReporting);

  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('events', new EventBus());
  app.decorate('jobs', jobs);
  app.decorate('bus', bus);
  app.decorate('sessionWritesAnnounced', Boolean(database.writes));
  app.decorate('limiter', limiter);
  app.decorate('mailer', mailer);
  app.decorate('storage', storage);
  app.decorate('background', background);
  app.decorate('errorReporter', errorReporter);

  app.addHook('onReady', async () => {
    // Other instances' invalidations reach this one from its first request (a revoked session included);
    // a Redis that is down does not hold the start for long.
    await Promise.race([bus.ready(), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    jobs.start();
  });
  // onClose hooks run last-registered first: this one, registered before any module's, runs after theirs.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await background.idle();
    await errorReporter?.flush();
    stopWatching?.();
    await bus.close();
    await limiter.close();
    mailer.close();
  });
};

export const corePlugin = fp(core, { name: 'core', fastify: '5.x' });
