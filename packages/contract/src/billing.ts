import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';
import { PAYMENT_FAILURES } from './reasons';
import { MembershipSchema } from './user';
import { IdSchema, UuidSchema } from './ids';
import { MAX_PAGE_SIZE, PAY_METHODS, PAYMENT_MODES, type OrderStatus, type PlanKind } from './constants';

export {
  ORDER_STATUSES,
  PLAN_KINDS,
  PAY_METHODS,
  PAYMENT_MODES,
  type OrderStatus,
  type PlanKind,
  type PayMethod,
  type PaymentMode,
} from './constants';

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
/** `GET /api/plan`: what is for sale. */
export const PlanListSchema = Type.Array(PlanSchema);

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
  /** Memberships: renews every N days until cancelled; null for a coin pack. */
  renewalDays: Type.Union([Type.Integer(), Type.Null()]),
  /** Coin packs: the coins bought and the bonus on top; 0 for a membership. */
  coins: Type.Integer(),
  bonusCoins: Type.Integer(),
  /**
   * `GET /api/payment/order` of an unpaid membership order: when the membership would first renew if
   * the order were paid now (after a member's current period, when it is extended). Null otherwise.
   */
  renewsAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
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
  mode: LiteralUnion(PAYMENT_MODES),
  /**
   * Who takes the cards: `sandbox` (the built-in test processor: the card form posts to
   * /api/payment/pay) or `stripe` (Stripe's Payment Element on the page: cards go to Stripe only).
   */
  processor: Type.Union([Type.Literal('sandbox'), Type.Literal('stripe')]),
  /** What the page starts Stripe.js with, when Stripe takes the cards. */
  stripe: Type.Union([Type.Object({ publishableKey: Type.String(), jsUrl: Type.String() }), Type.Null()]),
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

// ---------------------------------------------------------------- requests and their answers

/**
 * `POST /api/video/unlock`: an episode with coins (`episodeId`), or a whole series at its quoted
 * price (`seriesId`). `price` is the price the viewer saw (the viewer app always sends it): when the
 * price is another now, nothing is spent (409 `price_changed`).
 */
export const UnlockInputSchema = Type.Object({
  episodeId: Type.Optional(IdSchema),
  seriesId: Type.Optional(IdSchema),
  price: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type UnlockInput = Static<typeof UnlockInputSchema>;

/** `POST /api/payment/order`: the plan to buy (its price is the server's). */
export const OrderInputSchema = Type.Object({ planId: Type.String({ minLength: 1, maxLength: 40 }) });
export type OrderInput = Static<typeof OrderInputSchema>;

/** The order `POST /api/payment/order` opened. */
export const OrderCreatedSchema = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: OrderStatusSchema,
});
export type OrderCreated = Static<typeof OrderCreatedSchema>;

/** `GET /api/payment/order`: one of the viewer's orders. */
export const OrderQuerySchema = Type.Object({ id: UuidSchema });
export type OrderQuery = Static<typeof OrderQuerySchema>;

/** How an order is paid: `card` or `paypal`. */
export const PayMethodSchema = LiteralUnion(PAY_METHODS);

const CardField = (max: number) => Type.Optional(Type.String({ maxLength: max }));
/** The card form's fields; empty ones are reported by field (the server checks the card before any charge). */
export const PayCardInputSchema = Type.Object({
  number: CardField(30),
  expiry: CardField(10),
  cvv: CardField(4),
  firstName: CardField(60),
  lastName: CardField(60),
  email: CardField(254),
});
export type PayCardInput = Static<typeof PayCardInputSchema>;

/** `POST /api/payment/pay`: pay an order by card (the default) or PayPal; `agree` is the consent. */
export const PayInputSchema = Type.Object({
  orderId: UuidSchema,
  method: Type.Optional(PayMethodSchema),
  card: Type.Optional(PayCardInputSchema),
  /** The buyer's email, which a guest paying through PayPal must give (the card form carries its own). */
  email: Type.Optional(Type.String({ maxLength: 254 })),
  agree: Type.Optional(Type.Boolean()),
});
export type PayInput = Static<typeof PayInputSchema>;

/**
 * `POST /api/payment/quick`: buy a plan with one tap on the saved card. `requestId` is made by the
 * client once per purchase and sent again on a retry: the same id opens one order and charges once.
 * `agree` is the consent the confirmation asked for (what is bought, its price, and for a membership
 * that it renews every N days at that price).
 */
