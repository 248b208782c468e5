import { loadEnv } from '../env';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createAccountsService } from '../modules/accounts/index';
import { argValue, runCli } from './run-cli';

const USAGE =
  'usage: npm run admin:create -- --email someone@example.com [--password secret] (or ADMIN_PASSWORD in the environment)';

runCli(async () => {
  const args = process.argv.slice(2);
  const email = argValue(args, 'email');
  if (!email) throw new Error(USAGE);
  const password = argValue(args, 'password') ?? process.env.ADMIN_PASSWORD ?? null;
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    poolSize: 1,
    connectTimeoutMs: env.dbConnectTimeoutMs,
  });
  try {
    await migrateToLatest(database.db as never);
    const accounts = createAccountsService({ db: database.db, sessionTtlDays: env.sessionTtlDays });
    const user = await accounts.createAdmin(email, password);
    console.log(
      `${user.email} is an owner of the console${password ? ' (password set)' : user.password_hash ? '' : ' — no password yet: run again with --password'}.`,
    );
  } finally {
    await database.close();
  }
});
