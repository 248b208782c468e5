import { loadEnv, EnvError, consoleOriginWarning, consoleStartProblem, paymentStartProblem, redact } from './env';
import { openDatabase } from './db/connection';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const refusal = paymentStartProblem(env) ?? consoleStartProblem(env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }

  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    poolSize: env.databasePoolSize,
    connectTimeoutMs: env.dbConnectTimeoutMs,
    onPoolError: (err) => started.app?.log.warn({ err: { message: err.message } }, 'database connection lost'),
  }).catch((err: unknown) => {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  const started: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  try {
    await migrateToLatest(database.db as never);
  } catch (err) {
    console.error(
      `Could not prepare the database (${database.kind === 'postgres' && env.databaseUrl ? redact(env.databaseUrl) : env.dataDir}): ${(err as Error).message}`,
    );
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  const server = await buildApp({ env, database });
  started.app = server;
  const sharedConsole = consoleOriginWarning(env);
  if (sharedConsole) server.log.warn(sharedConsole);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      server.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, env.shutdownTimeoutMs);
    force.unref();
    try {
      await server.close();
      server.log.info('requests finished; closing the database');
      await database.close();
      server.log.info('stopped');
      process.exit(0);
    } catch (err) {
      server.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await server.listen({ port: env.port, host: env.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${env.port} is already in use: stop the other server or set PORT.`
        : `Could not start: ${(err as Error).message}`,
    );
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  server.log.info({ url: env.publicUrl, database: database.kind }, 'Episodic is serving');
}

void main();
