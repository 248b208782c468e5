import { checkPayer, type PayerField } from '@episodic/contract/card';
import type { FieldErrors } from '@episodic/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation';
import { TextField } from '../../shared/ui/text-field';

/** The buyer's own details and consent, in every way of paying (our card form, Stripe's Payment Element). */
export interface PayerValues {
  email: string;
  firstName: string;
  lastName: string;
  agree: boolean;
}

/** Field errors of the buyer's details and the consent box, keyed by input name, in the interface language. */
export function payerErrors(values: PayerValues, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  const problems = checkPayer(values);
  for (const name of ['email', 'firstName', 'lastName'] as const) {
    const problem = problems[name];
    if (problem)
      errors[name] = t(problem === 'required' ? `billing.card.required.${name}` : 'auth.errors.emailInvalid');
  }
  if (!values.agree) errors.agree = t('billing.card.errors.agree');
  return errors;
}

interface PayerFieldsProps {
  errors: Record<string, string | undefined>;
  /** The form's registration of an input (useCheckedForm's `field`). */
  field: (name: PayerField) => UseFormRegisterReturn;
  /** A guest pays with an email: the hint says the receipt and the way back to the purchase go there. */
  guest?: boolean;
  /** The names are the cardholder's (our own card form), so the browser fills them from a saved card. */
  cardholder?: boolean;
  /** What stands between the email and the names (the card form's expiry and CVV, in the specification's order). */
  children?: ReactNode;
}

/** The email, first and last name inputs of a payment form. */
export function PayerFields({ errors, field, guest = false, cardholder = false, children }: PayerFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('billing.card.email')}
        type="email"
        autoComplete="email"
        error={errors.email}
        hint={t(guest ? 'billing.card.emailHintGuest' : 'billing.card.emailHint')}
        {...field('email')}
      />
      {children}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('billing.card.firstName')}
          autoComplete={cardholder ? 'cc-given-name' : 'given-name'}
          maxLength={60}
          error={errors.firstName}
          {...field('firstName')}
        />
        <TextField
          label={t('billing.card.lastName')}
          autoComplete={cardholder ? 'cc-family-name' : 'family-name'}
          maxLength={60}
          error={errors.lastName}
          {...field('lastName')}
        />
      </div>
    </>
  );
}
