import { LocalStorage } from './local-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import type { StorageDriver } from './storage';

export type StorageConfig = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3StorageOptions);

/** The storage driver the configuration names. */
export function createStorage(config: StorageConfig): StorageDriver {
  return config.driver === 's3' ? new S3Storage(config) : new LocalStorage(config.dir);
}
