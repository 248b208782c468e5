import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { addSegmentKeys, parseMediaPlaylist } from './hls-playlist';

/** A fresh random AES-128 key: one per packaging of an episode. */
export function newContentKey(): Buffer {
  return randomBytes(16);
}

/** HLS "AES-128": the whole segment in AES-128-CBC with PKCS#7 padding. */
export function encryptSegment(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The inverse of encryptSegment (what a player does with the key it was given). */
export function decryptSegment(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export interface EncryptedSegment {
  uri: string;
  duration: number;
  /** Size after encryption. */
  bytes: number;
}

export interface EncryptedRendition {
  segments: EncryptedSegment[];
  /** The start of the first segment in the clear, for reading the codec parameters. */
  clearHead: Buffer;
}

const HEAD_BYTES = 64 * 1024;

/**
 * Encrypts every segment of one rendition in place, each with its own random IV, and rewrites the
 * rendition's playlist with an `#EXT-X-KEY` before each segment (URI left as a placeholder: the
 * server fills in the key's address when it serves the playlist).
 */
export async function encryptRendition(
  dir: string,
  key: Buffer,
  playlistName = 'index.m3u8',
): Promise<EncryptedRendition> {
  const playlistFile = path.join(dir, playlistName);
  const text = await fs.readFile(playlistFile, 'utf8');
  const segments = parseMediaPlaylist(text);
  if (segments.length === 0) throw new Error(`No segments in ${playlistFile}`);
  const ivs: Buffer[] = [];
  const out: EncryptedSegment[] = [];
  let clearHead: Buffer | null = null;
  for (const segment of segments) {
    if (segment.uri.includes('/') || segment.uri.includes('\\'))
      throw new Error(`Unexpected segment path ${segment.uri}`);
    const file = path.join(dir, segment.uri);
    const clear = await fs.readFile(file);
    clearHead ??= Buffer.from(clear.subarray(0, HEAD_BYTES));
    const iv = randomBytes(16);
    const sealed = encryptSegment(clear, key, iv);
    await fs.writeFile(file, sealed);
    ivs.push(iv);
    out.push({ uri: segment.uri, duration: segment.duration, bytes: sealed.length });
  }
  await fs.writeFile(playlistFile, addSegmentKeys(text, ivs));
  return { segments: out, clearHead: clearHead ?? Buffer.alloc(0) };
}
