/** Field errors of a 422 answer, keyed by input name. */
export type FieldErrors = Record<string, string>;

/**
 * How a call failed: the server answered with an envelope code other than 200 (`envelope`),
 * with an HTTP error status or an unreadable answer (`http`), never answered (`network`),
 * or took longer than the timeout (`timeout`).
 */
export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The envelope code when there was one, otherwise the HTTP status (0 when nothing came back). */
  readonly code: number;
  /** The HTTP status (0 when nothing came back). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Field errors of a 422 answer, keyed by input name. */
  readonly fields: FieldErrors | undefined;
  /** The envelope's machine-readable cause, when it has one. */
  readonly reason: string | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    code: number;
    status: number;
    message: string;
    fields?: FieldErrors | undefined;
    reason?: string | undefined;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields;
    this.reason = init.reason;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
