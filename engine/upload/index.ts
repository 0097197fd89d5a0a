/**
 * engine/upload: the upload plugin, booted once by app.ts when the model has `plugin::upload.file`:
 * the configured storage provider, the service REST and GraphQL share, the REST routes and (local
 * provider) the /uploads file server.
 */
import type { BaseLogger as Logger } from 'pino';
import type { EngineContext } from '../http/engine-context.js';
import { createProvider } from './providers/create-provider.js';
import { LocalProvider } from './providers/local-provider.js';
import { UploadsServer } from './serve-uploads.js';
import type { UploadConfig } from './upload-config.js';
import { UploadRoutes } from './upload-routes.js';
import { FILE_UID, UploadService } from './upload-service.js';

export { FILE_UID, UPLOAD_PERMISSION_UID, UploadService } from './upload-service.js';
export { loadUploadConfig, type UploadConfig } from './upload-config.js';
export { isUploadedFile } from './uploaded-file.js';

export interface Uploads {
  readonly service: UploadService;
  readonly routes: UploadRoutes;
  /** present for the local provider */
  readonly files?: UploadsServer;
}

export function createUploads(engine: EngineContext, config: UploadConfig, log: Logger): Uploads | undefined {
  if (!engine.model.contentTypes[FILE_UID]) return undefined;
  const provider = createProvider(config);
  const service = new UploadService(engine, provider, log);
  return {
    service,
    routes: new UploadRoutes(engine, service, config),
    ...(provider instanceof LocalProvider ? { files: new UploadsServer(provider.dir, config.cacheMaxAge) } : {}),
  };
}
