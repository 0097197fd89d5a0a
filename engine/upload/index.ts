/**
 * engine/upload: the upload plugin, booted once by app.ts when the model has `plugin::upload.file`:
 * the configured storage provider behind the stored-files side of the upload actions, and (local
 * provider) the /uploads file server. Its REST and GraphQL routes are in upload-routes.ts and
 * graphql-upload.ts.
 */
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import { createProvider } from './providers/create-provider.js';
import { LocalProvider } from './providers/local-provider.js';
import { UploadsServer } from './serve-uploads.js';
import type { UploadConfig } from '../config/upload-config.js';
import { FILE_UID, StoredFiles } from './stored-files.js';

export { FILE_UID, UPLOAD_PERMISSION_UID, StoredFiles } from './stored-files.js';
export { isUploadedFile } from './uploaded-file.js';
export { uploadRoute } from './upload-routes.js';

export interface Uploads {
  readonly files: StoredFiles;
  /** present for the local provider */
  readonly server?: UploadsServer;
}

export function createUploads(model: NormalizedModel, config: UploadConfig, log: Logger): Uploads | undefined {
  if (!model.contentTypes[FILE_UID]) return undefined;
  const provider = createProvider(config);
  return {
    files: new StoredFiles(provider, log, model.config.upload),
    ...(provider instanceof LocalProvider ? { server: new UploadsServer(provider.dir, config.cacheMaxAge) } : {}),
  };
}
