import { Type, type Static } from 'typebox';
import {
  Nullable,
  NullableInput,
  DateTime,
  PerLanguage,
  AdminPageOf,
  ADMIN_LIMITS,
  AdminPageQuerySchema,
} from './admin-kit';
import { OrderStatusSchema, PlanKindSchema } from './billing';
import {
  LEDGER_KINDS,
  MEMBERSHIP_STATUSES,
  ORDER_SORTS,
  ORDER_STATUSES,
  SORT_DIRECTIONS,
  USER_ROLES,
  USER_SORTS,
} from './constants';
import { LiteralUnion } from './envelope';
import { IdSchema } from './ids';
import { LanguageSchema } from './user';

export {
  LEDGER_KINDS,
  MEMBERSHIP_STATUSES,
  USER_ROLES,
  type LedgerKind,
  type MembershipStatus,
  type UserRole,
} from './constants';

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
  /**
   * Memberships on this plan that will renew: each at the price and period its member agreed to, so
   * a change of this plan's price or period does not reach them (the console says so before saving).
   */
  renewingMembers: Type.Integer(),
});
export type AdminPlan = Static<typeof AdminPlanSchema>;
export const AdminPlanListSchema = Type.Array(AdminPlanSchema);
/** `:id` of a plan's address. */
export const AdminPlanParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

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
  /** The first-purchase bonus that came with the order, taken back with it (bonus coins). */
  rewardCoinsReversed: Type.Integer(),
  /** The part of that bonus the buyer had already spent: not taken back, no balance goes below zero. */
  rewardCoinsShort: Type.Integer(),
  membershipEndsAt: Nullable(DateTime),
  /** Unlocks taken away with this refund (bought with the order's coins). */
  unlocksRevoked: Type.Integer(),
  createdAt: DateTime,
  completedAt: Nullable(DateTime),
});
export type AdminRefund = Static<typeof AdminRefundSchema>;

export const AdminOrderSchema = Type.Object({
  id: Type.String(),
  user: Type.Object({ id: Type.String(), email: Nullable(Type.String()), isGuest: Type.Boolean() }),
  /**
   * The email a guest gave at checkout for the receipt (lower-cased); never verified, and kept on the
   * order only (it stays there when the guest later signs in to an account). Null when none was
   * given: a buyer paying with an account gets the receipt at the account's email.
   */
  buyerEmail: Nullable(Type.String()),
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
  /** The latest refund of the order (see `refunds` for all of them). */
  refund: Nullable(AdminRefundSchema),
  /** What the refunds that went through gave back, in minor units; the order is `refunded` once it is all of it. */
  refundedAmount: Type.Integer(),
  /** Every refund of the order, oldest first (listed for one order; empty in lists). */
  refunds: Type.Array(AdminRefundSchema),
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
  sort: Type.Optional(LiteralUnion(ORDER_SORTS)),
  dir: Type.Optional(LiteralUnion(SORT_DIRECTIONS)),
});
export type AdminOrderQuery = Static<typeof AdminOrderQuerySchema>;
/** The orders CSV: the list's filters and order, every matching row. */
export const AdminOrderExportQuerySchema = Type.Omit(AdminOrderQuerySchema, ['page', 'pageSize']);

