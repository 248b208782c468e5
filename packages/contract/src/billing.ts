import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';
import { PAYMENT_FAILURES } from './reasons';
import { MembershipSchema } from './user';
import type { OrderStatus, PlanKind } from './constants';

export { ORDER_STATUSES, PLAN_KINDS, type OrderStatus, type PlanKind } from './constants';

/** Every state an order can be in: `pending`, `processing`, `requires_action`, `paid`, `failed`, `cancelled`, `refunded`. */
export const OrderStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('requires_action'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  Type.Literal('refunded'),
]);
/** What a plan sells: `membership` time or a `coins` pack. */
export const PlanKindSchema = Type.Union([Type.Literal('membership'), Type.Literal('coins')]);

// The schemas and the plain lists (constants.ts) name the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const ENUMS_MATCH: [
  Same<Static<typeof OrderStatusSchema>, OrderStatus>,
  Same<Static<typeof PlanKindSchema>, PlanKind>,
] = [true, true];

export const PlanSchema = Type.Object({
  id: Type.String(),
  kind: PlanKindSchema,
  name: Type.String(),
  description: Type.String(),
  /** Minor units (cents). */
  price: Type.Integer(),
  currency: Type.String(),
  /** Memberships: renews every N days until cancelled. */
  renewalDays: Type.Union([Type.Integer(), Type.Null()]),
  coins: Type.Integer(),
  bonusCoins: Type.Integer(),
});
export type Plan = Static<typeof PlanSchema>;

/** Every status an order can be in; billing's order lifecycle is the only writer. */
export { ORDER_STATUSES as OrderStatusValues } from './constants';

export const OrderSchema = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  kind: PlanKindSchema,
  purpose: Type.Union([Type.Literal('purchase'), Type.Literal('renewal')]),
  amount: Type.Integer(),
  currency: Type.String(),
  status: OrderStatusSchema,
  failureReason: Type.Union([Type.String(), Type.Null()]),
  /** The code of `failureReason` the apps translate; null for a provider's own wording. */
  failureCode: Type.Optional(Type.Union([LiteralUnion(PAYMENT_FAILURES), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Order = Static<typeof OrderSchema>;

export const PaymentMethodSchema = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
});

export const PaymentOverviewSchema = Type.Object({
  orders: Type.Object({
    items: Type.Array(OrderSchema),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    hasMore: Type.Boolean(),
  }),
  membership: MembershipSchema,
  paymentMethod: Type.Union([PaymentMethodSchema, Type.Null()]),
});
export type PaymentOverview = Static<typeof PaymentOverviewSchema>;

export const PayResultSchema = Type.Object({
  orderId: Type.String(),
  status: Type.Union([
    Type.Literal('paid'),
    Type.Literal('failed'),
    Type.Literal('requires_action'),
    Type.Literal('redirect'),
    Type.Literal('processing'),
  ]),
  redirectUrl: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The code of a failed payment's `reason`; null for a provider's own wording. */
  reasonCode: Type.Optional(Type.Union([LiteralUnion(PAYMENT_FAILURES), Type.Null()])),
});
export type PayResult = Static<typeof PayResultSchema>;

export const UnlockResultSchema = Type.Object({
  coins: Type.Integer(),
  unlocked: Type.Array(Type.Integer()),
  /** Coins spent by this call (0 when everything asked for was already unlocked). */
  spent: Type.Integer(),
});
export type UnlockResult = Static<typeof UnlockResultSchema>;

/**
 * How this shop takes payments (`GET /api/payment/options`). In test mode no money is taken and the
 * card processor accepts only the documented test cards, listed here when the built-in sandbox takes
 * the cards.
 */
export const PaymentOptionsSchema = Type.Object({
  mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  /** Whether a PayPal button is offered (PayPal configured, or the built-in sandbox in test mode). */
  paypal: Type.Boolean(),
  testCards: Type.Array(
    Type.Object({
      number: Type.String(),
      brand: Type.String(),
      outcome: Type.Union([
        Type.Literal('succeeds'),
        Type.Literal('declines'),
        Type.Literal('authentication'),
        Type.Literal('declines_renewals'),
      ]),
    }),
  ),
});
export type PaymentOptions = Static<typeof PaymentOptionsSchema>;
