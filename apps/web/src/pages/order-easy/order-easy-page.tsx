import type { Order, PayMethod, PayResult } from '@episodic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import { useNavigate, useSearchParams } from 'react-router';
import { formFailure, type FormFailure } from '../../shared/forms/server-messages';
import { useCurrentUser } from '../../shared/session/use-current-user';
import {
  type CardDetails,
  CardForm,
  declineReason,
  payByCard,
  payByPaypal,
  refreshAfterPayment,
  rememberCheckoutReturn,
  StripeCheckout,
  TestModeNotice,
  useOrder,
  usePaymentOptions,
} from '../../features/billing';
import { track } from '../../features/tracking';
import { formatPrice } from '../../shared/format/price';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Page } from '../../shared/ui/page';
import { Skeleton } from '../../shared/ui/spinner';

function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div data-testid="order-summary" className="flex items-center justify-between gap-3 rounded-2xl bg-surface p-4">
      <div className="min-w-0">
        <p className="truncate font-semibold text-fg">{order.planName}</p>
        <p className="text-xs text-fg-muted">
          {order.kind === 'membership' ? t('billing.order.renews') : t('billing.order.oneTime')}
        </p>
      </div>
      <p className="shrink-0 text-xl font-extrabold text-fg tabular-nums">
        {formatPrice(order.amount, order.currency, language)}
      </p>
    </div>
  );
}

/**
 * Paying an order by card. Pay sends once: the button stays disabled until the answer, and the
 * server charges an order once however many requests reach it. A bank's 3-D Secure check opens its
 * page; every settled outcome ends on the result page, and a refusal stays here to try another card.
 */
export function OrderEasyPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const order = useOrder(orderId);
  const user = useCurrentUser();
  const options = usePaymentOptions();
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  /**
   * Sends one payment at a time, by card or PayPal: a bank's or PayPal's page when the answer has
   * one, a decline back to the form, anything else to the result page.
   */
  const submit = async (method: PayMethod, send: (id: string) => Promise<PayResult>): Promise<FormFailure | null> => {
    if (!orderId || !order.data || inFlight.current) return null;
    inFlight.current = true;
    setPending(true);
    rememberCheckoutReturn(orderId, params.get('returnTo'));
    track('AddPaymentInfo', {
      value: order.data.amount / 100,
      currency: order.data.currency,
      order_id: orderId,
      ...(method === 'paypal' ? { payment_method: 'paypal' } : {}),
    });
    try {
      const result = await send(orderId);
      if ((result.status === 'requires_action' || result.status === 'redirect') && result.redirectUrl) {
        window.location.assign(result.redirectUrl);
        return null;
      }
      if (result.status === 'failed')
        return { fields: {}, message: declineReason(result.reason, result.reasonCode, t) };
      await refreshAfterPayment(queryClient);
      void navigate(`/order/result?orderId=${encodeURIComponent(orderId)}`, { replace: true });
      return null;
    } catch (error) {
      return formFailure(error, t);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  const pay = (card: CardDetails, agree: boolean) => submit('card', (id) => payByCard(id, card, agree));
  /** Stripe's form is about to confirm: tracked and remembered as a card payment is. */
  const stripeStart = () => {
    if (!orderId || !order.data) return;
    rememberCheckoutReturn(orderId, params.get('returnTo'));
    track('AddPaymentInfo', { value: order.data.amount / 100, currency: order.data.currency, order_id: orderId });
  };
  const stripeConfirmed = () => {
    if (!orderId) return;
    void refreshAfterPayment(queryClient);
    void navigate(`/order/result?orderId=${encodeURIComponent(orderId)}`, { replace: true });
  };
  const stripe = options.data?.processor === 'stripe' ? options.data.stripe : null;
  const paypal = (agree: boolean, email: string) => submit('paypal', (id) => payByPaypal(id, agree, email));

  const title = t('pages.orderEasy');
  if (!orderId) {
    return (
      <Page name="order-easy" title={title}>
        <EmptyState message={t('billing.order.none')}>
          <ButtonLink to="/shopping">{t('billing.seePlans')}</ButtonLink>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page name="order-easy" title={title}>
      {order.isPending || user.isPending ? (
        <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-4">
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-80 rounded-2xl" />
        </div>
      ) : order.isError ? (
        <ErrorState
          className="min-h-40 rounded-2xl bg-surface"
          message={t('billing.order.loadError')}
          onRetry={() => {
            void order.refetch();
          }}
        />
      ) : order.data.status === 'paid' || order.data.status === 'cancelled' || order.data.status === 'refunded' ? (
        <EmptyState message={t(`billing.order.already.${order.data.status}`)}>
          <ButtonLink to={`/order/result?orderId=${encodeURIComponent(order.data.id)}`}>
            {t('billing.order.seeResult')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <TestModeNotice card />
          <OrderSummary order={order.data} />
          {/* PayPal when the server offers it (configured, or the whole shop in test mode); when the
              options could not be read, still offered (the server refuses it where it is not set up). */}
          {options.isPending ? (
            <Skeleton className="h-80 rounded-2xl" />
          ) : stripe ? (
            // Stripe takes the cards: its own form, in its frame (the card never reaches us).
            <StripeCheckout
              orderId={order.data.id}
              amount={order.data.amount}
              currency={order.data.currency}
              amountLabel={formatPrice(order.data.amount, order.data.currency, language)}
              email={user.data?.email ?? ''}
              terms={order.data}
              stripe={stripe}
              onStart={stripeStart}
              onConfirmed={stripeConfirmed}
            />
          ) : (
            <CardForm
              email={user.data?.email ?? ''}
              guest={user.data?.isGuest ?? false}
              pending={pending}
              amount={formatPrice(order.data.amount, order.data.currency, language)}
              terms={order.data}
              onPay={pay}
              {...((options.data ? options.data.paypal : options.isError) ? { onPaypal: paypal } : {})}
            />
          )}
        </>
      )}
    </Page>
  );
}

export { OrderEasyPage as Component };
