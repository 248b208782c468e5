import { sameSignature, sign } from './signatures';

/**
 * The emailed link that cancels one user's renewal. It is signed for one user and one paid period:
 * nobody can make one for someone else, and a link from an earlier period stops working once the
 * membership has renewed. Opening it only shows what cancelling means; the page's button (a POST
 * carrying the same signed fields) does it, so a mail scanner that follows links cancels nothing.
 */
export interface CancelLink {
  /** The user. */
  u: string;
  /** The end of the paid period the link was sent for, in milliseconds since the epoch. */
  p: string;
  /** The signature. */
  s: string;
}

export function cancelLinkSignature(secret: string, userId: string, periodEnd: string): string {
  return sign(secret, `cancel-renewal:${userId}:${periodEnd}`);
}

export function verifyCancelLink(secret: string, link: CancelLink): boolean {
  if (!/^\d{1,15}$/.test(link.p)) return false;
  return sameSignature(cancelLinkSignature(secret, link.u, link.p), link.s);
}

export function cancelLinkUrl(publicUrl: string, secret: string, userId: string, periodEnd: Date): string {
  const p = String(periodEnd.getTime());
  return `${publicUrl}/api/payment/cancel-link?u=${encodeURIComponent(userId)}&p=${p}&s=${cancelLinkSignature(secret, userId, p)}`;
}
