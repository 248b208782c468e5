import { createHmac, timingSafeEqual } from 'node:crypto';

/** A link that cancels one user's renewal in one tap: signed, so nobody can cancel someone else's. */
export function cancelLinkSignature(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`cancel-renewal:${userId}`).digest('base64url');
}

export function verifyCancelLink(secret: string, userId: string, signature: string): boolean {
  const expected = Buffer.from(cancelLinkSignature(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function cancelLinkUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/api/payment/cancel-link?u=${encodeURIComponent(userId)}&s=${cancelLinkSignature(secret, userId)}`;
}
