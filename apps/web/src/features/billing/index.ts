export {
  type CardDetails,
  createOrder,
  payByCard,
  payByPaypal,
  refreshAfterPayment,
  unlockedQuery,
  useOrder,
  usePlans,
} from './billing-api';
export { CardForm } from './card-form';
export { StripeCheckout } from './stripe-checkout';
export { checkoutReturn, firstReportOf, rememberCheckoutReturn } from './checkout-return';
export { declineReason } from './decline-reason';
export { membershipLine, MembershipStatus } from './membership-status';
export { TestModeNotice, usePaymentOptions } from './payment-options';
export { CoinPackCard, MembershipPlanCard, pricePerDay } from './plan-cards';
export { consentText, PurchaseConsent, type PurchaseTerms } from './purchase-consent';