export const AdminRefundInputSchema = Type.Object({
  reason: Type.String({ maxLength: ADMIN_LIMITS.reason }),
  /** Minor units, at most what is left to refund; without it, all that is left. */
  amount: Type.Optional(Type.Integer()),
  /** Also take away the unlocks paid with this order's coins that the refund cannot take back. */
  revokeUnlocks: Type.Optional(Type.Boolean()),
  /** Chosen by the console once per dialog: the same refund sent twice is made once. */
  requestId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type AdminRefundInput = Static<typeof AdminRefundInputSchema>;

export const AdminRefundPreviewQuerySchema = Type.Object({
  /** The amount the operator means to refund (minor units); without it, all that is left. */
  amount: Type.Optional(Type.Integer()),
});

/** An unlock paid with coins after the order was paid: what the order's spent coins went on. */
export const AdminSpentUnlockSchema = Type.Object({
  episodeId: Nullable(Type.Integer()),
  seriesId: Nullable(Type.Integer()),
  seriesTitle: Type.String(),
  /** Null for a whole-series unlock (its episodes are listed in `episodeIds`). */
  episodeNumber: Nullable(Type.Integer()),
  episodeIds: Type.Array(Type.Integer()),
  coins: Type.Integer(),
  at: DateTime,
  /** Whether the viewer still holds it (an operator may have taken it away already). */
  held: Type.Boolean(),
});
export type AdminSpentUnlock = Static<typeof AdminSpentUnlockSchema>;

/** What a refund of an order would give back and take back, shown before the operator confirms. */
export const AdminRefundPreviewSchema = Type.Object({
  orderId: Type.String(),
  kind: AdminPlanKindSchema,
  currency: Type.String(),
  paid: Type.Integer(),
  refunded: Type.Integer(),
  /** Being refunded right now (asked, the provider has not answered). */
  inFlight: Type.Integer(),
  refundable: Type.Integer(),
  /** The amount this preview is for. */
  amount: Type.Integer(),
  coins: Nullable(
    Type.Object({
      /** Coins the order gave: its pack and the pack's bonus. */
      granted: Type.Integer(),
      /** The first-purchase bonus that came with it. */
      rewardGranted: Type.Integer(),
      /** Taken back by earlier refunds. */
      takenBack: Type.Integer(),
      /** Of the order's coins not yet taken back, those still in the viewer's balance. */
      left: Type.Integer(),
      /** Of the order's coins not yet taken back, those already spent. */
      spent: Type.Integer(),
      /** This refund takes back (in proportion to the amount, as far as the balance allows). */
      toTakeBack: Type.Integer(),
      /** Of the coins this refund would take back, those already spent. */
      toTakeBackShort: Type.Integer(),
      balance: Type.Integer(),
      spentOn: Type.Array(AdminSpentUnlockSchema),
    }),
  ),
  membership: Nullable(
    Type.Object({
      active: Type.Boolean(),
      endsAt: Nullable(DateTime),
      autoRenew: Type.Boolean(),
      /** When the membership would end after this refund; null when the refund leaves it as it is. */
      endsAfterRefund: Nullable(DateTime),
    }),
  ),
});
export type AdminRefundPreview = Static<typeof AdminRefundPreviewSchema>;

export const AdminRevokeUnlockInputSchema = Type.Object({
  reason: Type.String({ maxLength: ADMIN_LIMITS.reason }),
});
export const AdminStopRenewalInputSchema = Type.Object({
  reason: Type.String({ maxLength: ADMIN_LIMITS.reason }),
});
export const AdminUnlockParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  episodeId: IdSchema,
});

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
  status: Nullable(LiteralUnion(MEMBERSHIP_STATUSES)),
  endsAt: Nullable(DateTime),
  autoRenew: Type.Boolean(),
  cancelledAt: Nullable(DateTime),
});
export type AdminMembership = Static<typeof AdminMembershipSchema>;

export const AdminUserSummarySchema = Type.Object({
  id: Type.String(),
  email: Nullable(Type.String()),
  role: LiteralUnion(USER_ROLES),
  isGuest: Type.Boolean(),
  language: LanguageSchema,
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
  sort: Type.Optional(LiteralUnion(USER_SORTS)),
  dir: Type.Optional(LiteralUnion(SORT_DIRECTIONS)),
});
export type AdminUserQuery = Static<typeof AdminUserQuerySchema>;
export const AdminUserExportQuerySchema = Type.Omit(AdminUserQuerySchema, ['page', 'pageSize']);

export const AdminLedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  kind: LiteralUnion(LEDGER_KINDS),
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
/** Re-enabling an account: the reason is optional. */
export const AdminEnableInputSchema = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: ADMIN_LIMITS.reason })),
});
export type AdminEnableInput = Static<typeof AdminEnableInputSchema>;
