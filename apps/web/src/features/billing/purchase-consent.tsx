import type { Order } from '@episodic/contract';
import type { TFunction } from 'i18next';
import type { Language } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatCount } from '../../shared/format/count';
import { formatDate } from '../../shared/format/date';
import { formatPrice } from '../../shared/format/price';
import { ConsentCheckbox } from '../../shared/forms/consent-checkbox';

/** What the buyer consents to: the order's kind, price and what it sells (GET /api/payment/order). */
export type PurchaseTerms = Pick<
  Order,
  'kind' | 'amount' | 'currency' | 'renewalDays' | 'coins' | 'bonusCoins' | 'renewsAt'
>;

const DAY_MS = 86_400_000;

type ConsentKey = 'billing.consent.coins' | 'billing.consent.membership' | 'billing.consent.membershipExtends';

/**
 * The consent text and its values: a coin pack is a one-time purchase of its coins; a membership names
 * its price, period and first renewal date (the server's preview, or a period from now without one).
 */
export function consentText(
  terms: PurchaseTerms,
  t: TFunction,
  language: Language,
  now = Date.now(),
): { key: ConsentKey; values: Record<string, string | number> } {
  const price = formatPrice(terms.amount, terms.currency, language);
  if (terms.kind === 'coins' || !terms.renewalDays) {
    const amount = formatCount(terms.coins, language);
    const coins = t('billing.consent.coinCount', { count: terms.coins, amount });
    const bought =
      terms.bonusCoins > 0
        ? t('billing.consent.withBonus', {
            count: terms.bonusCoins,
            coins,
            bonus: formatCount(terms.bonusCoins, language),
          })
        : coins;
    return { key: 'billing.consent.coins', values: { coins: bought, price } };
  }
  const period = terms.renewalDays * DAY_MS;
  const renewsAt = terms.renewsAt ? Date.parse(terms.renewsAt) : now + period;
  // A member paying again extends the paid time: the first renewal comes later than one period from now.
  const extends_ = renewsAt - now > period + DAY_MS;
  return {
    key: extends_ ? 'billing.consent.membershipExtends' : 'billing.consent.membership',
    values: {
      period: t('billing.consent.every', { count: terms.renewalDays }),
      price,
      date: formatDate(renewsAt, language),
    },
  };
}

interface PurchaseConsentProps {
  terms: PurchaseTerms;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

/**
 * The "I agree" box of a payment, saying what is bought: a one-time purchase of a coin pack, or a
 * membership with its price, period and first renewal date, in the viewer's language and formats.
 */
export function PurchaseConsent({ terms, checked, onChange, error }: PurchaseConsentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { key, values } = consentText(terms, t, language);
  return <ConsentCheckbox i18nKey={key} values={values} checked={checked} error={error} onChange={onChange} />;
}
