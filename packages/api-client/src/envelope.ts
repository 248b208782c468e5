import type { FieldCodes, Reason } from '@episodic/contract/reasons';
import type { FieldErrors } from './api-error';

// The envelope protocol's pieces (specification §7–8), shared by the client below and the viewer's
// own lean wrapper (apps/web/src/shared/api/client.ts).

type Primitive = string | number | boolean;
export type QueryParams = Record<string, Primitive | readonly Primitive[] | null | undefined>;

export interface WireEnvelope {
  code: number;
  message?: unknown;
  data?: unknown;
  info?: unknown;
  fields?: unknown;
  fieldCodes?: FieldCodes;
  reason?: Reason;
  retryAfter?: number;
}

export const REQUEST_TIMEOUT_MS = 100_000;

export function isEnvelope(value: unknown): value is WireEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

export function messageOf(envelope: WireEnvelope | undefined): string {
  return typeof envelope?.message === 'string' ? envelope.message.trim() : '';
}

export function fieldsOf(envelope: WireEnvelope): FieldErrors | undefined {
  const { fields } = envelope;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(fields)) if (typeof text === 'string') out[name] = text;
  return out;
}

/** The data of a successful envelope; undefined when the value is not one. */
export function envelopeData(value: unknown): unknown {
  return isEnvelope(value) && value.code === 200 ? (value.data ?? value.info) : undefined;
}

/** A query string of the given values; null and undefined leave a parameter out, an array repeats it. */
export function searchOf(params: QueryParams | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly Primitive[]) search.append(name, String(item));
    else search.append(name, String(value));
  }
  return search;
}
