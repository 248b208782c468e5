import { createHash } from 'node:crypto';

/** SHA-256 as lowercase hex. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * An email as Meta and TikTok both require it before hashing: trimmed and lowercased, then SHA-256
 * in lowercase hex. Null for anything that is not an address.
 */
export function hashEmail(email: string | null | undefined): string | null {
  const normalized = email?.trim().toLowerCase() ?? '';
  return /^[^\s@]+@[^\s@]+$/.test(normalized) ? sha256(normalized) : null;
}

/** Our user id, hashed, as the platforms' external id (they match it against the pixel's). */
export function hashExternalId(userId: string): string {
  return sha256(userId.trim().toLowerCase());
}
