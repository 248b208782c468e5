import { Type, type Static, type TSchema } from 'typebox';

/**
 * Envelope codes. 200 is success; 500 carries a message meant for the user (shown as a toast);
 * the others name conditions the calling screen handles itself.
 */
export const EnvelopeCode = {
  ok: 200,
  badRequest: 400,
  loginRequired: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  invalidInput: 422,
  tooManyRequests: 429,
  userError: 500,
  unavailable: 503,
} as const;
export type EnvelopeCode = (typeof EnvelopeCode)[keyof typeof EnvelopeCode];

export const FieldErrorsSchema = Type.Record(Type.String(), Type.String());
export type FieldErrors = Static<typeof FieldErrorsSchema>;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  fields?: FieldErrors;
  /** A machine-readable cause of an error envelope, where a screen acts on it. */
  reason?: string;
}

/** Success envelope schema around a data schema. */
export function EnvelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Number(),
    message: Type.String(),
    data,
  });
}

export const ErrorEnvelopeSchema = Type.Object({
  code: Type.Number(),
  message: Type.String(),
  data: Type.Null(),
  fields: Type.Optional(FieldErrorsSchema),
  reason: Type.Optional(Type.String()),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

export const EmptySchema = Type.Object({});
