import { loadEnv } from '../env';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { runCli } from './run-cli';

runCli(async () => {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    poolSize: 1,
    connectTimeoutMs: env.dbConnectTimeoutMs,
  });
  try {
    const applied = await migrateToLatest(database.db as never);
    console.log(
      applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.',
    );
  } finally {
    await database.close();
  }
});
