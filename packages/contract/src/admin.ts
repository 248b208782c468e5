import { Type, type Static, type TSchema } from 'typebox';
import { OrderStatusSchema, PlanKindSchema } from './billing';
import { ORDER_STATUSES } from './constants';

/**
 * The operator console's API (`/api/admin/*`): payloads and answers. Every call needs an admin
 * session; every change is recorded in the audit log.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/**
 * A nullable input: null clears the value. (The console's bodies are validated without type
 * coercion, which would otherwise turn a null into 0.)
 */
const NullableInput = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
/** One optional value per interface language. */
const PerLanguage = <T extends TSchema>(schema: T) =>
  Type.Object({
    en: Type.Optional(schema),
    es: Type.Optional(schema),
    fy: Type.Optional(schema),
    dy: Type.Optional(schema),
    pt: Type.Optional(schema),
  });

export const ADMIN_LIMITS = {
  title: 200,
  synopsis: 4000,
  tagName: 80,
  sectionTitle: 120,
  planName: 80,
  planDescription: 500,
  reason: 500,
  configValue: 2000,
  maxUnlockCost: 100_000,
  maxSeriesPrice: 1_000_000,
  maxGrantCoins: 1_000_000,
  maxGrantDays: 3650,
  maxPrice: 100_000_00,
  coverBytes: 8 * 1024 * 1024,
  videoBytes: 4 * 1024 * 1024 * 1024,
} as const;

/** Lower-case letters, digits and hyphens: tag, section and plan ids. */
export const ADMIN_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const ADMIN_CONFIG_KEY_PATTERN = '^[a-z][a-z0-9_]{0,99}$';

/** A database id (a positive 32-bit integer). */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const AdminPageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

const AdminPageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    hasMore: Type.Boolean(),
    total: Type.Integer(),
  });

export interface AdminPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  total: number;
}

// ---------------------------------------------------------------- audit log

export const AdminAuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: DateTime,
  actor: Type.Object({ id: Nullable(Type.String()), email: Nullable(Type.String()) }),
  /** What was done, `<target>.<verb>`: `series.update`, `order.refund`, `user.disable`, … */
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  summary: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Nullable(Type.String()),
});
export type AdminAuditEntry = Static<typeof AdminAuditEntrySchema>;
export const AdminAuditPageSchema = AdminPageOf(AdminAuditEntrySchema);

export const AdminAuditQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  action: Type.Optional(Type.String({ maxLength: 60 })),
  targetType: Type.Optional(Type.String({ maxLength: 40 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  actor: Type.Optional(Type.String({ maxLength: 254 })),
});

// ---------------------------------------------------------------- content

export const AdminMediaStatusSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type AdminMediaStatus = Static<typeof AdminMediaStatusSchema>;
export const AdminPublishStatusSchema = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
export type AdminPublishStatus = Static<typeof AdminPublishStatusSchema>;

export const AdminSeriesTextSchema = Type.Object({
  title: Type.String({ maxLength: ADMIN_LIMITS.title }),
  synopsis: Type.String({ maxLength: ADMIN_LIMITS.synopsis }),
});
export const AdminSeriesTextsSchema = PerLanguage(AdminSeriesTextSchema);
export type AdminSeriesTexts = Static<typeof AdminSeriesTextsSchema>;

export const AdminLocalizedNamesSchema = (max: number) => PerLanguage(Type.String({ maxLength: max }));
export type AdminLocalizedNames = Partial<Record<'en' | 'es' | 'fy' | 'dy' | 'pt', string>>;

/** The packaging of an uploaded video: queued, running (with its stage and percent), done or failed. */
export const AdminMediaJobSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  stage: Nullable(Type.String()),
  percent: Type.Integer(),
  error: Nullable(Type.String()),
  fileName: Type.String(),
  updatedAt: DateTime,
});
export type AdminMediaJob = Static<typeof AdminMediaJobSchema>;

/** The tus upload (its id, the last segment of its address) whose video becomes the episode's. */
export const AdminEpisodeMediaInputSchema = Type.Object({
  uploadId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});

