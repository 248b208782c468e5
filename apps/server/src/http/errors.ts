import {
  DEFAULT_REASONS,
  EnvelopeCode,
  type FieldCode,
  type FieldCodes,
  type FieldErrors,
  type Reason,
} from '@episodic/contract';

/** One field error: the code the apps translate, and its English text. */
export interface FieldProblem {
  code: FieldCode;
  message: string;
}
/** Field errors by input name. */
export type FieldProblems = Record<string, FieldProblem>;

export const fieldProblem = (code: FieldCode, message: string): FieldProblem => ({ code, message });

/**
 * An application outcome answered as an envelope. HTTP status stays 200 unless `httpStatus` says
 * otherwise: the envelope code tells the client what happened, the reason why, and the message says
 * it in English.
 */
export class AppError extends Error {
  readonly reason: Reason;
  /** English messages by input name (`fields` of the envelope). */
  readonly fields?: FieldErrors;
  /** The codes of `fields` (`fieldCodes` of the envelope). */
  readonly fieldCodes?: FieldCodes;

  constructor(
    readonly code: number,
    message: string,
    reason?: Reason,
    problems?: FieldProblems,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'AppError';
    this.reason = reason ?? DEFAULT_REASONS[code] ?? 'server_error';
    if (problems && Object.keys(problems).length > 0) {
      this.fields = Object.fromEntries(Object.entries(problems).map(([name, p]) => [name, p.message]));
      this.fieldCodes = Object.fromEntries(Object.entries(problems).map(([name, p]) => [name, p.code]));
    }
  }
}

/** Over a rate limit: envelope 429, and a Retry-After header saying when to come back. */
export class TooManyRequests extends AppError {
  /** Whole seconds to wait (the Retry-After header and the envelope's `retryAfter`). */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, reason: Reason = 'too_many_requests') {
    super(EnvelopeCode.tooManyRequests, message, reason);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const loginRequired = (reason: Reason = 'login_required', message = 'Please sign in to continue.') =>
  new AppError(EnvelopeCode.loginRequired, message, reason);
export const forbidden = (reason: Reason = 'forbidden', message = 'You do not have access to this.') =>
  new AppError(EnvelopeCode.forbidden, message, reason);
export const notFound = (reason: Reason = 'not_found', message = 'We could not find that.') =>
  new AppError(EnvelopeCode.notFound, message, reason);
export const conflict = (reason: Reason, message: string) => new AppError(EnvelopeCode.conflict, message, reason);
export const invalidInput = (
  problems: FieldProblems,
  message = 'Please check the highlighted fields.',
  reason: Reason = 'invalid_input',
) => new AppError(EnvelopeCode.invalidInput, message, reason, problems);
/** An error whose message is shown to the user as a toast. */
export const userError = (reason: Reason, message: string) => new AppError(EnvelopeCode.userError, message, reason);
