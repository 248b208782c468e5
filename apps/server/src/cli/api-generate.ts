// Writes the OpenAPI document the server publishes (/api/openapi.json) and the typed client's types
// into packages/api-client: `npm run api:generate`. A test fails when the committed files drift.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderApiFiles } from '@episodic/api-client/render';
import { buildApp } from '../app';
import { openPglite } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { loadEnv } from '../env';
import { runCli } from './run-cli';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/api-client');

runCli(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-openapi-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'web'),
    ADMIN_DIST: path.join(dataDir, 'admin'),
  });
  const database = await openPglite('memory://');
  try {
    await migrateToLatest(database.db as never);
    const app = await buildApp({ env, database, logger: false });
    await app.ready();
    const files = await renderApiFiles(app.swagger());
    await app.close();
    for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(clientDir, name), text);
    console.log(`Wrote ${Object.keys(files).join(' and ')} in packages/api-client.`);
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
