/**
 * engine/upload: the upload plugin, booted once by app.ts when the model has `plugin::upload.file`:
 * the configured storage provider behind the stored-files side of the upload actions, and (local
 * provider) the folder app.ts serves at /uploads. Its doors: REST routes in http/rest/upload-routes.ts,
 * the file server in http/serve-uploads.ts, GraphQL mutations in graphql/upload-resolvers.ts.
 */
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { UploadConfig } from '../config/upload-config.js';
import { createProvider } from './providers/create-provider.js';
import { LocalProvider } from './providers/local-provider.js';
import { FILE_UID, StoredFiles } from './stored-files.js';

export { FILE_UID, UPLOAD_PERMISSION_UID, StoredFiles } from './stored-files.js';
export { isUploadedFile } from './uploaded-file.js';

export interface Uploads {
  readonly files: StoredFiles;
  /** the local provider's folder, whose files are served at /uploads; absent for S3 */
  readonly localDir?: string;
}

export function createUploads(model: NormalizedModel, config: UploadConfig, log: Logger): Uploads | undefined {
  if (!model.contentTypes[FILE_UID]) return undefined;
  const provider = createProvider(config);
  return {
    files: new StoredFiles(provider, log, model.config.upload),
    ...(provider instanceof LocalProvider ? { localDir: provider.dir } : {}),
  };
}