/** Where the console uploads videos with the tus protocol (resumable). */
export const ADMIN_UPLOADS_PATH = '/api/admin/uploads';

export const AdminEpisodeSchema = Type.Object({
  id: Type.Integer(),
  seriesId: Type.Integer(),
  number: Type.Integer(),
  status: AdminPublishStatusSchema,
  free: Type.Boolean(),
  unlockCost: Type.Integer(),
  /** Seconds. */
  duration: Type.Number(),
  mediaStatus: AdminMediaStatusSchema,
  mediaError: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  titles: AdminLocalizedNamesSchema(ADMIN_LIMITS.title),
  playCount: Type.Integer(),
  unlocks: Type.Integer(),
  /** The latest packaging of an uploaded video, if any. */
  job: Nullable(AdminMediaJobSchema),
});
export type AdminEpisode = Static<typeof AdminEpisodeSchema>;

export const AdminTagRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const AdminSeriesSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: AdminPublishStatusSchema,
  /** Published and with at least one published, packaged episode: what viewers can see. */
  visible: Type.Boolean(),
  cover: Nullable(Type.String()),
  episodes: Type.Integer(),
  publishedEpisodes: Type.Integer(),
  readyEpisodes: Type.Integer(),
  playCount: Type.Integer(),
  tags: Type.Array(AdminTagRefSchema),
  publishedAt: Nullable(DateTime),
  updatedAt: DateTime,
});
export type AdminSeriesSummary = Static<typeof AdminSeriesSummarySchema>;
export const AdminSeriesPageSchema = AdminPageOf(AdminSeriesSummarySchema);

export const AdminSeriesSchema = Type.Object({
  ...AdminSeriesSummarySchema.properties,
  texts: AdminSeriesTextsSchema,
  banner: Nullable(Type.String()),
  accentColor: Nullable(Type.String()),
  /** The operator's price in coins to unlock the whole series; null: 70 % of the episodes' prices. */
  seriesPrice: Nullable(Type.Integer()),
  tagIds: Type.Array(Type.Integer()),
  createdAt: DateTime,
  episodeList: Type.Array(AdminEpisodeSchema),
});
export type AdminSeries = Static<typeof AdminSeriesSchema>;

export const AdminSeriesQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(AdminPublishStatusSchema),
  tagId: Type.Optional(Id),
});

export const AdminSeriesInputSchema = Type.Object({
  texts: Type.Optional(AdminSeriesTextsSchema),
  accentColor: Type.Optional(NullableInput(Type.String({ maxLength: 7 }))),
  seriesPrice: Type.Optional(NullableInput(Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxSeriesPrice }))),
  tagIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
});
export type AdminSeriesInput = Static<typeof AdminSeriesInputSchema>;

export const AdminStatusInputSchema = Type.Object({ status: AdminPublishStatusSchema });

export const AdminEpisodeInputSchema = Type.Object({
  titles: Type.Optional(AdminLocalizedNamesSchema(ADMIN_LIMITS.title)),
  free: Type.Optional(Type.Boolean()),
  unlockCost: Type.Optional(Type.Integer({ minimum: 0, maximum: ADMIN_LIMITS.maxUnlockCost })),
});
export type AdminEpisodeInput = Static<typeof AdminEpisodeInputSchema>;

export const AdminEpisodeOrderSchema = Type.Object({ episodeIds: Type.Array(Id, { maxItems: 2000 }) });

/** Sets every episode of a series at once: the first `freeEpisodes` free, the others at `unlockCost` coins. */
export const AdminEpisodePricingSchema = Type.Object({
  freeEpisodes: Type.Integer({ minimum: 0, maximum: 2000 }),
  unlockCost: Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxUnlockCost }),
});
export type AdminEpisodePricing = Static<typeof AdminEpisodePricingSchema>;

export const AdminTagSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  position: Type.Integer(),
  names: AdminLocalizedNamesSchema(ADMIN_LIMITS.tagName),
  series: Type.Integer(),
});
export type AdminTag = Static<typeof AdminTagSchema>;

