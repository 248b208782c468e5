import type { FieldErrors } from '@episodic/contract';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX, hasLetterAndNumber } from './password-rules';

// Same shape the server accepts: one @, something on each side, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

export function emailError(email: string, t: TFunction): string | undefined {
  const value = email.trim();
  if (!value) return t('auth.errors.emailRequired');
  if (value.length > 254 || !EMAIL.test(value)) return t('auth.errors.emailInvalid');
  return undefined;
}

/** Errors of a new password and its repetition (field names as the server's: password, confirmPassword). */
export function newPasswordErrors(password: string, confirmPassword: string, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors.password = t('auth.errors.passwordRequired');
  else if (password.length < 8) errors.password = t('auth.errors.tooShort');
  else if (password.length > PASSWORD_MAX) errors.password = t('auth.errors.tooLong');
  else if (!hasLetterAndNumber(password)) errors.password = t('auth.errors.letterAndNumber');
  if (!confirmPassword) errors.confirmPassword = t('auth.errors.repeatRequired');
  else if (password && confirmPassword !== password) errors.confirmPassword = t('auth.errors.mismatch');
  return errors;
}

function withoutEmpty(errors: Record<string, string | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(errors)) if (text) out[name] = text;
  return out;
}

export function registrationErrors(
  values: { email: string; password: string; confirmPassword: string; agree: boolean },
  t: TFunction,
): FieldErrors {
  return withoutEmpty({
    email: emailError(values.email, t),
    ...newPasswordErrors(values.password, values.confirmPassword, t),
    agree: values.agree ? undefined : t('auth.errors.agree'),
  });
}

export function loginErrors(values: { email: string; password: string }, t: TFunction): FieldErrors {
  return withoutEmpty({
    email: emailError(values.email, t),
    password: values.password ? undefined : t('auth.errors.passwordRequired'),
  });
}

/** Moves focus to the first field the form marked invalid (after React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
