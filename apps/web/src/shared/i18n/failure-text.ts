import type { TFunction } from 'i18next';
import type { FieldCode } from '@episodic/contract';

// The server says why a call failed in codes (an envelope's `reason` and `fieldCodes`, a payment's
// failure code) beside English text. The codes the interface has words for are shown in its language
// (`reasons.*` and `fieldCodes.*` of the language files, keyed by code only); any other keeps the
// server's text. No English sentence is compared here.

/** A failure by its reason code, in the interface language; `fallback` (the server's text) for an unknown code. */
export function reasonText(reason: string | null | undefined, fallback: string, t: TFunction, count?: number): string {
  if (!reason) return fallback;
  return t(`reasons.${reason}`, { defaultValue: fallback, ...(count === undefined ? {} : { count }) });
}

/** A field error by its code, in the interface language; the server's text for an unknown code. */
export function fieldText(code: FieldCode | undefined, fallback: string, t: TFunction): string {
  return code ? t(`fieldCodes.${code}`, { defaultValue: fallback }) : fallback;
}
