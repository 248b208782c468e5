import { lazySharedSecret } from '../src/db/secrets';
import { createLocalBus } from '../src/cache/invalidation-bus';
import { createBillingService, createSandboxProvider } from '../src/modules/billing/index';
import { createAccessService } from '../src/modules/access/index';
import { createCatalogService } from '../src/modules/catalog/index';
import type { EventBus } from '../src/events';
import type { TestApp } from './test-app';

/**
 * A second, independent set of billing services on the test app's database: another server instance
 * (for example one starting after a crash). Its sandbox card provider delivers no webhooks: the process
 * that would have applied them is gone.
 */
export function billingInstance(t: TestApp, { events }: { events?: EventBus } = {}) {
  const db = t.database.db;
  const publicUrl = 'http://episodic.test';
  const access = createAccessService({ db });
  const catalog = createCatalogService({
    db,
    bus: createLocalBus(),
    mediaUrl: (k) => k,
    episodeMedia: async () => ({
      playable: false,
      hls: null,
      poster: null,
      thumbnail: null,
      subtitles: [],
      start: null,
    }),
    access,
  });
  const hookSecret = lazySharedSecret(db, 'sandbox-webhook');
  const sandbox = createSandboxProvider({ db, publicUrl, webhookSecret: hookSecret, deliver: async () => undefined });
  const billing = createBillingService({
    db,
    catalog,
    access,
    providers: { card: sandbox },
    publicUrl,
    linkSecret: lazySharedSecret(db, 'links'),
    webhookSecret: hookSecret,
    events,
  });
  return { db, sandbox, billing };
}
