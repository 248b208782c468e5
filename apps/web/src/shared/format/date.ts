const US_DATE = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

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

/** "March 5, 2026" (US English, day, long month, year); "Invalid Date" for anything that is not a date. */
export function formatDate(input: Date | string | number | null | undefined): string {
  const date = toDate(input);
  if (!date || Number.isNaN(date.getTime())) return INVALID_DATE;
  return US_DATE.format(date);
}
