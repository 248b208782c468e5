import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';
import { LEDGER_KINDS, REWARD_LIMITS } from './constants';
import { PageNumberSchema, PageSizeSchema } from './paging';

export { REWARD_CONFIG_KEYS, REWARD_LIMITS } from './constants';

/** The time zone whose calendar days the daily check-in counts. */
export const CHECK_IN_TIME_ZONE = 'UTC';

/** A viewer's coins: the total, and its two parts. Bonus coins are spent first; no coin expires. */
export const CoinBucketsSchema = Type.Object({
  coins: Type.Integer(),
  /** Coins bought with money. */
  paidCoins: Type.Integer(),
  /** Coins given: welcome, check-in and first-purchase rewards, plans' bonuses, operators' grants. */
  bonusCoins: Type.Integer(),
});
export type CoinBuckets = Static<typeof CoinBucketsSchema>;

export const REWARD_KINDS = ['welcome', 'check_in', 'first_purchase'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** `GET /api/rewards`: what the viewer can claim, and what they claimed. */
export const RewardsStateSchema = Type.Object({
  /** Rewards go to accounts whose email is verified (guests and unverified accounts see them, locked). */
  eligible: Type.Boolean(),
  /** Today's date in CHECK_IN_TIME_ZONE (YYYY-MM-DD). */
  today: Type.String(),
  timeZone: Type.String(),
  welcome: Type.Object({
    /** 0: turned off by the operators. */
    coins: Type.Integer(),
    claimed: Type.Boolean(),
  }),
  checkIn: Type.Object({
    /** Coins per streak day; past the end, the last value repeats. Empty or all 0: off. */
    days: Type.Array(Type.Integer()),
    /** Consecutive days claimed up to today (or up to yesterday, while today is still open); 0 after a missed day. */
    streak: Type.Integer(),
    claimedToday: Type.Boolean(),
    /** What today's check-in gives (or gave). */
    todayCoins: Type.Integer(),
  }),
  firstPurchase: Type.Object({
    coins: Type.Integer(),
    claimed: Type.Boolean(),
  }),
  wallet: CoinBucketsSchema,
});
export type RewardsState = Static<typeof RewardsStateSchema>;

export const WalletQuerySchema = Type.Object({
  page: Type.Optional(PageNumberSchema),
  pageSize: Type.Optional(PageSizeSchema),
  lang: Type.Optional(Type.String({ maxLength: 5 })),
});
export type WalletQuery = Static<typeof WalletQuerySchema>;

/** One movement of the viewer's coins, as the wallet lists it. */
export const WalletLineSchema = Type.Object({
  id: Type.Integer(),
  kind: LiteralUnion(LEDGER_KINDS),
  /** The whole movement (negative for spends and refunds). */
  delta: Type.Integer(),
  /** The part of `delta` in bonus coins; the rest moved bought coins. */
  bonusDelta: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  /** For reward lines: which reward; for a refund line, the reward it took back (its order was refunded). */
  reward: Type.Union([LiteralUnion(REWARD_KINDS), Type.Null()]),
  /** For a check-in: the streak day it was. */
  streakDay: Type.Union([Type.Integer(), Type.Null()]),
  /** For a purchase, its bonus or its refund: the plan's name in the reader's language. */
  planName: Type.Union([Type.String(), Type.Null()]),
  /** For an unlock (or a spend returned): the series and, for one episode, its number. */
  seriesId: Type.Union([Type.Integer(), Type.Null()]),
  seriesTitle: Type.Union([Type.String(), Type.Null()]),
  episodeNumber: Type.Union([Type.Integer(), Type.Null()]),
});
export type WalletLine = Static<typeof WalletLineSchema>;

/** `GET /api/wallet`: the two balances and a page of ledger lines, newest first. */
export const WalletPageSchema = Type.Object({
  balances: CoinBucketsSchema,
  items: Type.Array(WalletLineSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type WalletPage = Static<typeof WalletPageSchema>;

const RewardCoinsSchema = Type.Integer({ minimum: 0, maximum: REWARD_LIMITS.maxCoins });

/** `PUT /api/admin/rewards`: the amounts viewers are offered, in bonus coins; 0 turns a reward off. */
export const AdminRewardsInputSchema = Type.Object({
  welcomeCoins: RewardCoinsSchema,
  /** Coins per check-in streak day; past the end, the last repeats. Empty (or all 0): no check-in. */
  checkInCoins: Type.Array(RewardCoinsSchema, { maxItems: REWARD_LIMITS.maxCheckInDays }),
  firstPurchaseCoins: RewardCoinsSchema,
});
export type AdminRewardsInput = Static<typeof AdminRewardsInputSchema>;

/** `GET /api/admin/rewards`: the amounts as viewers see them now, and when they last changed. */
export const AdminRewardsSchema = Type.Object({
  welcomeCoins: Type.Integer(),
  checkInCoins: Type.Array(Type.Integer()),
  firstPurchaseCoins: Type.Integer(),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AdminRewards = Static<typeof AdminRewardsSchema>;
