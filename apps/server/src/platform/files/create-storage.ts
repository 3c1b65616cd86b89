import path from 'node:path';
import type { Config } from '../config';
import { S3Storage } from './s3-storage';
import { type FileStorage, LocalDiskStorage } from './storage';

/** The one place that picks the file store from the configuration (FILE_STORAGE, decision 052). */
export function createFileStorage(config: Config): FileStorage {
  if (config.FILE_STORAGE === 'disk') return new LocalDiskStorage(path.join(config.DATA_DIR, 'files'));
  return new S3Storage({
    bucket: config.S3_BUCKET ?? '',
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    presignSeconds: config.S3_PRESIGN_DOWNLOADS,
    presignMinBytes: config.S3_PRESIGN_MIN_BYTES,
  });
}
