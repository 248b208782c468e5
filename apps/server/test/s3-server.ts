import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageOptions } from '../src/media/storage/index';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  options: S3StorageOptions;
  /** The same as environment variables, for createTestApp. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, from npm) on a free loopback port with one empty bucket, for
 * testing the S3 driver without a cloud account.
 */
export async function startLocalS3(bucket = 'episodic-test'): Promise<LocalS3> {
  // @ts-expect-error -- s3rver ships no type declarations
  const { default: S3rver } = (await import('s3rver')) as { default: S3rverClass };
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    options: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
