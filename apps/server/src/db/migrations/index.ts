import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-catalog';
import * as m0003 from './0003-library';
import * as m0004 from './0004-accounts';
import * as m0005 from './0005-system-state';
import * as m0006 from './0006-billing';
import * as m0007 from './0007-support';
import * as m0008 from './0008-tracking';
import * as m0009 from './0009-admin';
import * as m0010 from './0010-identity';
import * as m0012 from './0012-plays-and-retention';
import * as m0013 from './0013-operator-sessions';
import * as m0014 from './0014-agreed-prices';
import * as m0015 from './0015-buyer-email';
import * as m0016 from './0016-quick-purchase';
import * as m0017 from './0017-stripe-customers';
import * as m0018 from './0018-rewards';
import * as m0019 from './0019-likes-and-search-trends';
import * as m0020 from './0020-live-replacements';
import * as m0021 from './0021-refund-rewards';
import * as m0022 from './0022-partial-refunds';
import * as m0023 from './0023-archive';
import * as m0024 from './0024-operator-roles';
import * as m0025 from './0025-order-search';
import * as m0026 from './0026-contact-inbox';
import * as m0028 from './0028-scale-indexes';
import * as m0029 from './0029-dashboard-counters';
import * as m0030 from './0030-visible-episodes-index';
import * as m0032 from './0032-email-fragment-index';
import * as m0033 from './0033-refund-keys-and-reply-queue';
import * as m0034 from './0034-order-terms';
import * as m0035 from './0035-series-details-version';

/** Every migration in order. Listed by hand so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-catalog': m0002,
  '0003-library': m0003,
  '0004-accounts': m0004,
  '0005-system-state': m0005,
  '0006-billing': m0006,
  '0007-support': m0007,
  '0008-tracking': m0008,
  '0009-admin': m0009,
  '0010-identity': m0010,
  '0012-plays-and-retention': m0012,
  '0013-operator-sessions': m0013,
  '0014-agreed-prices': m0014,
  '0015-buyer-email': m0015,
  '0016-quick-purchase': m0016,
  '0017-stripe-customers': m0017,
  '0018-rewards': m0018,
  '0019-likes-and-search-trends': m0019,
  '0020-live-replacements': m0020,
  '0021-refund-rewards': m0021,
  '0022-partial-refunds': m0022,
  '0023-archive': m0023,
  '0024-operator-roles': m0024,
  '0025-order-search': m0025,
  '0026-contact-inbox': m0026,
  '0028-scale-indexes': m0028,
  '0029-dashboard-counters': m0029,
  '0030-visible-episodes-index': m0030,
  '0032-email-fragment-index': m0032,
  '0033-refund-keys-and-reply-queue': m0033,
  '0034-order-terms': m0034,
  '0035-series-details-version': m0035,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
