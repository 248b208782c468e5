import { localeFor, type Language } from '@episodic/contract/languages';

const formatters = new Map<Language, Intl.DateTimeFormat>();

function formatterFor(language: Language): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeFor(language), { day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(language, formatter);
  }
  return formatter;
}

export const INVALID_DATE = 'Invalid Date';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(input: unknown): Date | undefined {
  if (input instanceof Date) return input;
  if (typeof input === 'number') return new Date(input);
  if (typeof input === 'string' && input.trim() !== '') {
    // A bare calendar date means that day wherever the viewer is; Date would read it as UTC midnight
    // and show the previous day west of Greenwich.
    const day = DATE_ONLY.exec(input.trim());
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    return new Date(input);
  }
  return undefined;
}

/**
 * Day, long month and year in the interface language: "March 5, 2026" (en), "5. März 2026" (dy),
 * "5 mars 2026" (fy); "Invalid Date" for anything that is not a date.
 */
export function formatDate(input: Date | string | number | null | undefined, language: Language = 'en'): string {
  const date = toDate(input);
  if (!date || Number.isNaN(date.getTime())) return INVALID_DATE;
  return formatterFor(language).format(date);
}
