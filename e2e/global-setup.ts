import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, runNode, startServer } from './server-process';

export const ADMIN_EMAIL = 'operator@episodic.test';
/** The shared server's demo catalog: 14 series, the first 6 episodes of each (enough for free and locked ones). */
export const DEMO_EPISODES_PER_SERIES = 6;
const DEMO_SERIES = 14;

/** Waits until every demo episode is packaged and listed (the server seeds them in the background). */
async function waitForDemo(url: string, timeoutMs = 8 * 60_000): Promise<void> {
  const expected = DEMO_SERIES * DEMO_EPISODES_PER_SERIES;
  const deadline = Date.now() + timeoutMs;
  let ready = 0;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/api/video?page=1&pageSize=50`).catch(() => null);
    const body = res ? ((await res.json()) as { data?: { items?: { episodeCount: number }[] } }) : null;
    ready = (body?.data?.items ?? []).reduce((sum, s) => sum + s.episodeCount, 0);
    if (ready >= expected) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`the demo catalog was not ready in time (${ready}/${expected} episodes)`);
}
export const ADMIN_PASSWORD = 'operator-password-1';

/**
 * One built server for the browser journeys, on a fresh data folder with an operator account. Its
 * address reaches the test workers as E2E_BASE_URL (the `appServer` fixture reads it).
 */
export default async function setup() {
  // A server already running with this setup (E2E_BASE_URL set by hand) is used as it is.
  if (process.env.E2E_BASE_URL) return;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-e2e-'));
  // Serve a snapshot of the built apps: a rebuild while the journeys run (npm run dev, another
  // terminal) must not pull hashed assets from under the pages being tested.
  const snapshot = path.join(dataDir, 'apps');
  await fs.cp(path.join(repoRoot, 'apps/web/dist'), path.join(snapshot, 'web'), { recursive: true });
  await fs.cp(path.join(repoRoot, 'apps/admin/dist'), path.join(snapshot, 'admin'), { recursive: true });
  process.env.E2E_WEB_DIST = path.join(snapshot, 'web');
  process.env.E2E_ADMIN_DIST = path.join(snapshot, 'admin');
  const admin = runNode(
    path.join(repoRoot, 'apps/server/dist/create-admin.js'),
    ['--email', ADMIN_EMAIL, '--password', ADMIN_PASSWORD],
    { DATA_DIR: dataDir },
  );
  if ((await admin.exited) !== 0) throw new Error(`create-admin failed:\n${admin.output()}`);
  const server = await startServer(
    {
      DEMO_CATALOG: 'true',
      DEMO_EPISODES_PER_SERIES: String(DEMO_EPISODES_PER_SERIES),
      // Landing documents always carry their answers, however busy the machine running the journeys is;
      // the journeys that need the other path take the answers out (`withoutLandingData`).
      LANDING_DATA_BUDGET_MS: '3000',
    },
    dataDir,
  );
  const started = Date.now();
  try {
    await waitForDemo(server.url);
  } catch (error) {
    // No teardown runs after a failed setup: the server and its folder go now, not left running.
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`[e2e] demo catalog ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    const code = await server.stop();
    if (code !== 0) console.error(`server exited with ${code}:\n${server.output()}`);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
