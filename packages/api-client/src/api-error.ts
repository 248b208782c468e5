import type { FieldCodes, Reason } from '@episodic/contract/reasons';

/** Field errors of a 422 answer, keyed by input name. */
export type FieldErrors = Record<string, string>;

/**
 * How a call failed: the server answered with an envelope code other than 200 (`envelope`),
 * with an HTTP error status or an unreadable answer (`http`), never answered (`network`),
 * or took longer than the timeout (`timeout`).
 */
export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout';

interface ApiErrorInit {
  kind: ApiErrorKind;
  code: number;
  status: number;
  message: string;
  fields?: FieldErrors | undefined;
  fieldCodes?: FieldCodes | undefined;
  reason?: Reason | undefined;
  retryAfter?: number | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The envelope code when there was one, otherwise the HTTP status (0 when nothing came back). */
  declare readonly code: number;
  /** The HTTP status (0 when nothing came back). */
  declare readonly status: number;
  declare readonly kind: ApiErrorKind;
  /** Field errors of a 422 answer, keyed by input name (English text). */
  declare readonly fields: FieldErrors | undefined;
  /** The codes of `fields`, which the forms translate. */
  declare readonly fieldCodes: FieldCodes | undefined;
  /** Why the call failed (an envelope's `reason`), which the screens translate; `message` is its English text. */
  declare readonly reason: Reason | undefined;
  /** Over a rate limit: seconds to wait. */
  declare readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    Object.assign(this, init);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
