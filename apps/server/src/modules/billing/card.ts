import type { FieldErrors } from '@episodic/contract';
import { checkCard, type CardField, type CardFormInput, type CardProblem } from '@episodic/contract/card';


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

function message(field: CardField, problem: CardProblem, cvvLength: number): string {
  switch (field) {
    case 'number':
      return problem === 'required' ? 'Please enter your card number.' : 'This card number is not valid.';
    case 'expiry':
      return problem === 'required' ? 'Please enter the expiry date (MM/YY).' : problem === 'format' ? 'Use the format MM/YY.' : 'This card has expired.';
    case 'cvv':
      return problem === 'required' ? 'Please enter the security code.' : `The security code has ${cvvLength} digits.`;
    case 'firstName':
      return 'Please enter the first name on the card.';
    case 'lastName':
      return 'Please enter the last name on the card.';
    case 'email':
      return problem === 'required' ? 'Please enter your email.' : 'Enter a valid email address.';
  }
}

/** Checks a card form before any charge; field errors name what to fix. */
export function validateCard(input: CardInput, now = new Date()): { card: ValidCard } | { fields: FieldErrors } {
  const checked = checkCard(input, now);
  const entries = Object.entries(checked.problems) as [CardField, CardProblem][];
  if (entries.length > 0) {
    const fields: FieldErrors = {};
    for (const [field, problem] of entries) fields[`card.${field}`] = message(field, problem, checked.cvvLength);
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
