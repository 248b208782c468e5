import { safeReturnTo } from './return-to';

const PREFIX = 'episodic.checkout.return.';

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
