/**
 * engine/upload: the REST routes of the upload plugin (operationIds upload.upload, .find, .findOne,
 * .destroy). Each checks `plugin::upload.content-api.<action>`, reads its own body (multipart is
 * streamed to temporary files, never through the JSON body reader) and answers flat JSON as
 * Strapi's plugin does: arrays and records without a data/attributes envelope.
 */
import type { IncomingMessage } from 'node:http';
import type { Principal } from '../auth/permissions.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors/index.js';
import type { EngineContext, RestResult } from '../http/engine-context.js';
import { readJsonBody } from '../http/read-body.js';
import { assertSafeBody, parseQueryString } from '../request/index.js';
import { parseFileInfos, type FileInfo } from './parse-file-info.js';
import { isMultipart, readMultipart, type MultipartBody } from './read-multipart.js';
import type { UploadConfig } from './upload-config.js';
import { UPLOAD_PERMISSION_UID, type UploadLink, type UploadService } from './upload-service.js';

export interface UploadRequest {
  action: string;
  params: Record<string, string>;
  /** the raw query string (no `?`) */
  search: string;
}

const ok = (body: unknown): RestResult => ({ status: 200, body });

/** `ref`, `refId`, `field` as sent: all three or none. */
function linkOf(get: (name: string) => unknown): UploadLink | undefined {
  const [ref, refId, field] = [get('ref'), get('refId'), get('field')];
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  if (text(ref) === undefined || text(refId) === undefined || text(field) === undefined) {
    throw ValidationError.of([{ path: ['ref'], message: 'ref, refId and field go together', name: 'ValidationError' }]);
  }
  return { ref: text(ref)!, refId: text(refId)!, field: text(field)! };
}

export class UploadRoutes {
  constructor(
    private readonly engine: EngineContext,
    private readonly service: UploadService,
    private readonly config: UploadConfig,
  ) {}

  async handle(req: IncomingMessage, r: UploadRequest): Promise<RestResult> {
    const principal = await this.engine.authenticate(req.headers.authorization);
    if (!this.engine.permissions.can(principal, UPLOAD_PERMISSION_UID, r.action)) {
      req.resume();
      throw new ForbiddenError('Forbidden');
    }
    const query = parseQueryString(r.search);
    const canFind = (uid: string) => this.engine.permissions.can(principal, uid, 'find');
    switch (r.action) {
      case 'upload':
        return this.upload(req, query, principal);
      case 'find':
        return ok(await this.service.find(query, canFind));
      case 'findOne':
        return ok(await this.service.findOne(r.params.id, query, canFind));
      case 'destroy':
        return ok(await this.service.remove(r.params.id));
      default:
        throw new NotFoundError('Not Found');
    }
  }

  /** POST /api/upload: files -> records; `?id=` -> update that file's info (or replace its content). */
  private async upload(req: IncomingMessage, query: Record<string, unknown>, principal: Principal): Promise<RestResult> {
    const id = query.id;
    let body: MultipartBody | undefined;
    try {
      let infoValues: unknown[] = [];
      let link: UploadLink | undefined;
      if (isMultipart(req)) {
        body = await readMultipart(req, { maxFileSize: this.config.maxFileSize, maxFiles: this.config.maxFiles, maxFieldSize: 1024 * 1024, tmpDir: this.config.tmpDir });
        const fields = body.fields;
        infoValues = fields.get('fileInfo') ?? [];
        link = linkOf((name) => fields.get(name)?.at(-1));
      } else {
        // a JSON body can carry fileInfo (updates by id) but no files
        const json = await readJsonBody(req, this.engine.config.bodyLimit).catch((err: unknown) => {
          if (id === undefined) throw new ValidationError('Files are empty');
          throw err;
        });
        assertSafeBody(json);
        const record = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
        if (record.fileInfo !== undefined) infoValues = [record.fileInfo];
        link = undefined;
      }
      const files = (body?.files ?? []).filter((f) => f.field === 'files');
      if (id !== undefined) {
        if (files.length > 1) throw new ValidationError('Cannot replace a file with multiple ones');
        const [info]: FileInfo[] = parseFileInfos(infoValues, 1);
        return ok(files.length === 1 ? await this.service.replace(id, files[0], info) : await this.service.updateInfo(id, info));
      }
      if (files.length === 0) throw new ValidationError('Files are empty');
      const infos = parseFileInfos(infoValues, files.length);
      return ok(await this.service.upload(files, infos, link, principal));
    } finally {
      await body?.dispose();
    }
  }
}
