import { createHash, randomBytes } from 'node:crypto';

/** A new random session token (256 bits, URL-safe). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak does not leak sessions. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
