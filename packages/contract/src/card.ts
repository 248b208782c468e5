// Card checks shared by the payment form and the server, which repeats them before any charge.
// No schema code here: the web app imports this module on its own (`@episodic/contract/card`).

export type CardField = 'number' | 'expiry' | 'cvv' | 'firstName' | 'lastName' | 'email';
/** What is wrong with a field: missing, not a possible value, badly formatted, past, or the wrong length. */
export type CardProblem = 'required' | 'invalid' | 'format' | 'expired' | 'length';

export interface CardFormInput {
  number: string;
  expiry: string;
  cvv: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface CardCheck {
  problems: Partial<Record<CardField, CardProblem>>;
  /** The number without spaces or dashes. */
  digits: string;
  brand: string;
  expiry: { month: number; year: number } | null;
  /** Digits of the security code for this brand. */
  cvvLength: number;
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** Reads MM/YY (or MM/YYYY); null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

/** What is wrong with a buyer's email (the card form's, or the one a guest gives before PayPal), if anything. */
export function buyerEmailProblem(value: string | undefined): 'required' | 'invalid' | null {
  const email = (value ?? '').trim();
  if (!email) return 'required';
  return email.length <= 254 && EMAIL.test(email) ? null : 'invalid';
}

/** Checks a card form: what is wrong with each field, if anything. */
export function checkCard(input: CardFormInput, now = new Date()): CardCheck {
  const problems: CardCheck['problems'] = {};
  const digits = input.number.replace(/[\s-]/g, '');
  if (!digits) problems.number = 'required';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) problems.number = 'invalid';
  const expiry = parseExpiry(input.expiry);
  const year = now.getUTCFullYear();
  if (!input.expiry.trim()) problems.expiry = 'required';
  else if (!expiry) problems.expiry = 'format';
  else if (
    expiry.year < year ||
    (expiry.year === year && expiry.month < now.getUTCMonth() + 1) ||
    expiry.year > year + 20
  )
    problems.expiry = 'expired';
  const brand = cardBrand(digits);
  const cvvLength = brand === 'amex' ? 4 : 3;
  const cvv = input.cvv.trim();
  if (!cvv) problems.cvv = 'required';
  else if (!new RegExp(`^\\d{${cvvLength}}$`).test(cvv)) problems.cvv = 'length';
  Object.assign(problems, checkPayer(input));
  return { problems, digits, brand, expiry, cvvLength };
}

export type PayerField = 'firstName' | 'lastName' | 'email';

/**
 * The buyer's own details beside a processor's card form (Stripe's Payment Element takes the card
 * itself): the same name and email rules as the card form.
 */
export function checkPayer(input: Pick<CardFormInput, PayerField>): Partial<Record<PayerField, CardProblem>> {
  const problems: Partial<Record<PayerField, CardProblem>> = {};
  const email = buyerEmailProblem(input.email);
  if (email) problems.email = email;
  if (!input.firstName.trim()) problems.firstName = 'required';
  if (!input.lastName.trim()) problems.lastName = 'required';
  return problems;
}

/** Groups a typed card number for display: "4242424242424242" -> "4242 4242 4242 4242" (Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/** Types an expiry as MM/YY: "12" -> "12/", "1228" -> "12/28"; a first digit above 1 means a single-digit month. */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the slash deletes the digit before it.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
