export { checkoutReturn, rememberCheckoutReturn } from '../../shared/links/checkout-return';

const REPORTED = 'episodic.checkout.reported.';

/** True the first time it is asked for an order in this tab: a purchase is reported once. */
export function firstReportOf(orderId: string): boolean {
  try {
    if (sessionStorage.getItem(REPORTED + orderId)) return false;
    sessionStorage.setItem(REPORTED + orderId, '1');
    return true;
  } catch {
    return true;
  }
}
