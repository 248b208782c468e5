import type { TFunction } from 'i18next';
import type { FieldErrors } from '@episodic/contract';
import { isApiError, type ApiError } from '../api/api-error';
import { fieldText, reasonText } from '../i18n/failure-text';

/** A failed call's own message in the interface language (with the minutes to wait over a rate limit). */
function failureText(error: ApiError, t: TFunction): string {
  const minutes = error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : undefined;
  return reasonText(error.reason, error.message, t, minutes);
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
export function formFailure(
  error: unknown,
  t: TFunction,
  overrides: Partial<Record<number, string>> = {},
): FormFailure {
  if (!isApiError(error)) return { fields: {}, message: t('errors.generic') };
  const fields: FieldErrors = {};
  for (const [name, text] of Object.entries(error.fields ?? {}))
    fields[name] = fieldText(error.fieldCodes?.[name], text, t);
  if (error.kind !== 'envelope' || error.code === 500) return { fields, message: '' };
  const override = overrides[error.code];
  if (override !== undefined) return { fields, message: override };
  if (error.code === 422 && Object.keys(fields).length > 0) return { fields, message: '' };
  return { fields, message: error.message ? failureText(error, t) : t('errors.generic') };
}
