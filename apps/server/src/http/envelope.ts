import type { FastifyReply } from 'fastify';
import type { FieldCodes, FieldErrors, Reason } from '@episodic/contract';

/** The success envelope around a result. */
export function ok<T>(data: T): { code: 200; message: string; data: T } {
  return { code: 200, message: 'ok', data };
}

/**
 * Sends an error envelope: its code, the reason the apps translate, the English message, and field
 * errors with their codes. It is sent pre-serialized so that a route's success schema does not
 * reshape it, and is never cached.
 */
export function sendErrorEnvelope(
  reply: FastifyReply,
  httpStatus: number,
  code: number,
  reason: Reason,
  message: string,
  details?: { fields?: FieldErrors | undefined; fieldCodes?: FieldCodes | undefined; retryAfterSeconds?: number },
): FastifyReply {
  const { fields, fieldCodes, retryAfterSeconds } = details ?? {};
  const body = {
    code,
    message,
    data: null,
    ...(fields && Object.keys(fields).length > 0 ? { fields, ...(fieldCodes ? { fieldCodes } : {}) } : {}),
    reason,
    ...(retryAfterSeconds ? { retryAfter: retryAfterSeconds } : {}),
  };
  return reply
    .status(httpStatus)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

const ENVELOPE_CODE = /^\{"code":(\d{1,4})[,}]/;

/** Reads the envelope code from a serialized JSON answer without parsing all of it. */
export function envelopeCodeOf(payload: unknown): number | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{"code":')) return undefined;
  const match = ENVELOPE_CODE.exec(payload);
  return match ? Number(match[1]) : undefined;
}
