import { hash, randomBytes } from 'node:crypto';

/** A new random session token (256 bits, URL-safe). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256: a database leak does not leak sessions. Every signed-in
 * request hashes its token; the one-shot `hash` takes 0.7 µs where a `createHash` object took 2.5.
 */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}
