import type { AdminAuditEntry, AdminDashboard, AdminEpisode, AdminOrder, AdminSeries, AdminSettings, AdminUser } from '@episodic/contract';

export const dashboard: AdminDashboard = {
  from: '2026-11-01',
  to: '2026-11-03',
  currency: 'USD',
  totals: { plays: 1234, newVisitors: 300, newAccounts: 42, payingUsers: 7, revenue: 12345, refunds: 499, paidOrders: 9, newMemberships: 3, renewals: 2, failedRenewals: 1, cancellations: 1, activeMemberships: 17 },
  days: [
    { day: '2026-11-01', plays: 400, newVisitors: 100, newAccounts: 10, payingUsers: 2, revenue: 4000, renewals: 1, cancellations: 0 },
    { day: '2026-11-02', plays: 434, newVisitors: 100, newAccounts: 12, payingUsers: 3, revenue: 5345, renewals: 1, cancellations: 1 },
    { day: '2026-11-03', plays: 400, newVisitors: 100, newAccounts: 20, payingUsers: 2, revenue: 3000, renewals: 0, cancellations: 0 },
  ],
  sources: [
    { source: 'fbclid', conversions: 4, revenue: 5996 },
    { source: 'ttclid', conversions: 2, revenue: 1798 },
    { source: 'referrer', conversions: 1, revenue: 899 },
    { source: 'organic', conversions: 1, revenue: 299 },
  ],
  renewalRevenue: 2998,
};

export const episode = (over: Partial<AdminEpisode> = {}): AdminEpisode => ({
  id: 101,
  seriesId: 7,
  number: 1,
  status: 'published',
  free: true,
  unlockCost: 50,
  duration: 92,
  mediaStatus: 'ready',
  mediaError: null,
  thumbnail: null,
  titles: { en: 'The will' },
  playCount: 12,
  unlocks: 0,
  job: null,
  ...over,
});

export const series: AdminSeries = {
  id: 7,
  title: 'Midnight Heiress',
  status: 'draft',
  visible: false,
  cover: null,
  episodes: 2,
  publishedEpisodes: 1,
  readyEpisodes: 1,
  playCount: 12,
  tags: [{ id: 1, name: 'Romance' }],
  publishedAt: null,
  updatedAt: '2026-11-02T10:00:00.000Z',
  texts: { en: { title: 'Midnight Heiress', synopsis: 'She inherits a hotel.' }, es: { title: 'La heredera', synopsis: '' } },
  banner: null,
  accentColor: '#c0392b',
  seriesPrice: null,
  tagIds: [1],
  createdAt: '2026-11-01T10:00:00.000Z',
  episodeList: [episode(), episode({ id: 102, number: 2, status: 'draft', free: false, mediaStatus: 'none', titles: {}, playCount: 0 })],
};

export const order = (over: Partial<AdminOrder> = {}): AdminOrder => ({
  id: '6b0f3f3e-8f7e-4a53-9d5f-2f4c8f0f1a11',
  user: { id: '0d6f7a32-1c2b-4d5e-8f90-123456789abc', email: 'buyer@episodic.test', isGuest: false },
  planId: 'coins-1000',
  planName: '1,000 coins',
  kind: 'coins',
  purpose: 'purchase',
  amount: 899,
  currency: 'USD',
  status: 'paid',
  provider: 'sandbox',
  providerRef: 'ch_123',
  card: 'visa •••• 4242',
  failureReason: null,
  attribution: { source: 'fbclid', fbclid: 'IwAR-1', ttclid: null, refererToken: null },
  createdAt: '2026-11-02T10:00:00.000Z',
  paidAt: '2026-11-02T10:01:00.000Z',
  refund: null,
  ...over,
});

export const user: AdminUser = {
  id: '0d6f7a32-1c2b-4d5e-8f90-123456789abc',
  email: 'buyer@episodic.test',
  role: 'viewer',
  isGuest: false,
  language: 'en',
  createdAt: '2026-10-01T10:00:00.000Z',
  lastSeenAt: '2026-11-02T10:00:00.000Z',
  disabledAt: null,
  coins: 250,
  member: false,
  paidOrders: 1,
  membership: { active: false, planId: null, status: null, endsAt: null, autoRenew: false, cancelledAt: null },
  activeSessions: 2,
  favorites: 3,
  orders: [order()],
  ledger: [{ id: 1, delta: 1000, kind: 'purchase', reason: null, orderId: order().id, episodeId: null, at: '2026-11-02T10:01:00.000Z' }],
  unlocks: [{ episodeId: 101, seriesId: 7, seriesTitle: 'Midnight Heiress', episodeNumber: 4, source: 'coins', at: '2026-11-02T11:00:00.000Z' }],
  history: [{ seriesId: 7, seriesTitle: 'Midnight Heiress', episodeId: 101, episodeNumber: 4, position: 42, finished: false, at: '2026-11-02T12:00:00.000Z' }],
  attribution: { firstSource: 'fbclid', touches: [{ source: 'fbclid', fbclid: 'IwAR-1', ttclid: null, refererToken: null, orderId: order().id, at: '2026-11-02T10:00:00.000Z' }] },
};

export const settings: AdminSettings = {
  config: [
    { key: 'facebook_pixel_id', value: '', known: true, description: 'Facebook (Meta) pixel id.', updatedAt: '2026-11-01T10:00:00.000Z' },
    { key: 'support_chat_url', value: 'https://chat.example.com', known: false, description: 'Read by the apps.', updatedAt: '2026-11-01T10:00:00.000Z' },
  ],
  mail: { transport: 'outbox', from: 'Episodic <no-reply@episodic.local>', server: null, outbox: '/data/outbox', outboxMessages: 3, supportEmail: null },
  payments: [{ id: 'sandbox', name: 'Built-in sandbox processor', methods: ['card'], status: 'test', detail: 'Test cards only.', lastPaymentAt: null, paidLast30Days: 0 }],
};

export const auditEntry = (over: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
  id: 9,
  at: '2026-11-02T10:00:00.000Z',
  actor: { id: 'a-1', email: 'ops@episodic.test' },
  action: 'plan.update',
  targetType: 'plan',
  targetId: 'monthly',
  summary: 'Edited the plan monthly (price 1499 → 1299)',
  before: { price: 1499, active: true },
  after: { price: 1299, active: true },
  reason: null,
  ...over,
});
