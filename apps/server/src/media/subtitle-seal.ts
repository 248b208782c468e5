import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { sharedSecret } from '../db/secrets';

/**
 * Subtitle files are stored sealed (AES-256-GCM under a key kept in the database), because storage
 * may be public: a bucket with a CDN in front serves whatever it holds to anyone with the address.
 * The dialogue of a locked episode is part of what is sold, so only the server, after checking the
 * viewer's right, turns a stored file back into WebVTT. Segments are protected the same way (their
 * key is never stored next to them).
 */

const MAGIC = Buffer.from('EPSUB1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key subtitles are sealed with, shared by every instance through the database. */
export async function subtitleKey(db: Kysely<DB>): Promise<Buffer> {
  return subtitleKeyOf(await sharedSecret(db, 'subtitles'));
}

/** The sealing key made from the database's `subtitles` secret. */
export function subtitleKeyOf(secret: string): Buffer {
  return createHash('sha256').update(`subtitles:${secret}`).digest();
}

/** A WebVTT text as stored: magic, IV, tag, ciphertext. */
export function sealSubtitle(text: string, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/**
 * The WebVTT bytes of a stored subtitle file; null when it cannot be opened (another key, damaged).
 * Files stored before sealing began (plain WebVTT) are read as they are.
 */
export function openSubtitle(stored: Buffer, key: Buffer): Buffer | null {
  if (!stored.subarray(0, MAGIC.length).equals(MAGIC)) return stored;
  const iv = stored.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = stored.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(stored.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
