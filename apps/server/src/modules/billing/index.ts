export { createBillingService, membershipDto, type BillingService } from './billing.service';
export { registerBillingRoutes } from './billing.routes';
export { createSandboxProvider, signSandboxPayload, type SandboxProvider } from './sandbox-provider';
export { createStripeProvider, type StripeProvider } from './stripe-provider';
export { createPaypalRest, createPaypalSandbox, type PaypalGateway } from './paypal-gateway';
export { appendLedgerEntry, coinBalance } from './coin-ledger';
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
export { createRefunds, type Refunder, type RefundRecord } from './refunds';
export { createOrderReconciler } from './reconcile';
export { createReceipts } from './receipts';
export { exportBilling, mergeBilling } from './billing-merge';
export { billingPlugin } from './billing.plugin';
