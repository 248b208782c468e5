export { createBillingService, membershipDto, type BillingService } from './billing.service';
export { registerBillingRoutes } from './billing.routes';
export { createSandboxProvider, signSandboxPayload, type SandboxProvider } from './sandbox-provider';
export { createStripeProvider, type StripeProvider } from './stripe-provider';
export { createPaypalRest, createPaypalSandbox, type PaypalGateway } from './paypal-gateway';
export { appendLedgerEntry } from './coin-ledger';
export { coinBalance } from './coin-ledger.repository';
export { grantMembershipTime, type Reversal } from './operator-money';
export { createRenewals } from './renewals';
export { RENEWAL_BACKOFF_MS } from './renewal-policy';
export {
  createOrderLifecycle,
  ORDER_TRANSITIONS,
  OrderTransitionRefused,
  type OrderStatus,
  type OrderTransition,
  type PaidOrder,
} from './order-lifecycle';
export { quoteSeriesPrice } from './series-price';
export { createRefunds, type Refunder, type RefundRecord } from './refunds';
export { createOrderReconciler } from './reconcile';
export { createReceipts } from './receipts';
export { mergeBilling } from './billing-merge';
export { exportBilling } from './billing-merge.repository';
export { isActiveMember } from './membership-fact';