export const AdminTagInputSchema = Type.Object({
  slug: Type.Optional(Type.String({ maxLength: 60 })),
  names: Type.Optional(AdminLocalizedNamesSchema(ADMIN_LIMITS.tagName)),
});
export type AdminTagInput = Static<typeof AdminTagInputSchema>;

export const AdminIdOrderSchema = Type.Object({ ids: Type.Array(Id, { maxItems: 500 }) });

// ---------------------------------------------------------------- homepage

export const AdminHomepageKindSchema = Type.Union([
  Type.Literal('featured'),
  Type.Literal('curated'),
  Type.Literal('categories'),
  Type.Literal('trending'),
  Type.Literal('newest'),
]);
export type AdminHomepageKind = Static<typeof AdminHomepageKindSchema>;

export const AdminSectionSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  kind: AdminHomepageKindSchema,
  active: Type.Boolean(),
  position: Type.Integer(),
  titles: AdminLocalizedNamesSchema(ADMIN_LIMITS.sectionTitle),
  /** Featured and curated sections: the hand-picked series, in order. */
  items: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), visible: Type.Boolean() }),
  ),
  /** Categories sections: the tabs, in order. */
  tags: Type.Array(AdminTagRefSchema),
});
export type AdminSection = Static<typeof AdminSectionSchema>;

export const AdminSectionInputSchema = Type.Object({
  slug: Type.Optional(Type.String({ maxLength: 60 })),
  kind: Type.Optional(AdminHomepageKindSchema),
  active: Type.Optional(Type.Boolean()),
  titles: Type.Optional(AdminLocalizedNamesSchema(ADMIN_LIMITS.sectionTitle)),
});
export type AdminSectionInput = Static<typeof AdminSectionInputSchema>;

// ---------------------------------------------------------------- commerce

export const AdminPlanKindSchema = PlanKindSchema;
export const AdminPlanTextSchema = Type.Object({
  name: Type.String({ maxLength: ADMIN_LIMITS.planName }),
  description: Type.String({ maxLength: ADMIN_LIMITS.planDescription }),
});
export const AdminPlanTextsSchema = PerLanguage(AdminPlanTextSchema);
export type AdminPlanTexts = Static<typeof AdminPlanTextsSchema>;

export const AdminPlanSchema = Type.Object({
  id: Type.String(),
  kind: AdminPlanKindSchema,
  /** Minor units. */
  price: Type.Integer(),
  currency: Type.String(),
  renewalDays: Nullable(Type.Integer()),
  coins: Type.Integer(),
  bonusCoins: Type.Integer(),
  active: Type.Boolean(),
  position: Type.Integer(),
  texts: AdminPlanTextsSchema,
  paidOrders: Type.Integer(),
  activeMembers: Type.Integer(),
});
export type AdminPlan = Static<typeof AdminPlanSchema>;

export const AdminPlanInputSchema = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 40 })),
  kind: Type.Optional(AdminPlanKindSchema),
  price: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxPrice })),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  renewalDays: Type.Optional(NullableInput(Type.Integer({ minimum: 1, maximum: 3650 }))),
  coins: Type.Optional(Type.Integer({ minimum: 0, maximum: ADMIN_LIMITS.maxGrantCoins })),
  bonusCoins: Type.Optional(Type.Integer({ minimum: 0, maximum: ADMIN_LIMITS.maxGrantCoins })),
  active: Type.Optional(Type.Boolean()),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  texts: Type.Optional(AdminPlanTextsSchema),
});
export type AdminPlanInput = Static<typeof AdminPlanInputSchema>;

export const AdminAttributionSourceSchema = Type.Union([
  Type.Literal('fbclid'),
  Type.Literal('ttclid'),
  Type.Literal('referrer'),
  Type.Literal('organic'),
]);
export type AdminAttributionSource = Static<typeof AdminAttributionSourceSchema>;

export const AdminAttributionSchema = Type.Object({
  source: AdminAttributionSourceSchema,
  fbclid: Nullable(Type.String()),
  ttclid: Nullable(Type.String()),
  refererToken: Nullable(Type.String()),
});
export type AdminAttribution = Static<typeof AdminAttributionSchema>;

