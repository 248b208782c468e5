import { Type, type Static } from 'typebox';
import { AdminAttributionSourceSchema } from './admin-commerce';
import { Nullable, DateTime, ADMIN_LIMITS, ADMIN_CONFIG_KEY_PATTERN } from './admin-kit';

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

/** `:key` of a configuration entry's address. */
export const AdminConfigKeyParamsSchema = Type.Object({
  key: Type.String({ maxLength: 100, pattern: ADMIN_CONFIG_KEY_PATTERN }),
});
export type AdminConfigKeyParams = Static<typeof AdminConfigKeyParamsSchema>;

export const AdminConfigValueInputSchema = Type.Object({ value: Type.String({ maxLength: ADMIN_LIMITS.configValue }) });

// ---------------------------------------------------------------- dashboard

export const AdminDashboardQuerySchema = Type.Object({
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
});

/**
 * Money is in `currency`'s minor units, of orders in that currency. Gross: orders paid in the period
 * (refunded since or not); refunds: refunds made in the period, whenever their order was paid; net:
 * gross − refunds. Viewer counts leave out operators and disabled accounts; money counts every order.
 */
export const AdminDashboardSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  currency: Type.String(),
  totals: Type.Object({
    plays: Type.Integer(),
    newVisitors: Type.Integer(),
    newAccounts: Type.Integer(),
    payingUsers: Type.Integer(),
    gross: Type.Integer(),
    refunds: Type.Integer(),
    net: Type.Integer(),
    paidOrders: Type.Integer(),
    /** How many refunds were made in the period. */
    refundCount: Type.Integer(),
    /** Memberships bought in the period (first purchases, not renewals). */
    newPaidMemberships: Type.Integer(),
    /** Membership time operators granted in the period (grants). */
    newGrantedMemberships: Type.Integer(),
    renewals: Type.Integer(),
    failedRenewals: Type.Integer(),
    cancellations: Type.Integer(),
    /** Now, not over the period: members whose current time was paid for (in part at least). */
    activePaidMemberships: Type.Integer(),
    /** Now: members whose current time was only granted. */
    activeGrantedMemberships: Type.Integer(),
  }),
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      plays: Type.Integer(),
      newVisitors: Type.Integer(),
      newAccounts: Type.Integer(),
      payingUsers: Type.Integer(),
      gross: Type.Integer(),
      refunds: Type.Integer(),
      net: Type.Integer(),
      renewals: Type.Integer(),
      cancellations: Type.Integer(),
    }),
  ),
  /** Gross of first purchases by the campaign that brought them. */
  sources: Type.Array(
    Type.Object({ source: AdminAttributionSourceSchema, conversions: Type.Integer(), revenue: Type.Integer() }),
  ),
  /** Renewal revenue (gross) is not a campaign's conversion: reported apart from the sources. */
  renewalRevenue: Type.Integer(),
});
export type AdminDashboard = Static<typeof AdminDashboardSchema>;
