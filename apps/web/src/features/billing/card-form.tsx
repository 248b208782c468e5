import {
  buyerEmailProblem,
  checkCard,
  formatCardNumber,
  formatExpiry,
  type CardField,
  type CardProblem,
} from '@episodic/contract/card';
import type { FieldErrors } from '@episodic/contract';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { TFunction } from 'i18next';
import { FormAlert } from '../../shared/forms/form-alert';
import type { FormFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { TextField } from '../../shared/ui/text-field';
import { LockIcon } from '../../shared/ui/icons/lock';
import type { CardDetails } from './billing-api';
import { PayerFields, payerErrors } from './payer-fields';
import { PurchaseConsent, type PurchaseTerms } from './purchase-consent';

/** The card's own fields; the buyer's details and the consent are checked by `payerErrors`. */
const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv'];

/**
 * The input of each field POST /api/payment/pay names in its field errors (the body's paths: billing's card
 * check and the request validation both name a card field `card.<field>`; the consent is `agree`).
 */
const SERVER_FIELDS: Readonly<Record<string, CardField | 'agree'>> = {
  'card.number': 'number',
  'card.email': 'email',
  'card.expiry': 'expiry',
  'card.cvv': 'cvv',
  'card.firstName': 'firstName',
  'card.lastName': 'lastName',
  agree: 'agree',
};

/** The server's field errors by input name; a field without an input keeps the server's name. */
export function inputFields(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(fields)) out[SERVER_FIELDS[name] ?? name] = text;
  return out;
}

/** A field error in the interface language. */
export function cardProblemText(t: TFunction, field: CardField, problem: CardProblem, cvvLength = 3): string {
  if (problem === 'required') return t(`billing.card.required.${field}`);
  if (field === 'expiry')
    return problem === 'format' ? t('billing.card.errors.expiryFormat') : t('billing.card.errors.expired');
  if (field === 'cvv') return t('billing.card.errors.cvvLength', { count: cvvLength });
  if (field === 'email') return t('auth.errors.emailInvalid');
  return t('billing.card.errors.number');
}

/** Field errors of the card's own fields (keyed by input name) for what the shared card check found. */
export function cardFieldErrors(values: CardDetails, t: TFunction, now = new Date()): FieldErrors {
  const checked = checkCard(values, now);
  const errors: FieldErrors = {};
  for (const field of CARD_FIELDS) {
    const problem = checked.problems[field];
    if (problem) errors[field] = cardProblemText(t, field, problem, checked.cvvLength);
  }
  return errors;
}

interface CardFormProps {
  email: string;
  /** A guest pays with an email: the receipt and the way back to the purchase go there. */
  guest?: boolean;
  pending: boolean;
  /** The amount on the button, already formatted ("$9.99"). */
  amount: string;
  /** What is bought, for the consent box to name. */
  terms: PurchaseTerms;
  /**
   * Sends the payment. A refusal comes back as what the form shows: field errors from the server's
   * checks and a message (a declined card, with the processor's reason).
   */
  onPay: (card: CardDetails, agree: boolean) => Promise<FormFailure | null>;
  /** Paying with PayPal instead: only the email (where the receipt goes) and the consent box matter then. */
  onPaypal?: (agree: boolean, email: string) => Promise<FormFailure | null>;
}

/**
 * The card form: number, email, expiry, CVV, names and the "I agree" box naming what is bought. The card is checked here
 * (Luhn, expiry, CVV length) before anything is sent; the server checks it again before charging.
 */
export function CardForm({ email, guest = false, pending, amount, terms, onPay, onPaypal }: CardFormProps) {
  const { t } = useTranslation();
  const form = useCheckedForm(
    { number: '', email, expiry: '', cvv: '', firstName: '', lastName: '', agree: false },
    (values) => ({ ...cardFieldErrors(values, t), ...payerErrors(values, t) }),
  );
  const { errors, field, setField, watch } = form;

  const submit = form.submit(({ agree, ...card }) => {
    if (pending) return;
    void onPay(card, agree).then((failure) => {
      if (failure) form.fail({ fields: inputFields(failure.fields), message: failure.message });
    });
  });

  const paypal = () => {
    if (pending || !onPaypal) return;
    const shown: Record<string, string> = {};
    const problem = buyerEmailProblem(watch('email'));
    // An account may leave it empty (its own email serves); a guest may not.
    if (problem === 'invalid' || (problem && guest)) shown.email = cardProblemText(t, 'email', problem);
    if (!watch('agree')) shown.agree = t('billing.card.errors.agree');
    if (Object.keys(shown).length > 0) {
      form.show(shown);
      return;
    }
    void onPaypal(true, watch('email')).then((failure) => {
      if (failure) form.fail({ fields: inputFields(failure.fields), message: failure.message });
    });
  };

  return (
    <form
      ref={form.formRef}
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
        value={watch('number')}
        maxLength={23}
        error={errors.number}
        onChange={(e) => {
          setField('number', formatCardNumber(e.target.value));
        }}
      />
      <PayerFields errors={errors} field={field} guest={guest} cardholder>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('billing.card.expiry')}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('billing.card.expiryPlaceholder')}
            value={watch('expiry')}
            maxLength={5}
            error={errors.expiry}
            onChange={(e) => {
              setField('expiry', formatExpiry(e.target.value, watch('expiry')));
            }}
          />
          <TextField
            label={t('billing.card.cvv')}
            name="cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={watch('cvv')}
            maxLength={4}
            error={errors.cvv}
            onChange={(e) => {
              setField('cvv', e.target.value.replace(/\D/g, '').slice(0, 4));
            }}
          />
        </div>
      </PayerFields>
      <PurchaseConsent
        terms={terms}
        checked={watch('agree')}
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
