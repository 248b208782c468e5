import { checkCard, formatCardNumber, formatExpiry, type CardField, type CardProblem } from '@episodic/contract/card';
import type { FieldErrors } from '@episodic/contract';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { TFunction } from 'i18next';
import { ConsentCheckbox } from '../../shared/forms/consent-checkbox';
import { FormAlert } from '../../shared/forms/form-alert';
import type { FormFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useFormState } from '../../shared/forms/use-form-state';
import { TextField } from '../../shared/ui/text-field';
import { LockIcon } from '../../shared/ui/icons/lock';
import type { CardDetails } from './billing-api';

const FIELDS: readonly CardField[] = ['number', 'email', 'expiry', 'cvv', 'firstName', 'lastName'];

/** A field error in the interface language. */
export function cardProblemText(t: TFunction, field: CardField, problem: CardProblem, cvvLength = 3): string {
  if (problem === 'required') return t(`billing.card.required.${field}`);
  if (field === 'expiry')
    return problem === 'format' ? t('billing.card.errors.expiryFormat') : t('billing.card.errors.expired');
  if (field === 'cvv') return t('billing.card.errors.cvvLength', { count: cvvLength });
  if (field === 'email') return t('auth.errors.emailInvalid');
  return t('billing.card.errors.number');
}

/** Field errors of the form (keyed by input name) for what the shared card check found. */
export function cardFieldErrors(values: CardDetails, t: TFunction, now = new Date()): FieldErrors {
  const checked = checkCard(values, now);
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const problem = checked.problems[field];
    if (problem) errors[field] = cardProblemText(t, field, problem, checked.cvvLength);
  }
  return errors;
}

interface CardFormProps {
  email: string;
  pending: boolean;
  /** The amount on the button, already formatted ("$9.99"). */
  amount: string;
  /**
   * Sends the payment. A refusal comes back as what the form shows: field errors from the server's
   * checks and a message (a declined card, with the processor's reason).
   */
  onPay: (card: CardDetails, agree: boolean) => Promise<FormFailure | null>;
  /** Paying with PayPal instead: only the consent box matters then. */
  onPaypal?: (agree: boolean) => Promise<FormFailure | null>;
}

/**
 * The card form: number, email, expiry, CVV, names and the "I agree" box. The card is checked here
 * (Luhn, expiry, CVV length) before anything is sent; the server checks it again before charging.
 */
export function CardForm({ email, pending, amount, onPay, onPaypal }: CardFormProps) {
  const { t } = useTranslation();
  const form = useFormState<{
    number: string;
    email: string;
    expiry: string;
    cvv: string;
    firstName: string;
    lastName: string;
    agree: boolean;
  }>({
    number: '',
    email,
    expiry: '',
    cvv: '',
    firstName: '',
    lastName: '',
    agree: false,
  });
  const { values, setField } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const { errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const card: CardDetails = {
      number: values.number,
      email: values.email,
      expiry: values.expiry,
      cvv: values.cvv,
      firstName: values.firstName,
      lastName: values.lastName,
    };
    const found = cardFieldErrors(card, t);
    if (!values.agree) found.agree = t('billing.card.errors.agree');
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      // Take the buyer to the first thing to fix.
      const first = FIELDS.find((f) => found[f]) ?? 'agree';
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    void onPay(card, values.agree).then((failure) => {
      if (!failure) return;
      // The server names card fields "card.number"; the inputs are named "number".
      const fields: FieldErrors = {};
      for (const [name, text] of Object.entries(failure.fields)) fields[name.replace(/^card\./, '')] = text;
      form.fail({ fields, message: failure.message });
    });
  };

  const paypal = () => {
    if (pending || !onPaypal) return;
    if (!values.agree) {
      form.setErrors({ agree: t('billing.card.errors.agree') });
      formRef.current?.querySelector<HTMLInputElement>('[name="agree"]')?.focus();
      return;
    }
    void onPaypal(true).then((failure) => {
      if (failure) form.fail(failure);
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t('billing.card.formLabel')}
    >
      <TextField
        label={t('billing.card.number')}
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        value={values.number}
        maxLength={23}
        error={errors.number}
        onChange={(e) => {
          setField('number', formatCardNumber(e.target.value));
        }}
      />
      <TextField
        label={t('billing.card.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        hint={t('billing.card.emailHint')}
        onChange={(e) => {
          setField('email', e.target.value);
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('billing.card.expiry')}
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('billing.card.expiryPlaceholder')}
          value={values.expiry}
          maxLength={5}
          error={errors.expiry}
          onChange={(e) => {
            setField('expiry', formatExpiry(e.target.value, values.expiry));
          }}
        />
        <TextField
          label={t('billing.card.cvv')}
          name="cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={values.cvv}
          maxLength={4}
          error={errors.cvv}
          onChange={(e) => {
            setField('cvv', e.target.value.replace(/\D/g, '').slice(0, 4));
          }}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('billing.card.firstName')}
          name="firstName"
          autoComplete="cc-given-name"
          value={values.firstName}
          maxLength={60}
          error={errors.firstName}
          onChange={(e) => {
            setField('firstName', e.target.value);
          }}
        />
        <TextField
          label={t('billing.card.lastName')}
          name="lastName"
          autoComplete="cc-family-name"
          value={values.lastName}
          maxLength={60}
          error={errors.lastName}
          onChange={(e) => {
            setField('lastName', e.target.value);
          }}
        />
      </div>
      <ConsentCheckbox
        i18nKey="billing.card.agree"
        checked={values.agree}
        error={errors.agree}
        onChange={(checked) => {
          setField('agree', checked);
        }}
      />
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <SubmitButton pending={pending} pendingLabel={t('billing.card.paying')}>
        <LockIcon className="size-4" />
        {t('billing.card.pay', { amount })}
      </SubmitButton>
      {onPaypal ? (
        <>
          <p className="flex items-center gap-3 text-xs text-fg-subtle before:h-px before:flex-1 before:bg-white/10 after:h-px after:flex-1 after:bg-white/10">
            {t('billing.card.or')}
          </p>
          <button
            type="button"
            onClick={paypal}
            disabled={pending}
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-[#ffc439] text-sm font-bold text-[#003087] hover:bg-[#f2ba36] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('billing.card.paypal')}
          </button>
        </>
      ) : null}
      <p className="text-center text-xs text-fg-subtle">{t('billing.card.secure')}</p>
    </form>
  );
}
