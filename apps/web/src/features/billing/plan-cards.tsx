import type { Plan } from '@episodic/contract';
import { useId } from 'react';
import { countOf, formatCount } from '../../shared/format/count';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import { formatPrice } from '../../shared/format/price';
import { Button } from '../../shared/ui/button';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { Spinner } from '../../shared/ui/spinner';

interface PlanCardProps {
  plan: Plan;
  /** Marks the plan that costs least per day. */
  best?: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

/** The price of a day of membership, to compare plans. */
export function pricePerDay(plan: Plan): number {
  return plan.renewalDays ? plan.price / plan.renewalDays : Number.POSITIVE_INFINITY;
}

/** A membership: its price per renewal period, what it includes and the button to take it. */
export function MembershipPlanCard({ plan, best = false, busy, disabled, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li
      data-testid="membership-plan"
      className={`relative flex flex-col gap-3 rounded-2xl p-4 ring-1 ${best ? 'bg-amber-400/10 ring-amber-300/60' : 'bg-surface ring-white/10'}`}
    >
      {best ? (
        <span className="absolute -top-2.5 right-4 rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold text-black">
          {t('billing.plans.bestValue')}
        </span>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 font-bold text-fg">
            <CrownIcon className="size-4 shrink-0 text-amber-300" />
            {plan.name}
          </h3>
          <p className="mt-1 text-sm text-fg-muted">{plan.description}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xl font-extrabold text-fg tabular-nums">
            {formatPrice(plan.price, plan.currency, language)}
          </p>
          <p className="text-xs text-fg-muted">{t('billing.plans.every', { count: plan.renewalDays ?? 0 })}</p>
        </div>
      </div>
      <Button
        className="w-full"
        variant={best ? 'primary' : 'secondary'}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={() => {
          onChoose(plan);
        }}
      >
        {busy ? <Spinner className="size-4" /> : null}
        {t('billing.plans.subscribe', { price: formatPrice(plan.price, plan.currency, language) })}
      </Button>
    </li>
  );
}

/**
 * A coin pack, as a row: coins and the bonus on the left, the price on the right, on one line whatever
 * the language's price format. The price is the button, named "Buy 300 coins for $2.99", and its press
 * area covers the card: the words it shows stay part of the name it is read out by.
 */
export function CoinPackCard({ plan, busy, disabled, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const bonusId = useId();
  const name = t('billing.packs.coins', countOf(plan.coins, language));
  return (
    <li
      data-testid="coin-pack"
      className="relative flex min-h-16 items-center gap-3 rounded-2xl bg-surface px-4 py-3 ring-1 ring-white/10 has-[button:disabled]:opacity-60 has-[button:enabled:hover]:bg-surface-2"
    >
      <CoinIcon className="size-6 shrink-0 text-amber-300" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-lg leading-tight font-extrabold break-words text-amber-300 tabular-nums">
          {formatCount(plan.coins, language)}
        </span>
        {plan.bonusCoins > 0 ? (
          <span id={bonusId} className="text-xs font-semibold break-words text-emerald-300">
            {t('billing.packs.bonus', countOf(plan.bonusCoins, language))}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-label={t('billing.packs.buy', { name, price: formatPrice(plan.price, plan.currency, language) })}
        aria-describedby={plan.bonusCoins > 0 ? bonusId : undefined}
        onClick={() => {
          onChoose(plan);
        }}
        className="inline-flex min-h-10 min-w-28 shrink-0 items-center justify-center gap-1.5 rounded-full bg-accent px-4 text-sm font-bold whitespace-nowrap text-black tabular-nums after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent"
      >
        {busy ? <Spinner className="size-4" /> : null}
        {formatPrice(plan.price, plan.currency, language)}
      </button>
    </li>
  );
}
