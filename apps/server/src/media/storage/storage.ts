import path from 'node:path';
import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What storage knows about a stored object. */
export interface ObjectInfo {
  key: string;
  size: number;
  /** A strong validator (quoted), usable for If-None-Match and If-Range. */
  etag: string;
  contentType: string;
  lastModified: Date;
}

/** An object being read: its body (the whole object, or only `range` of it). */
export interface ObjectRead extends ObjectInfo {
  body: Readable;
  range: ByteRange | null;
}

export interface PutOptions {
  /** Defaults to the type named by the key's extension. */
  contentType?: string;
  /** Stored with the object where the backend keeps it (S3), so a CDN serving the bucket sends it. */
  cacheControl?: string;
}

/**
 * Where packaged media, posters and subtitles live. Keys are relative paths of safe segments
 * (`episodes/12/k3x9/720p/seg_001.ts`). A prefix names a folder: `deletePrefix('episodes/12/k3x9')`
 * removes everything under `episodes/12/k3x9/` and nothing else.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  putFile(key: string, file: string, options?: PutOptions): Promise<void>;
  putBuffer(key: string, data: Buffer | string, options?: PutOptions): Promise<void>;
  putStream(key: string, body: Readable, options?: PutOptions): Promise<void>;
  /** Null when the object does not exist; throws RangeNotSatisfiableError when `range` starts past its end. */
  get(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Every key under the folder `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Removes one object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes everything under the folder `prefix`; answers how many objects went. */
  deletePrefix(prefix: string): Promise<number>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key "${key.slice(0, 200)}": use relative paths of letters, digits, '.', '_' and '-'`);
    this.name = 'InvalidKeyError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('The requested range is not satisfiable');
    this.name = 'RangeNotSatisfiableError';
  }
}

// A segment may not start with a dot: no `.`/`..`, and no hidden files (the local driver's temp
// folder is `.tmp`). No backslashes, colons or other characters a file system reads specially.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 1024;

/** True when `key` is a well-formed storage key. */
export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Returns the key unchanged, or throws InvalidKeyError: the only way a key reaches a driver. */
export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}

/** A folder prefix without its trailing slash, validated like a key. */
export function assertPrefix(prefix: string): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return assertKey(trimmed);
}

const CONTENT_TYPES: Record<string, string> = {
  '.ts': 'video/mp2t',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type a key's extension stands for (application/octet-stream when unknown). */
export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Cache policy for objects that never change under their key (unique packaging prefixes, random names). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
