import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { corePlugin } from '../src/core.plugin';
import { protocolPlugin, requestGuardsPlugin } from '../src/http/plugins';
import { createStorage } from '../src/media/index';
import { settingsPlugin } from '../src/modules/settings/index';
import { accessPlugin } from '../src/modules/access/index';
import { playbackPlugin } from '../src/modules/playback/index';
import { catalogPlugin } from '../src/modules/catalog/index';
import { billingPlugin } from '../src/modules/billing/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the module plugins', () => {
  it('decorate the app with each module service', () => {
    for (const name of [
      'settings',
      'tracking',
      'access',
      'playback',
      'catalog',
      'plays',
      'library',
      'billing',
      'accounts',
    ])
      expect(t.app.hasDecorator(name), name).toBe(true);
  });

  it('refuse to start a module before one it asks', async () => {
    const app = Fastify({ logger: false });
    await app.register(corePlugin, { env: t.env, database: t.database, storage: createStorage(t.env.storage) });
    await app.register(requestGuardsPlugin);
    await app.register(protocolPlugin);
    for (const plugin of [settingsPlugin, accessPlugin, playbackPlugin, catalogPlugin]) await app.register(plugin);
    // Billing asks tracking for an order's attribution: without the tracking plugin the start fails.
    await expect(app.register(billingPlugin)).rejects.toThrow(
      "The dependency 'tracking' of plugin 'billing' is not registered",
    );
    await app.close().catch(() => undefined);
  });
});
