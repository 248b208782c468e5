import type { TFunction } from 'i18next';
import type { PaymentFailure } from '@episodic/contract';
import { reasonText } from '../../shared/i18n/failure-text';

/**
 * Why a payment failed, for the buyer: the failure's code in the interface language, or the
 * processor's own words when it has no code we know.
 */
export function declineReason(
  reason: string | null | undefined,
  code: PaymentFailure | null | undefined,
  t: TFunction,
): string {
  if (!reason && !code) return t('billing.card.declinedPlain');
  return reasonText(code, reason ?? '', t) || t('billing.card.declinedPlain');
}
