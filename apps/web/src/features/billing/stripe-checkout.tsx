import type { FieldErrors } from '@episodic/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import type { Language } from '../../shared/i18n/languages';
import { FormAlert } from '../../shared/forms/form-alert';
import { formFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { ErrorState } from '../../shared/ui/error-state';
import { LockIcon } from '../../shared/ui/icons/lock';
import { Skeleton } from '../../shared/ui/spinner';
import { startStripeIntent } from './billing-api';
import { loadStripeJs, type StripeElements, type StripeElementEvents, type StripeInstance } from './stripe-js';
import { PayerFields, payerErrors, type PayerValues } from './payer-fields';
import { PurchaseConsent, type PurchaseTerms } from './purchase-consent';

/** Stripe's name for each interface language (fy is French, dy German). */
const STRIPE_LOCALE: Record<Language, string> = { en: 'en', es: 'es', pt: 'pt', fy: 'fr', dy: 'de' };

export interface StripeCheckoutProps {
  /** What is bought, for the consent's words (a one-time pack, or a membership's price, period and first renewal). */
  terms: PurchaseTerms;
  orderId: string;
  /** The order's amount in minor units and its currency (the Payment Element shows what it offers for them). */
  amount: number;
  currency: string;
  /** The amount on the button, already formatted ("$9.99"). */
  amountLabel: string;
  email: string;
  stripe: { publishableKey: string; jsUrl: string };
  /** A payment is about to be sent (tracking, where to come back to). */
  onStart: () => void;
  /** Stripe confirmed the payment (or is processing it): the result page waits for the webhook. */
  onConfirmed: () => void;
}

interface Mounted {
  stripe: StripeInstance;
  elements: StripeElements;
}

/**
 * Paying through Stripe's Payment Element: our own fields (email, names, consent) and Stripe's card
 * form, in Stripe's frame, so the card goes to Stripe and never to us. Pay sends one request at a
 * time: Stripe checks its form, our server answers the order's PaymentIntent, Stripe.js confirms it
 * (a bank's check leaves for its page and comes back to the result page). A decline stays here with
 * Stripe's message, and another card pays the same order.
 */
export function StripeCheckout(props: StripeCheckoutProps) {
  const { orderId, amount, currency, amountLabel, email, terms, stripe: config, onStart, onConfirmed } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const [load, setLoad] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [wallets, setWallets] = useState(false);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef<Mounted | null>(null);
  const paymentHost = useRef<HTMLDivElement>(null);
  const expressHost = useRef<HTMLDivElement>(null);

  const check = (values: PayerValues) => payerErrors(values, t);
  const form = useCheckedForm<PayerValues>({ email, firstName: '', lastName: '', agree: false }, check);
  const { errors, field, setField, watch } = form;

  /** Submit, intent, confirm: one at a time. A wallet's sheet is told when the payment failed. */
  const pay = async (values: PayerValues, wallet?: StripeElementEvents['confirm']) => {
    const current = mounted.current;
    if (!current || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const failed = (message: string, fields: FieldErrors = {}) => {
      wallet?.paymentFailed();
      form.fail({ fields, message });
    };
    try {
      onStart();
      const checked = await current.elements.submit();
      if (checked.error) return failed(checked.error.message ?? t('billing.stripe.failed'));
      const payer = {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      };
      let clientSecret: string;
      try {
        clientSecret = (await startStripeIntent(orderId, payer, values.agree)).clientSecret;
      } catch (error) {
        const failure = formFailure(error, t);
        return failed(failure.message, failure.fields);
      }
      const result = await current.stripe.confirmPayment({
        elements: current.elements,
        clientSecret,
        confirmParams: {
          return_url: `${window.location.origin}/order/result?orderId=${encodeURIComponent(orderId)}`,
          payment_method_data: {
            billing_details: { name: `${payer.firstName} ${payer.lastName}`, email: payer.email },
          },
        },
        redirect: 'if_required',
      });
      if (result.error) return failed(result.error.message ?? t('billing.stripe.failed'));
      onConfirmed();
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  const payRef = useRef(pay);
  payRef.current = pay;
  const formRef = useRef(form);
  formRef.current = form;
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    let cancelled = false;
    setLoad('loading');
    setWallets(false);
    const created: { destroy(): void }[] = [];
    loadStripeJs(config.jsUrl)
      .then((Stripe) => {
        if (cancelled || !paymentHost.current || !expressHost.current) return;
        const stripe = Stripe(config.publishableKey);
        // The intent is made once the buyer pays (with their details and consent): the form is set up
        // for the order's amount and to keep the card for renewals, as the intent will be.
        const elements = stripe.elements({
          mode: 'payment',
          amount,
          currency: currency.toLowerCase(),
          setupFutureUsage: 'off_session',
          locale: STRIPE_LOCALE[language],
          appearance: { theme: 'night', variables: { colorPrimary: '#f43f5e', borderRadius: '12px' } },
        });
        const express = elements.create('expressCheckout');
        express.on('ready', (event) => {
          if (!cancelled) setWallets(Boolean(event.availablePaymentMethods));
        });
        // Our own fields and the consent are checked before the wallet's sheet opens: unresolved, it stays shut.
        express.on('click', (event) => {
          const found = payerErrors(formRef.current.form.getValues(), tRef.current);
          if (Object.keys(found).length > 0) formRef.current.show(found);
          else event.resolve();
        });
        express.on('confirm', (event) => {
          const values = formRef.current.form.getValues();
          const found = payerErrors(values, tRef.current);
          if (Object.keys(found).length > 0) {
            event.paymentFailed();
            formRef.current.show(found);
            return;
          }
          void payRef.current(values, event);
        });
        express.mount(expressHost.current);
        const payment = elements.create('payment', { layout: 'tabs' });
        payment.on('ready', () => {
          if (!cancelled) setLoad('ready');
        });
        payment.on('loaderror', () => {
          if (!cancelled) setLoad('error');
        });
        payment.mount(paymentHost.current);
        created.push(express, payment);
        mounted.current = { stripe, elements };
      })
      .catch(() => {
        if (!cancelled) setLoad('error');
      });
    return () => {
      cancelled = true;
      mounted.current = null;
      for (const element of created) element.destroy();
    };
  }, [config.jsUrl, config.publishableKey, amount, currency, language, attempt]);

  const submit = form.submit((values) => {
    void pay(values);
  });

  if (load === 'error') {
    return (
      <ErrorState
        className="min-h-40 rounded-2xl bg-surface"
        message={t('billing.stripe.loadError')}
        onRetry={() => {
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t('billing.card.formLabel')}
      data-testid="stripe-checkout"
    >
      <PayerFields errors={errors} field={field} />
      <PurchaseConsent
        terms={terms}
        checked={watch('agree')}
        error={errors.agree}
        onChange={(checked) => {
          setField('agree', checked);
        }}
      />
      <div data-testid="stripe-express" hidden={!wallets} ref={expressHost} />
      {wallets ? (
        <p className="flex items-center gap-3 text-xs text-fg-subtle before:h-px before:flex-1 before:bg-white/10 after:h-px after:flex-1 after:bg-white/10">
          {t('billing.card.or')}
        </p>
      ) : null}
      {load === 'loading' ? (
        <div role="status" aria-label={t('billing.stripe.loading')}>
          <Skeleton className="h-44 rounded-2xl" />
        </div>
      ) : null}
      <div data-testid="stripe-payment" ref={paymentHost} className={load === 'loading' ? 'hidden' : ''} />
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <SubmitButton
        pending={pending || load !== 'ready'}
        pendingLabel={t(pending ? 'billing.card.paying' : 'billing.stripe.loading')}
      >
        <LockIcon className="size-4" />
        {t('billing.card.pay', { amount: amountLabel })}
      </SubmitButton>
      <p className="text-center text-xs text-fg-subtle">{t('billing.stripe.secure')}</p>
    </form>
  );
}
