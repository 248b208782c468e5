import { Type, type Static, type TLiteral, type TSchema, type TUnion } from 'typebox';
import { FIELD_CODES, REASONS, type FieldCodes, type Reason } from './reasons';

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

/** Field errors: an English message per input name. */
export const FieldErrorsSchema = Type.Record(Type.String(), Type.String());
export type FieldErrors = Static<typeof FieldErrorsSchema>;
/** A union of string literals, from a list of constants. */
export function LiteralUnion<const T extends readonly string[]>(values: T) {
  return Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{
    -readonly [K in keyof T]: TLiteral<T[K]>;
  }>;
}

export const ReasonSchema = LiteralUnion(REASONS);
/** The code of each field error, per input name: what the apps translate. */
export const FieldCodesSchema = Type.Record(Type.String(), LiteralUnion(FIELD_CODES));

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  fields?: FieldErrors;
  /** The codes of `fields`, by the same names. */
  fieldCodes?: FieldCodes;
  /** The machine-readable cause every failure envelope carries (`message` is its English text). */
  reason?: Reason;
  /** Over a rate limit: whole seconds to wait (as the Retry-After header says). */
  retryAfter?: number;
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
  fieldCodes: Type.Optional(FieldCodesSchema),
  reason: ReasonSchema,
  retryAfter: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

export const EmptySchema = Type.Object({});
