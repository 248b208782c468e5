import { createHmac, timingSafeEqual } from 'node:crypto';

/** An HMAC-SHA256 of a message under a server secret: the signature of our links and of sandbox events. */
export function sign(secret: string, message: string, encoding: 'base64url' | 'hex' = 'base64url'): string {
  return createHmac('sha256', secret).update(message).digest(encoding);
}

/** Whether a given signature is the expected one, compared in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
