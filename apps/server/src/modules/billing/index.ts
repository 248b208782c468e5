export { createBillingService, membershipDto, type BillingService } from './billing.service';
export { createSandboxProvider, signSandboxPayload, type SandboxProvider } from './sandbox-provider';
export { appendLedgerEntry, lockCoins } from './coin-ledger';
export { coinBalance, coinBalances } from './coin-ledger.repository';
export { grantMembershipTime, type Reversal } from './operator-money';
export { RENEWAL_BACKOFF_MS } from './renewal-policy';
export {
  createOrderLifecycle,
  ORDER_TRANSITIONS,
  OrderTransitionRefused,
  type OrderStatus,
  type OrderTransition,
  type PaidOrder,
} from './order-lifecycle';
export { createRefunds, type Refunder, type RefundRecord } from './refunds';
export { previewRefund } from './refund-preview';
export { revokeUnlocks, stopRenewal } from './operator-access';
export { billingPlugin } from './billing.plugin';
export { quoteSeriesPrice } from './series-price';
