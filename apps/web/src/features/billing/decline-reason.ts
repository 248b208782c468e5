import type { TFunction } from 'i18next';

// Payment processors explain a refusal in English; the ones we know are shown in the interface language.
const KNOWN = {
  'Your card was declined.': 'declined',
  'Your card has insufficient funds.': 'funds',
  'Your card has expired.': 'expired',
  "Your card's security code is incorrect.": 'cvc',
  'The card authentication was not completed.': 'authentication',
  'The saved card is no longer available.': 'savedCard',
  'Test mode: this is not a test card, so it was not charged. Use a test card such as 4242 4242 4242 4242.': 'notTestCard',
} as const;

/** Why a payment failed, for the buyer. */
export function declineReason(reason: string | null | undefined, t: TFunction): string {
  if (!reason) return t('billing.card.declinedPlain');
  const key = (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN] | undefined>)[reason.trim()];
  return key ? t(`billing.reasons.${key}`) : reason;
}
