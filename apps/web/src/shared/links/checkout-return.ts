import { safeReturnTo } from './return-to';

const PREFIX = 'episodic.checkout.return.';
const REPORTED = 'episodic.checkout.reported.';

/**
 * Where to take the buyer once an order is paid (the episode they were watching). Kept for the tab's
 * life, because a bank's 3-D Secure page comes back to the result page without it. Shared: the
 * checkout and the player's one-tap purchase both start orders.
 */
export function rememberCheckoutReturn(orderId: string, returnTo: string | null): void {
  const target = safeReturnTo(returnTo, '');
  try {
    if (target) sessionStorage.setItem(PREFIX + orderId, target);
  } catch {
    // Storage can be full or disabled; the result page then offers the home page.
  }
}

export function checkoutReturn(orderId: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + orderId);
  } catch {
    return null;
  }
}

/** True the first time it is asked for an order in this tab: a purchase is reported once (checkout or one tap). */
export function firstReportOf(orderId: string): boolean {
  try {
    if (sessionStorage.getItem(REPORTED + orderId)) return false;
    sessionStorage.setItem(REPORTED + orderId, '1');
    return true;
  } catch {
    return true;
  }
}
