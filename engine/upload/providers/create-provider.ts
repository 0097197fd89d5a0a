/** engine/upload: the configured storage provider (UPLOAD_PROVIDER). */
import type { UploadConfig } from '../../config/upload-config.js';
import { LocalProvider } from './local-provider.js';
import { S3Provider } from './s3-provider.js';
import type { StorageProvider } from './storage-provider.js';

export function createProvider(config: UploadConfig): StorageProvider {
  if (config.provider === 's3' && config.s3) return new S3Provider(config.s3);
  return new LocalProvider(config.dir);
}
