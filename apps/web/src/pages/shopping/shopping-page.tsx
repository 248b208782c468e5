import type { Plan } from '@episodic/contract';
import { useLanguage } from '../../shared/i18n/use-language';
import { formatCount } from '../../shared/format/count';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../shared/links/link';
import { safeReturnTo } from '../../shared/links/return-to';
import { useCurrentUser } from '../../shared/session/use-current-user';
import {
  CoinPackCard,
  createOrder,
  MembershipPlanCard,
  MembershipStatus,
  pricePerDay,
  rememberCheckoutReturn,
  TestModeNotice,
  usePlans,
} from '../../features/billing';
import { track } from '../../features/tracking';
import { isApiError } from '../../shared/api/client';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { ErrorState } from '../../shared/ui/error-state';
import { Page, Section } from '../../shared/ui/page';
import { Skeleton } from '../../shared/ui/spinner';
import { toast } from '../../shared/ui/toast-store';

function PlansSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-3">
      <Skeleton className="h-32 rounded-2xl" />
      <Skeleton className="h-32 rounded-2xl" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-16 rounded-2xl" />
        <Skeleton className="h-16 rounded-2xl" />
        <Skeleton className="h-16 rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * Plans and coins: the balance and membership first, then the memberships (the cheapest per day
 * marked) and the coin packs, every price shown before any tap. Choosing one opens an order and the
 * card page; `returnTo` (the episode being watched) is where the buyer goes back after paying.
 */
export function ShoppingPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'), '');
  const user = useCurrentUser();
  const plans = usePlans();
  const order = useMutation({
    mutationFn: (plan: Plan) => createOrder(queryClient, plan.id),
    onSuccess: (opened, plan) => {
      track('InitiateCheckout', {
        value: opened.amount / 100,
        currency: opened.currency,
        order_id: opened.id,
        content_name: plan.name,
        content_type: plan.kind,
      });
      rememberCheckoutReturn(opened.id, returnTo);
      const query = new URLSearchParams({ orderId: opened.id });
      if (returnTo) query.set('returnTo', returnTo);
      void navigate(`/order/easy?${query.toString()}`);
    },
    onError: (error) => {
      // Transport failures and code 500 were already toasted by the API client.
      if (isApiError(error) && error.kind === 'envelope' && error.code !== 500)
        toast(error.message || t('errors.generic'), 'error');
    },
  });

  const memberships = (plans.data ?? []).filter((p) => p.kind === 'membership');
  const packs = (plans.data ?? []).filter((p) => p.kind === 'coins');
  const cheapest =
    memberships.length > 1 ? memberships.reduce((a, b) => (pricePerDay(b) < pricePerDay(a) ? b : a)) : undefined;
  const busyId = order.isPending ? order.variables.id : null;
  const choose = (plan: Plan) => {
    if (!order.isPending) order.mutate(plan);
  };

  return (
    <Page name="shopping" title={t('pages.shopping')}>
      {returnTo ? (
        <Link to={returnTo} className="-mt-3 inline-flex items-center gap-1 self-start text-sm font-medium text-accent">
          {t('billing.backToEpisode')}
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : null}

      <TestModeNotice />

      {user.data ? (
        <div className="flex flex-col gap-3">
          <div data-testid="coin-balance" className="flex items-center justify-between rounded-2xl bg-surface p-4">
            <span className="text-sm text-fg-muted">{t('billing.balance')}</span>
            <span className="flex items-center gap-1.5 text-lg font-extrabold text-amber-300 tabular-nums">
              <CoinIcon className="size-5" />
              {formatCount(user.data.coins, language)}
            </span>
          </div>
          <MembershipStatus user={user.data} plans={memberships} />
        </div>
      ) : null}

      {plans.isPending ? (
        <PlansSkeleton />
      ) : plans.isError ? (
        <ErrorState
          className="min-h-40 rounded-2xl bg-surface"
          message={t('billing.plans.loadError')}
          onRetry={() => {
            void plans.refetch();
          }}
        />
      ) : (
        <>
          <Section title={t('billing.plans.title')}>
            <p className="-mt-2 text-sm text-fg-muted">{t('billing.plans.intro')}</p>
            <ul className="flex flex-col gap-4">
              {memberships.map((plan) => (
                <MembershipPlanCard
                  key={plan.id}
                  plan={plan}
                  best={plan.id === cheapest?.id}
                  busy={busyId === plan.id}
                  disabled={order.isPending}
                  onChoose={choose}
                />
              ))}
            </ul>
            <p className="text-xs leading-relaxed text-fg-subtle">{t('billing.plans.renewalNote')}</p>
          </Section>
          <Section title={t('billing.packs.title')}>
            <p className="-mt-2 text-sm text-fg-muted">{t('billing.packs.intro')}</p>
            <ul className="flex flex-col gap-3">
              {packs.map((plan) => (
                <CoinPackCard
                  key={plan.id}
                  plan={plan}
                  busy={busyId === plan.id}
                  disabled={order.isPending}
                  onChoose={choose}
                />
              ))}
            </ul>
          </Section>
          <p className="text-xs text-fg-subtle">
            <Link to="/refundPolicy" className="underline underline-offset-2">
              {t('pages.refundPolicy')}
            </Link>
            {' · '}
            <Link to="/unlocked" className="underline underline-offset-2">
              {t('pages.unlocked')}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
}

export { ShoppingPage as Component };
