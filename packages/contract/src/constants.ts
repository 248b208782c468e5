// The contract's plain values, without any schema code: the apps import this entry
// (`@episodic/contract/constants`) so their bundles never carry TypeBox.

/** Interface languages (specification §1), with their locales and the fy → fr / dy → de mapping. */
export * from './languages';
/** Why a call failed: the `reason` of error envelopes, and the codes of field errors. */
export * from './reasons';
/** The viewer app's client routes, which the server serves with a 200 (every other address is a 404). */
export * from './viewer-routes';
export * from './operator-roles';
/** The landing pages' first answers, asked early or carried by the document. */
export * from './landing';
import type { Reason } from './reasons';
import type { Membership } from './user';

/** Largest subtitle file the console uploads, in bytes (the server refuses larger ones). */
export const ADMIN_SUBTITLE_MAX_BYTES = 512 * 1024;

/** Names of the request headers every client call carries (specification §7). */
export const ContextHeader = {
  refererToken: 'X-User-Referer-Token',
  userToken: 'x-User-Token',
  fbclid: 'FBCLID',
  ttclid: 'TTCLID',
} as const;

/** Local storage keys (specification §3). */
export const StorageKey = {
  refererToken: 'xUserRefererToken',
  userToken: 'userToken',
  fbclid: 'FBCLID',
  ttclid: 'TTCLID',
  userId: 'userid',
} as const;

/** Response header carrying a newly issued session token. */
export const USER_TOKEN_HEADER = 'x-user-token';
/** Cookie holding the session token. */
export const SESSION_COOKIE = 'episodic_session';

/** The membership of a user who has none (never had one, or it ended): every app shows it alike. */
export const NO_MEMBERSHIP: Membership = Object.freeze({
  active: false,
  planId: null,
  renewsAt: null,
  endsAt: null,
  autoRenew: false,
  planName: null,
  renewalPrice: null,
  currency: null,
  renewalDays: null,
});

/** Configuration keys the product recognises (specification §3). */
export const CONFIG_KEYS = ['facebook_pixel_id', 'google_analytics', 'tiktok_pixel', 'bigo_pixel'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/**
 * Event ids of the conversions the server also sends to the ad platforms. Browser and server derive
 * them from the same order or account, so each platform deduplicates the pixel's event and the
 * server's one.
 */
export const ConversionEventPrefix = {
  CompleteRegistration: 'registration',
  Purchase: 'purchase',
  Subscribe: 'subscribe',
} as const;
export type ConversionEventName = keyof typeof ConversionEventPrefix;

/** The longest search keyword the API takes. */
export const MAX_KEYWORD_LENGTH = 100;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** The `reason` of the 401 envelope that asks the console for the password again. */
export const REAUTH_REQUIRED = 'reauth_required' satisfies Reason;

/** Every state an order can be in. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'requires_action',
  'paid',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a plan sells: membership time or a coin pack. */
export const PLAN_KINDS = ['membership', 'coins'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** How an order is paid: by card (the built-in sandbox or Stripe) or through PayPal. */
export const PAY_METHODS = ['card', 'paypal'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Whether money moves: test (the sandbox and test cards only, shown to viewers) or live. */
export const PAYMENT_MODES = ['test', 'live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Password length limits (the server also asks for a letter and a digit). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** An account's role: viewers watch; admins also run the console. */
export const USER_ROLES = ['viewer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Why a user's coin balance moved. */
export const LEDGER_KINDS = ['purchase', 'bonus', 'spend', 'refund', 'grant', 'reward'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A membership is `active` (paid or renewing) or `lapsed`. */
export const MEMBERSHIP_STATUSES = ['active', 'lapsed'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * Bounds of the reward amounts operators set: the most coins one reward may give (a typo in the
 * console cannot mint a fortune) and the days a check-in table may list (the last repeats after them).
 */
export const REWARD_LIMITS = { maxCoins: 10_000, maxCheckInDays: 31 } as const;

/** The configuration keys holding the reward amounts (operators set them in the console's Rewards form). */
export const REWARD_CONFIG_KEYS = {
  welcome: 'rewards_welcome_coins',
  checkIn: 'rewards_checkin_coins',
  firstPurchase: 'rewards_first_purchase_coins',
} as const;

/**
 * The columns the console's tables sort by (the server refuses any other), and the direction.
 * Ties are broken by id, so a page never repeats or skips a row.
 */
export const ORDER_SORTS = ['createdAt', 'amount', 'status', 'buyer', 'plan'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const USER_SORTS = ['createdAt', 'email', 'lastSeenAt', 'coins', 'paidOrders'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const AUDIT_SORTS = ['at', 'actor', 'action'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const SERIES_SORTS = ['updatedAt', 'title', 'plays', 'episodes', 'createdAt'] as const;
export type SeriesSort = (typeof SERIES_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
