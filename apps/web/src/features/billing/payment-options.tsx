import { formatCardNumber } from '@episodic/contract/card';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { billingKey } from './billing-api';

/** How the shop takes payments (`GET /api/payment/options`): test or live mode, PayPal or not, the test cards. */
export const paymentOptionsQuery = queryOptions({
  queryKey: [...billingKey, 'options'],
  queryFn: ({ signal }) => api.get('/api/payment/options', { signal }),
  // A server setting: it changes only with a restart.
  staleTime: 10 * 60_000,
});

export function usePaymentOptions() {
  return useQuery(paymentOptionsQuery);
}

/**
 * The test-mode notice: in test mode no money is taken, and viewers must see that before and after
 * paying. With `card`, it also names a test card to pay with.
 */
export function TestModeNotice({ card = false }: { card?: boolean }) {
  const { t } = useTranslation();
  const options = usePaymentOptions();
  if (options.data?.mode !== 'test') return null;
  const testCard = options.data.testCards.find((c) => c.outcome === 'succeeds');
  return (
    <p
      role="note"
      data-testid="test-mode-notice"
      className="rounded-2xl border border-amber-300/40 bg-amber-300/10 px-4 py-3 text-sm text-amber-100"
    >
      <strong className="font-semibold text-amber-300">{t('billing.testMode.notice')}</strong>
      {card && testCard ? (
        <span className="mt-1 block text-xs text-amber-100/90">
          {t('billing.testMode.card', { number: formatCardNumber(testCard.number) })}
        </span>
      ) : null}
    </p>
  );
}
