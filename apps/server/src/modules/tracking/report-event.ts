import { randomUUID } from 'node:crypto';
import type { ReportInput } from '@episodic/contract';
import { fieldProblem, type FieldProblems } from '../../http/errors';

/** A reported event, checked and in the shape it is stored. */
export interface ReportedEvent {
  eventId: string;
  eventName: string;
  eventTime: Date;
  valueMinor: number | null;
  currency: string | null;
  orderId: string | null;
  searchString: string | null;
  eventSourceUrl: string | null;
  actionSource: string;
  consent: 'granted' | 'denied' | null;
}

const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** The custom data as an object; null when it is neither an object nor JSON text of one. */
function customDataOf(input: ReportInput): Record<string, unknown> | null {
  const raw = input.custom_data;
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return raw;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  return null;
}

/** An address the event happened at: an http(s) URL, else none. */
function pageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString().slice(0, 2000) : null;
  } catch {
    return null;
  }
}

/**
 * Checks and completes a report: a missing event id gets one, an event time in the future or over a
 * week old becomes now, `custom_data` (an object, or JSON text in a query string) fills what the
 * top-level fields leave open, the page defaults to the Referer, and the currency to USD.
 */
export function readReport(
  input: ReportInput,
  now: Date,
  referer: string | undefined,
): ReportedEvent | { fields: FieldProblems } {
  const custom = customDataOf(input);
  if (!custom) {
    return {
      fields: {
        custom_data: fieldProblem(
          'invalid_format',
          'Must be a JSON object with currency, value, order_id or search_string.',
        ),
      },
    };
  }
  const fields: FieldProblems = {};
  const value =
    input.value ??
    (typeof custom.value === 'number'
      ? custom.value
      : typeof custom.value === 'string' && custom.value.trim() !== ''
        ? Number(custom.value)
        : undefined);
  if (value !== undefined && (!Number.isFinite(value) || value < 0 || value > 10_000_000))
    fields['custom_data.value'] = fieldProblem('out_of_range', 'Must be a number from 0 to 10000000.');
  const currency = text(input.currency, 3) ?? text(custom.currency, 10);
  if (currency !== null && !/^[A-Za-z]{3}$/.test(currency))
    fields['custom_data.currency'] = fieldProblem('currency_invalid', 'Must be a three-letter currency code.');
  const orderId =
    text(input.order_id, 100) ??
    (typeof custom.order_id === 'number' ? String(custom.order_id) : text(custom.order_id, 100));
  const searchString = text(input.search_string, 200) ?? text(custom.search_string, 200);
  if (Object.keys(fields).length > 0) return { fields };

  const reportedMs = input.event_time !== undefined ? input.event_time * 1000 : now.getTime();
  const eventTime = reportedMs > now.getTime() || reportedMs < now.getTime() - MAX_AGE_MS ? now : new Date(reportedMs);
  return {
    eventId: input.event_id ?? randomUUID(),
    eventName: input.event_name,
    eventTime,
    valueMinor: value === undefined ? null : Math.round(value * 100),
    currency: (currency ?? 'USD').toUpperCase(),
    orderId,
    searchString,
    eventSourceUrl: pageUrl(input.event_source_url) ?? pageUrl(referer),
    actionSource: text(input.action_source, 32) ?? 'website',
    consent: input.consent ?? null,
  };
}
