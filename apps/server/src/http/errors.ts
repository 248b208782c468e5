import { EnvelopeCode, type FieldErrors } from '@episodic/contract';

/**
 * An application outcome answered as an envelope. HTTP status stays 200 unless `httpStatus` says
 * otherwise: the envelope code tells the client what happened.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly httpStatus = 200,
    /** A machine-readable cause beside the code, for a screen that acts on it (e.g. `reauth_required`). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Over a rate limit: envelope 429, and a Retry-After header saying when to come back. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(EnvelopeCode.tooManyRequests, message);
  }
}

export const loginRequired = (message = 'Please sign in to continue.') => new AppError(EnvelopeCode.loginRequired, message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(EnvelopeCode.forbidden, message);
export const notFound = (message = 'We could not find that.') => new AppError(EnvelopeCode.notFound, message);
export const conflict = (message: string) => new AppError(EnvelopeCode.conflict, message);
export const invalidInput = (fields: FieldErrors, message = 'Please check the highlighted fields.') =>
  new AppError(EnvelopeCode.invalidInput, message, fields);
/** An error whose message is shown to the user as a toast. */
export const userError = (message: string) => new AppError(EnvelopeCode.userError, message);