export const QuickPayInputSchema = Type.Object({
  planId: Type.String({ minLength: 1, maxLength: 40 }),
  requestId: UuidSchema,
  agree: Type.Optional(Type.Boolean()),
  /**
   * What the confirmation showed (the viewer app always sends it): the purchase is refused, nothing
   * charged, when the order's price or what it includes differs (409 `price_changed`).
   */
  seen: Type.Optional(
    Type.Object({
      price: Type.Integer({ minimum: 0 }),
      currency: Type.String({ minLength: 3, maxLength: 3 }),
      coins: Type.Integer({ minimum: 0 }),
      bonusCoins: Type.Integer({ minimum: 0 }),
      renewalDays: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    }),
  ),
});
export type QuickPayInput = Static<typeof QuickPayInputSchema>;

/**
 * A one-tap purchase's outcome: the payment's result, what was bought, and the viewer's coins and
 * membership after it. `redirect` sends the viewer to the checkout page of the order (`redirectUrl`),
 * `requires_action` to the processor's authentication page.
 */
export const QuickPayResultSchema = Type.Object({
  ...PayResultSchema.properties,
  kind: PlanKindSchema,
  coins: Type.Integer(),
  membership: MembershipSchema,
});
export type QuickPayResult = Static<typeof QuickPayResultSchema>;

/** `GET /api/payment/quick`: the saved card a one-tap purchase would charge, or null (pay at the checkout). */
export const QuickPayCardSchema = Type.Object({
  card: Type.Union([PaymentMethodSchema, Type.Null()]),
});
export type QuickPayCard = Static<typeof QuickPayCardSchema>;

/**
 * `POST /api/payment/intent`: start paying an order through Stripe's Payment Element. The buyer's
 * own details and consent come here; the card goes from the browser to Stripe, never to us.
 */
export const PaymentIntentInputSchema = Type.Object({
  orderId: UuidSchema,
  email: Type.String({ maxLength: 254 }),
  firstName: Type.String({ maxLength: 60 }),
  lastName: Type.String({ maxLength: 60 }),
  agree: Type.Optional(Type.Boolean()),
});
export type PaymentIntentInput = Static<typeof PaymentIntentInputSchema>;

/** The PaymentIntent the browser confirms: always the order's own amount, one per order attempt. */
export const PaymentIntentSchema = Type.Object({
  orderId: Type.String(),
  /** Stripe.js confirms the payment with it; it cannot move money on its own. */
  clientSecret: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
});
export type PaymentIntent = Static<typeof PaymentIntentSchema>;

/** `GET /api/payment`: the page of the viewer's orders. */
export const PaymentOverviewQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});
export type PaymentOverviewQuery = Static<typeof PaymentOverviewQuerySchema>;

/**
 * The signed fields of a renewal email's cancel link (user, period, signature): the query of
 * `GET /api/payment/cancel-link`, and the form its page posts back.
 */
export const CancelLinkSchema = Type.Object({
  u: Type.String({ maxLength: 64 }),
  p: Type.String({ maxLength: 20 }),
  s: Type.String({ maxLength: 100 }),
});
export type CancelLink = Static<typeof CancelLinkSchema>;

/**
 * A return from PayPal: what PayPal appends (`token`, `PayerID`) to the signed address the order
 * gave it (`order`, `sig`).
 */
export const PaypalBackQuerySchema = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 100 })),
  PayerID: Type.Optional(Type.String({ maxLength: 100 })),
  order: Type.Optional(Type.String({ maxLength: 64 })),
  sig: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PaypalBackQuery = Static<typeof PaypalBackQuerySchema>;

/** The built-in PayPal sandbox's approval page (test mode): the signed order it shows. */
export const PaypalApprovalQuerySchema = Type.Object({
  id: Type.String({ maxLength: 100 }),
  amount: Type.String({ maxLength: 12 }),
  currency: Type.String({ maxLength: 3 }),
  description: Type.String({ maxLength: 200 }),
  return: Type.String({ maxLength: 500 }),
  cancel: Type.String({ maxLength: 500 }),
  sig: Type.String({ maxLength: 100 }),
});
export type PaypalApprovalQuery = Static<typeof PaypalApprovalQuerySchema>;

/** The built-in card sandbox's 3-D Secure page (test mode), by charge. */
export const SandboxChallengeParamsSchema = Type.Object({ chargeId: Type.String({ maxLength: 64 }) });
export type SandboxChallengeParams = Static<typeof SandboxChallengeParamsSchema>;
