import { sameSignature, sign } from './signatures';

/**
 * The addresses PayPal sends the buyer back to carry a signature of our order and its payment
 * attempt. Nobody can make one from an order id (or from PayPal's order id) without the server's
 * secret, and a new attempt makes the addresses of earlier ones void.
 */
export type PaypalLeg = 'return' | 'cancel';

export function paypalReturnSignature(secret: string, leg: PaypalLeg, orderId: string, attempt: number): string {
  return sign(secret, `paypal-${leg}:${orderId}:${String(attempt)}`);
}

export function verifyPaypalReturn(
  secret: string,
  leg: PaypalLeg,
  orderId: string,
  attempt: number,
  given: string,
): boolean {
  return sameSignature(paypalReturnSignature(secret, leg, orderId, attempt), given);
}
