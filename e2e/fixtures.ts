import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, type BrowserContext, type Page, type WorkerFixture } from '@playwright/test';
import { startServer } from './server-process';

export { expect } from '@playwright/test';
export { ADMIN_EMAIL, ADMIN_PASSWORD } from './global-setup';

/** The server a journey talks to: its address, and how to stop it when it is the file's own. */
export interface AppServer {
  url: string;
  /** The data folder, when the server is the file's own. */
  dataDir?: string;
  /** Stops the file's own server (its exit code); the shared one is left to the global teardown. */
  stop(): Promise<number | null>;
}

/** A phone of its own: a browser context, its page, and the page's uncaught errors. */
export interface Phone {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

interface WorkerFixtures {
  /**
   * The server of the worker's journeys: the shared one the global setup started (demo catalog,
   * operator account). A file that needs another configuration overrides it with `ownServer`.
   */
  appServer: AppServer;
}

interface TestFixtures {
  /** Uncaught errors of the `page` fixture's page. */
  pageErrors: Error[];
  /** Opens one more phone (iPhone 13, touch, on `baseURL`), in a context of its own, closed after the test. */
  openPhone: () => Promise<Phone>;
}

/** The address of the server the global setup started. */
export function sharedServerUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys with e2e/playwright.config.ts');
  return url;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  appServer: [
    async ({}, use) => {
      await use({ url: sharedServerUrl(), stop: () => Promise.resolve(null) });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
  pageErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, pageErrors }, use) => {
    page.on('pageerror', (error) => pageErrors.push(error));
    await use(page);
  },
  openPhone: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // Inside a test a new context takes the configured options: the phone, and `baseURL`.
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      return { context, page, errors };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/**
 * Runs `use` with a server of the file's own: started with `env` on a fresh data folder (`prepare` may
 * fill the folder first), stopped and the folder removed afterwards. For a worker fixture whose
 * environment depends on other fixtures; `ownServer` is the plain case.
 */
export async function withOwnServer(
  env: Record<string, string>,
  use: (server: AppServer) => Promise<void>,
  prepare?: (dataDir: string) => Promise<void>,
): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-e2e-'));
  try {
    await prepare?.(dataDir);
    const server = await startServer(env, dataDir);
    await use({ url: server.url, dataDir, stop: () => server.stop() });
    await server.stop();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Worker fixtures that start servers wait for them longer than a test. */
export const SERVER_FIXTURE = { scope: 'worker', timeout: 180_000 } as const;

/** An `appServer` override. */
export type ServerFixture = [WorkerFixture<AppServer, object>, typeof SERVER_FIXTURE];

/** The `appServer` override of a file that needs a server of its own, started with `env`. */
export function ownServer(env: Record<string, string>, prepare?: (dataDir: string) => Promise<void>): ServerFixture {
  return [async ({}, use) => withOwnServer(env, use, prepare), SERVER_FIXTURE];
}
