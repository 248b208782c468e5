import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/api-error';
import type { FieldErrors } from '@episodic/contract';

// The server answers in English; messages it is known to send are shown in the interface language.
const KNOWN: Record<string, (t: TFunction) => string> = {
  'Please enter your email.': (t) => t('auth.errors.emailRequired'),
  'Enter a valid email address.': (t) => t('auth.errors.emailInvalid'),
  'Please enter your password.': (t) => t('auth.errors.passwordRequired'),
  'Please repeat your password.': (t) => t('auth.errors.repeatRequired'),
  'Use at least 8 characters.': (t) => t('auth.errors.tooShort'),
  'Use at most 200 characters.': (t) => t('auth.errors.tooLong'),
  'Use at least one letter and one number.': (t) => t('auth.errors.letterAndNumber'),
  'The passwords do not match.': (t) => t('auth.errors.mismatch'),
  'Please agree to the terms of use, privacy policy and service agreement.': (t) => t('auth.errors.agree'),
  'The email or password is not correct.': (t) => t('auth.errors.badCredentials'),
  'This field is required.': (t) => t('auth.errors.required'),
  'This is not your current password.': (t) => t('account.errors.currentPasswordWrong'),
  'This is not your password.': (t) => t('account.errors.passwordWrong'),
};

const TOO_MANY = /^Too many attempts\. Please wait (\d+) minutes? and try again\.$/;

/** A server message in the interface language when it is one we know, as sent otherwise. */
export function localizeServerMessage(message: string, t: TFunction): string {
  const known = KNOWN[message.trim()];
  if (known) return known(t);
  const wait = TOO_MANY.exec(message.trim());
  if (wait) return t('auth.errors.tooMany', { count: Number(wait[1]) });
  return message;
}

export interface FormFailure {
  /** Errors to show under fields, by input name. */
  fields: FieldErrors;
  /** An error for the whole form (shown above the button), or '' when the fields say it all. */
  message: string;
}

/**
 * Turns a failed account call into what the form shows. Code 500 and transport failures were
 * already toasted by the API client, so they add nothing here beyond what the caller asks for.
 */
export function formFailure(error: unknown, t: TFunction, overrides: Partial<Record<number, string>> = {}): FormFailure {
  if (!isApiError(error)) return { fields: {}, message: t('errors.generic') };
  const fields: FieldErrors = {};
  for (const [name, text] of Object.entries(error.fields ?? {})) fields[name] = localizeServerMessage(text, t);
  if (error.kind !== 'envelope' || error.code === 500) return { fields, message: '' };
  const override = overrides[error.code];
  if (override !== undefined) return { fields, message: override };
  if (error.code === 422 && Object.keys(fields).length > 0) return { fields, message: '' };
  return { fields, message: error.message ? localizeServerMessage(error.message, t) : t('errors.generic') };
}
