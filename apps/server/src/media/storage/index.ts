export {
  assertKey,
  assertPrefix,
  contentTypeFor,
  isValidKey,
  IMMUTABLE,
  InvalidKeyError,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectInfo,
  type ObjectRead,
  type PutOptions,
  type StorageDriver,
} from './storage';
export { LocalStorage } from './local-storage';
export { S3Storage, type S3StorageOptions } from './s3-storage';
export { createStorage, type StorageConfig } from './create-storage';
