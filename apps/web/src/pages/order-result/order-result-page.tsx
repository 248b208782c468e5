import type { Order } from '@episodic/contract';
import { countOf } from '../../shared/format/count';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../shared/session/use-current-user';
import {
  checkoutReturn,
  declineReason,
  firstReportOf,
  membershipLine,
  refreshAfterPayment,
  TestModeNotice,
  useOrder,
} from '../../features/billing';
import { track } from '../../features/tracking';
import { conversionEventId } from '../../features/tracking/lazy';
import { formatDate } from '../../shared/format/date';
import { formatPrice } from '../../shared/format/price';
import { ButtonLink } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { CheckIcon } from '../../shared/ui/icons/check';
import { CloseIcon } from '../../shared/ui/icons/close';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { Page } from '../../shared/ui/page';
import { Skeleton, Spinner } from '../../shared/ui/spinner';

type Tone = 'success' | 'error' | 'waiting' | 'neutral';

const toneClass: Record<Tone, string> = {
  success: 'bg-emerald-400/15 text-emerald-300',
  error: 'bg-accent/15 text-accent-strong',
  waiting: 'bg-surface-3 text-fg-muted',
  neutral: 'bg-surface-3 text-fg-muted',
};

function Outcome({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      data-testid="order-outcome"
      data-tone={tone}
      className="flex flex-col items-center gap-4 rounded-2xl bg-surface px-5 py-8 text-center"
    >
      <span className={`flex size-16 items-center justify-center rounded-full ${toneClass[tone]}`}>
        {tone === 'success' ? (
          <CheckIcon className="size-8" />
        ) : tone === 'waiting' ? (
          <Spinner className="size-8 text-accent" />
        ) : (
          <CloseIcon className="size-8" />
        )}
      </span>
      <h2 role={tone === 'error' ? 'alert' : 'status'} className="text-xl font-bold text-fg">
        {title}
      </h2>
      {children}
      <div className="flex w-full flex-col gap-3">{actions}</div>
    </section>
  );
}

