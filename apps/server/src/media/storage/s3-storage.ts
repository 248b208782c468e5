import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertKey,
  assertPrefix,
  contentTypeFor,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectInfo,
  type ObjectRead,
  type PutOptions,
  type StorageDriver,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, R2, Ceph...); AWS itself when null. */
  endpoint: string | null;
  /** Both or neither: without them the SDK's default credential chain applies (instance role, profile...). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** Objects in an S3 bucket (or any S3-compatible server). */
export class S3Storage implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(opts: S3StorageOptions) {
    // The project runs on Node 20 by decision (ARCHITECTURE §3) and pins packages accordingly; the
    // SDK's notice about future releases needing Node 22 would only repeat that in every log.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Checksums only where the API requires them: many S3-compatible servers reject the newer
      // streaming-trailer checksums that the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private headers(key: string, options?: PutOptions) {
    return {
      ContentType: options?.contentType ?? contentTypeFor(key),
      ...(options?.cacheControl ? { CacheControl: options.cacheControl } : {}),
    };
  }

  async putBuffer(key: string, data: Buffer | string, options?: PutOptions): Promise<void> {
    const body = typeof data === 'string' ? Buffer.from(data) : data;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: body,
        ContentLength: body.length,
        ...this.headers(key, options),
      }),
    );
  }

  async putFile(key: string, file: string, options?: PutOptions): Promise<void> {
    const { size } = await fs.promises.stat(file);
    // Small files in one request; big ones as a multipart upload (parts are retried on their own).
    if (size <= 8 * 1024 * 1024) {
      await this.putBuffer(key, await fs.promises.readFile(file), options);
      return;
    }
    await this.putStream(key, fs.createReadStream(file), options);
  }

  async putStream(key: string, body: Readable, options?: PutOptions): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: assertKey(key), Body: body, ...this.headers(key, options) },
      queueSize: 4,
      partSize: 8 * 1024 * 1024,
    });
    await upload.done();
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return {
        key,
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? '""',
        contentType: head.ContentType ?? contentTypeFor(key),
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    if (range && (range.start < 0 || range.end < range.start)) throw new RangeNotSatisfiableError(0);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = res.Body as Readable | undefined;
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
      const size = contentRange ? Number(contentRange[3]) : (res.ContentLength ?? 0);
      return {
        key,
        size,
        etag: res.ETag ?? '""',
        contentType: res.ContentType ?? contentTypeFor(key),
        lastModified: res.LastModified ?? new Date(0),
        range: range
          ? contentRange
            ? { start: Number(contentRange[1]), end: Number(contentRange[2]) }
            : { start: 0, end: size - 1 }
          : null,
        body: body ?? Readable.from([]),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      if (statusOf(err) === 416 || (err as { name?: string }).name === 'InvalidRange') {
        const info = await this.stat(key);
        throw new RangeNotSatisfiableError(info?.size ?? 0);
      }
      throw err;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const read = await this.get(key);
    if (!read) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async list(prefix: string): Promise<string[]> {
    const folder = `${assertPrefix(prefix)}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = res.Errors ?? [];
      if (failed.length > 0)
        throw new Error(
          `Could not delete ${failed.length} object(s) under ${prefix}: ${failed[0]?.Message ?? failed[0]?.Code ?? 'unknown error'}`,
        );
    }
    return keys.length;
  }
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}
