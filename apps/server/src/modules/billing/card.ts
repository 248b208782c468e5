import { fieldProblem, type FieldProblem, type FieldProblems } from '../../http/errors';
import {
  checkCard,
  checkPayer,
  type CardField,
  type CardFormInput,
  type CardProblem,
  type PayerField,
} from '@episodic/contract/card';

export type CardInput = CardFormInput;

export interface ValidCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  name: string;
  email: string;
  brand: string;
  last4: string;
}

function describe(field: CardField, problem: CardProblem, cvvLength: number): FieldProblem {
  switch (field) {
    case 'number':
      return problem === 'required'
        ? fieldProblem('card_number_required', 'Please enter your card number.')
        : fieldProblem('card_number_invalid', 'This card number is not valid.');
    case 'expiry':
      if (problem === 'required') return fieldProblem('expiry_required', 'Please enter the expiry date (MM/YY).');
      return problem === 'format'
        ? fieldProblem('expiry_format', 'Use the format MM/YY.')
        : fieldProblem('card_expired', 'This card has expired.');
    case 'cvv':
      return problem === 'required'
        ? fieldProblem('cvv_required', 'Please enter the security code.')
        : fieldProblem('cvv_length', `The security code has ${cvvLength} digits.`);
    case 'firstName':
      return fieldProblem('first_name_required', 'Please enter the first name on the card.');
    case 'lastName':
      return fieldProblem('last_name_required', 'Please enter the last name on the card.');
    case 'email':
      return problem === 'required'
        ? fieldProblem('email_required', 'Please enter your email.')
        : fieldProblem('email_invalid', 'Enter a valid email address.');
  }
}

/** Checks a card form before any charge; field errors name what to fix. */
export function validateCard(input: CardInput, now = new Date()): { card: ValidCard } | { fields: FieldProblems } {
  const checked = checkCard(input, now);
  const entries = Object.entries(checked.problems) as [CardField, CardProblem][];
  if (entries.length > 0) {
    const fields: FieldProblems = {};
    for (const [field, problem] of entries) fields[`card.${field}`] = describe(field, problem, checked.cvvLength);
    return { fields };
  }
  return {
    card: {
      number: checked.digits,
      expMonth: checked.expiry!.month,
      expYear: checked.expiry!.year,
      cvv: input.cvv.trim(),
      name: `${input.firstName.trim()} ${input.lastName.trim()}`,
      email: input.email.trim().toLowerCase(),
      brand: checked.brand,
      last4: checked.digits.slice(-4),
    },
  };
}

/** Checks the buyer's name and email given beside Stripe's card form; field errors by input name. */
export function validatePayer(
  input: Pick<CardInput, PayerField>,
): { payer: { email: string; firstName: string; lastName: string } } | { fields: FieldProblems } {
  const entries = Object.entries(checkPayer(input)) as [PayerField, CardProblem][];
  if (entries.length > 0) {
    const fields: FieldProblems = {};
    for (const [field, problem] of entries) fields[field] = describe(field, problem, 3);
    return { fields };
  }
  return {
    payer: {
      email: input.email.trim().toLowerCase(),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
    },
  };
}