export const AdminRefundSchema = Type.Object({
  status: Type.Union([Type.Literal('processing'), Type.Literal('succeeded'), Type.Literal('failed')]),
  amount: Type.Integer(),
  reason: Type.String(),
  by: Nullable(Type.String()),
  error: Nullable(Type.String()),
  coinsReversed: Type.Integer(),
  /** Coins the buyer had already spent, which could not be taken back. */
  coinsShort: Type.Integer(),
  membershipEndsAt: Nullable(DateTime),
  createdAt: DateTime,
  completedAt: Nullable(DateTime),
});
export type AdminRefund = Static<typeof AdminRefundSchema>;

export const AdminOrderSchema = Type.Object({
  id: Type.String(),
  user: Type.Object({ id: Type.String(), email: Nullable(Type.String()), isGuest: Type.Boolean() }),
  planId: Type.String(),
  planName: Type.String(),
  kind: AdminPlanKindSchema,
  purpose: Type.Union([Type.Literal('purchase'), Type.Literal('renewal')]),
  amount: Type.Integer(),
  currency: Type.String(),
  status: OrderStatusSchema,
  provider: Nullable(Type.String()),
  providerRef: Nullable(Type.String()),
  card: Nullable(Type.String()),
  failureReason: Nullable(Type.String()),
  attribution: AdminAttributionSchema,
  createdAt: DateTime,
  paidAt: Nullable(DateTime),
  refund: Nullable(AdminRefundSchema),
});
export type AdminOrder = Static<typeof AdminOrderSchema>;
export const AdminOrderPageSchema = AdminPageOf(AdminOrderSchema);

export const AdminOrderStatusValues = ORDER_STATUSES;

export const AdminOrderQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  /** An order id, a provider reference, or part of the buyer's email. */
  q: Type.Optional(Type.String({ maxLength: 254 })),
  status: Type.Optional(OrderStatusSchema),
  planId: Type.Optional(Type.String({ maxLength: 40 })),
  userId: Type.Optional(Type.String({ format: 'uuid' })),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
});

export const AdminRefundInputSchema = Type.Object({ reason: Type.String({ maxLength: ADMIN_LIMITS.reason }) });

export const AdminGrantInputSchema = Type.Object({
  /** Chosen by the console once per form: the same grant sent twice is applied once. */
  requestId: Type.String({ format: 'uuid' }),
  kind: Type.Union([Type.Literal('coins'), Type.Literal('membership')]),
  coins: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxGrantCoins })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_LIMITS.maxGrantDays })),
  planId: Type.Optional(Type.String({ maxLength: 40 })),
  reason: Type.String({ maxLength: ADMIN_LIMITS.reason }),
});
export type AdminGrantInput = Static<typeof AdminGrantInputSchema>;

// ---------------------------------------------------------------- users

export const AdminMembershipSchema = Type.Object({
  active: Type.Boolean(),
  planId: Nullable(Type.String()),
  status: Nullable(Type.String()),
  endsAt: Nullable(DateTime),
  autoRenew: Type.Boolean(),
  cancelledAt: Nullable(DateTime),
});
export type AdminMembership = Static<typeof AdminMembershipSchema>;

export const AdminUserSummarySchema = Type.Object({
  id: Type.String(),
  email: Nullable(Type.String()),
  role: Type.String(),
  isGuest: Type.Boolean(),
  language: Type.String(),
  createdAt: DateTime,
  lastSeenAt: Nullable(DateTime),
  disabledAt: Nullable(DateTime),
  coins: Type.Integer(),
  member: Type.Boolean(),
  paidOrders: Type.Integer(),
});
export type AdminUserSummary = Static<typeof AdminUserSummarySchema>;
export const AdminUserPageSchema = AdminPageOf(AdminUserSummarySchema);

export const AdminUserQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  /** Part of an email, or a whole user id. */
  q: Type.Optional(Type.String({ maxLength: 254 })),
  filter: Type.Optional(
    Type.Union([
      Type.Literal('registered'),
      Type.Literal('all'),
      Type.Literal('guests'),
      Type.Literal('admins'),
      Type.Literal('disabled'),
      Type.Literal('members'),
    ]),
  ),
});

