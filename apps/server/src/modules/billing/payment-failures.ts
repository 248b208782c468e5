import type { PaymentFailure } from '@episodic/contract';

/**
 * The English text of each payment failure the server writes itself, as stored with an order. The
 * apps translate the code; a provider's own wording (Stripe, PayPal) has no code and is shown as sent.
 */
export const FAILURE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  card_expired: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  authentication_failed: 'The card authentication was not completed.',
  saved_card_unavailable: 'The saved card is no longer available.',
  not_test_card:
    'Test mode: this is not a test card, so it was not charged. Use a test card such as 4242 4242 4242 4242.',
  paypal_unavailable: 'PayPal could not be reached. Please try again or pay by card.',
} as const satisfies Partial<Record<PaymentFailure, string>>;

const CODE_OF = new Map<string, PaymentFailure>(
  Object.entries(FAILURE_MESSAGES).map(([code, message]) => [message, code as PaymentFailure]),
);

/** The code of a stored failure reason the server wrote, or null for a provider's own text. */
export function paymentFailureOf(reason: string | null | undefined): PaymentFailure | null {
  return (reason && CODE_OF.get(reason)) || null;
}