function Details({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <dl className="grid w-full grid-cols-2 gap-x-3 gap-y-1 rounded-xl bg-surface-2 px-4 py-3 text-left text-sm">
      <dt className="text-fg-muted">{t('billing.result.item')}</dt>
      <dd className="text-right font-medium text-fg">{order.planName}</dd>
      <dt className="text-fg-muted">{t('billing.result.amount')}</dt>
      <dd className="text-right font-medium text-fg tabular-nums">
        {formatPrice(order.amount, order.currency, language)}
      </dd>
      {order.paidAt ? (
        <>
          <dt className="text-fg-muted">{t('billing.result.date')}</dt>
          <dd className="text-right font-medium text-fg">{formatDate(order.paidAt, language)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The payment result: paid (what it bought, then back to the episode), failed with the reason,
 * pending (confirming, polled), cancelled or refunded. Works for an order paid in this tab and for
 * the return from a bank's 3-D Secure page or PayPal.
 */
export function OrderResultPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const order = useOrder(orderId);
  const user = useCurrentUser();
  const status = order.data?.status;
  const backTo = (orderId && checkoutReturn(orderId)) || null;

  useEffect(() => {
    if (status !== 'paid' || !order.data || !orderId) return;
    void refreshAfterPayment(queryClient);
    if (!firstReportOf(orderId)) return;
    const value = order.data.amount / 100;
    // The server reports both conversions too, with the same ids: the platforms count each once.
    track('Purchase', {
      event_id: conversionEventId('Purchase', orderId),
      value,
      currency: order.data.currency,
      order_id: orderId,
      content_type: order.data.kind,
    });
    if (order.data.kind === 'membership')
      track('Subscribe', {
        event_id: conversionEventId('Subscribe', orderId),
        value,
        currency: order.data.currency,
        order_id: orderId,
      });
  }, [status, order.data, orderId, queryClient]);

  const title = t('pages.orderResult');
  const shopping = backTo ? `/shopping?returnTo=${encodeURIComponent(backTo)}` : '/shopping';
  let body: ReactNode;
  if (!orderId) {
    body =
      params.get('status') === 'cancelled' ? (
        <Outcome
          tone="neutral"
          title={t('billing.result.cancelled')}
          actions={<ButtonLink to="/shopping">{t('billing.seePlans')}</ButtonLink>}
        >
          <p className="text-sm text-fg-muted">{t('billing.result.cancelledBody')}</p>
        </Outcome>
      ) : (
        <Outcome
          tone="neutral"
          title={t('billing.result.unknown')}
          actions={<ButtonLink to="/shopping">{t('billing.seePlans')}</ButtonLink>}
        />
      );
  } else if (order.isPending) {
    body = (
      <div role="status" aria-label={t('app.loading')}>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    );
  } else if (order.isError) {
    body = (
      <ErrorState
        className="min-h-40 rounded-2xl bg-surface"
        message={t('billing.order.loadError')}
        onRetry={() => {
          void order.refetch();
        }}
      />
    );
  } else {
    const o = order.data;
    const retry = `/order/easy?orderId=${encodeURIComponent(o.id)}${backTo ? `&returnTo=${encodeURIComponent(backTo)}` : ''}`;
    switch (o.status) {
      case 'paid':
        body = (
          <Outcome
            tone="success"
            title={t('billing.result.paid')}
            actions={
              <>
                <ButtonLink to={backTo ?? '/'}>
                  {backTo ? t('billing.result.backToEpisode') : t('billing.result.startWatching')}
                </ButtonLink>
                <ButtonLink to="/my" variant="secondary">
                  {t('pages.my')}
                </ButtonLink>
              </>
            }
          >
            <p className="text-sm text-fg-muted">
              {o.kind === 'membership' ? (
                user.data?.membership.active ? (
                  t('billing.result.memberNow', { line: membershipLine(user.data, t, language) })
                ) : (
                  t('billing.result.memberSoon')
                )
              ) : (
                <span className="inline-flex items-center gap-1">
                  <CoinIcon className="size-4 text-amber-300" />
                  {t('billing.result.coinsNow', countOf(user.data?.coins ?? 0, language))}
                </span>
              )}
            </p>
            <Details order={o} />
          </Outcome>
        );
        break;
      case 'failed':
        body = (
          <Outcome
            tone="error"
            title={t('billing.result.failed')}
            actions={
              <>
                <ButtonLink to={retry}>{t('billing.result.tryAgain')}</ButtonLink>
                <ButtonLink to={shopping} variant="secondary">
                  {t('billing.seePlans')}
                </ButtonLink>
              </>
            }
          >
            <p className="text-sm text-fg">{declineReason(o.failureReason, o.failureCode, t)}</p>
            <p className="text-xs text-fg-muted">{t('billing.result.notCharged')}</p>
            <Details order={o} />
          </Outcome>
        );
        break;
      case 'processing':
      case 'requires_action':
        body = (
          <Outcome
            tone="waiting"
            title={t('billing.result.processing')}
            actions={
              <ButtonLink to="/my" variant="secondary">
                {t('pages.my')}
              </ButtonLink>
            }
          >
            <p className="text-sm text-fg-muted">{t('billing.result.processingBody')}</p>
            <Details order={o} />
          </Outcome>
        );
        break;
      case 'pending':
        body = (
          <Outcome
            tone="neutral"
            title={t('billing.result.pending')}
            actions={<ButtonLink to={retry}>{t('billing.result.completePayment')}</ButtonLink>}
          >
            <p className="text-sm text-fg-muted">{t('billing.result.pendingBody')}</p>
            <Details order={o} />
          </Outcome>
        );
        break;
      case 'cancelled':
        body = (
          <Outcome
            tone="neutral"
            title={t('billing.result.cancelled')}
            actions={<ButtonLink to={shopping}>{t('billing.seePlans')}</ButtonLink>}
          >
            <p className="text-sm text-fg-muted">{t('billing.result.cancelledBody')}</p>
            <Details order={o} />
          </Outcome>
        );
        break;
      default:
        body = (
          <Outcome
            tone="neutral"
            title={t('billing.result.refunded')}
            actions={<ButtonLink to="/my">{t('pages.my')}</ButtonLink>}
          >
            <Details order={o} />
          </Outcome>
        );
    }
  }
  return (
    <Page name="order-result" title={title}>
      <TestModeNotice />
      {body}
    </Page>
  );
}

export { OrderResultPage as Component };