export const AdminLedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  kind: Type.String(),
  reason: Nullable(Type.String()),
  orderId: Nullable(Type.String()),
  episodeId: Nullable(Type.Integer()),
  at: DateTime,
});

export const AdminUserSchema = Type.Object({
  ...AdminUserSummarySchema.properties,
  membership: AdminMembershipSchema,
  activeSessions: Type.Integer(),
  favorites: Type.Integer(),
  orders: Type.Array(AdminOrderSchema),
  ledger: Type.Array(AdminLedgerEntrySchema),
  unlocks: Type.Array(
    Type.Object({
      episodeId: Type.Integer(),
      seriesId: Type.Integer(),
      seriesTitle: Type.String(),
      episodeNumber: Type.Integer(),
      source: Type.String(),
      at: DateTime,
    }),
  ),
  history: Type.Array(
    Type.Object({
      seriesId: Type.Integer(),
      seriesTitle: Type.String(),
      episodeId: Type.Integer(),
      episodeNumber: Type.Integer(),
      position: Type.Number(),
      finished: Type.Boolean(),
      at: DateTime,
    }),
  ),
  /** Where the user came from: the click ids and referrer tokens their orders carried, first seen first. */
  attribution: Type.Object({
    firstSource: Nullable(AdminAttributionSourceSchema),
    touches: Type.Array(Type.Object({ ...AdminAttributionSchema.properties, orderId: Type.String(), at: DateTime })),
  }),
});
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminDisableInputSchema = Type.Object({ reason: Type.String({ maxLength: ADMIN_LIMITS.reason }) });

// ---------------------------------------------------------------- settings

export const AdminSettingsSchema = Type.Object({
  config: Type.Array(
    Type.Object({
      key: Type.String(),
      value: Type.String(),
      known: Type.Boolean(),
      description: Type.String(),
      updatedAt: DateTime,
    }),
  ),
  mail: Type.Object({
    transport: Type.Union([Type.Literal('smtp'), Type.Literal('outbox')]),
    from: Type.String(),
    /** SMTP host and port, never the credentials. */
    server: Nullable(Type.String()),
    outbox: Nullable(Type.String()),
    outboxMessages: Nullable(Type.Integer()),
    supportEmail: Nullable(Type.String()),
  }),
  payments: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      methods: Type.Array(Type.String()),
      status: Type.Union([Type.Literal('live'), Type.Literal('test'), Type.Literal('off')]),
      detail: Type.String(),
      lastPaymentAt: Nullable(DateTime),
      paidLast30Days: Type.Integer(),
    }),
  ),
});
export type AdminSettings = Static<typeof AdminSettingsSchema>;

export const AdminConfigValueInputSchema = Type.Object({ value: Type.String({ maxLength: ADMIN_LIMITS.configValue }) });

// ---------------------------------------------------------------- dashboard

export const AdminDashboardQuerySchema = Type.Object({
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
});

export const AdminDashboardSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  currency: Type.String(),
  totals: Type.Object({
    plays: Type.Integer(),
    newVisitors: Type.Integer(),
    newAccounts: Type.Integer(),
    payingUsers: Type.Integer(),
    revenue: Type.Integer(),
    refunds: Type.Integer(),
    paidOrders: Type.Integer(),
    newMemberships: Type.Integer(),
    renewals: Type.Integer(),
    failedRenewals: Type.Integer(),
    cancellations: Type.Integer(),
    /** Now, not over the period. */
    activeMemberships: Type.Integer(),
  }),
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      plays: Type.Integer(),
      newVisitors: Type.Integer(),
      newAccounts: Type.Integer(),
      payingUsers: Type.Integer(),
      revenue: Type.Integer(),
      renewals: Type.Integer(),
      cancellations: Type.Integer(),
    }),
  ),
  sources: Type.Array(
    Type.Object({ source: AdminAttributionSourceSchema, conversions: Type.Integer(), revenue: Type.Integer() }),
  ),
  /** Renewal revenue is not a campaign's conversion: reported apart from the sources. */
  renewalRevenue: Type.Integer(),
});
export type AdminDashboard = Static<typeof AdminDashboardSchema>;
