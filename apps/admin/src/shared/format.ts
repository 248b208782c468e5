/** Display helpers of the console: money in minor units, dates in US English, counts. */

import type { Language } from '@episodic/contract/languages';

export type { Language };
/** The contract's interface languages, in the order the console's tabs show them. */
export const LANGUAGES = ['en', 'es', 'pt', 'fy', 'dy'] as const satisfies readonly Language[];

/** The interface codes fy and dy carry French and German text. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  fy: 'French',
  dy: 'German',
};

export function money(minor: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const secondsFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});
const dateFormat = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : dateTimeFormat.format(d);
}

/** To the second, with the time zone: when exactly a viewer wrote, which of two changes in one minute came first. */
export function dateTimeSeconds(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : secondsFormat.format(d);
}

export function longDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : dateFormat.format(d);
}

/** A UTC calendar day, `YYYY-MM-DD`, `offsetDays` from today. */
export function isoDay(offsetDays = 0, from = new Date()): string {
  return new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** A fresh id for an idempotent request (one per form shown). */
export function requestId(): string {
  return crypto.randomUUID();
}
