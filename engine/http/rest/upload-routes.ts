/**
 * engine/http REST door: the upload plugin's routes (operationIds upload.upload, .find, .findOne,
 * .destroy), each with its `plugin::upload.content-api.<action>` permission, bound to the upload
 * actions (engine/actions/upload-files.ts). `POST /api/upload` takes multipart/form-data (files,
 * `fileInfo`, `ref`/`refId`/`field`) or, to update a file's info by `?id=`, JSON. Answers are flat,
 * as Strapi's plugin answers: arrays and records without a data/attributes envelope.
 */
import type { ActionContext } from '../../actions/action-context.js';
import { findFile, findFiles, removeFile, replaceFile, updateFileInfo, uploadFiles, type UploadLink } from '../../actions/upload-files.js';
import { ValidationError } from '../../errors/index.js';
import { parseJsonBody } from '../read-body.js';
import { ok, type HttpRequest, type Reply, type Route } from '../route.js';
import type { Entry } from '../../plan/types.js';
import { flatEntry } from '../../response/shape-flat.js';
import { parseFileInfos, type FileInfo } from '../../upload/parse-file-info.js';
import { FILE_UID, UPLOAD_PERMISSION_UID } from '../../upload/stored-files.js';
import { messages, validationIssue } from '../../errors/validation-catalog.js';

/** `ref`, `refId`, `field` as sent: all three or none. */
function linkOf(get: (name: string) => unknown): UploadLink | undefined {
  const [ref, refId, field] = [get('ref'), get('refId'), get('field')];
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  if (text(ref) === undefined || text(refId) === undefined || text(field) === undefined) {
    throw ValidationError.of([validationIssue(['ref'], messages.uploadLinkTogether())]);
  }
  return { ref: text(ref)!, refId: text(refId)!, field: text(field)! };
}

/** POST /api/upload: files -> records; `?id=` -> update that file's info (or replace its content). */
async function upload(ctx: ActionContext, r: HttpRequest): Promise<Entry | Entry[]> {
  const id = r.rawQuery.id;
  let infoValues: unknown[] = [];
  let link: UploadLink | undefined;
  if (r.multipart) {
    const fields = r.multipart.fields;
    infoValues = fields.get('fileInfo') ?? [];
    link = linkOf((name) => fields.get(name)?.at(-1));
  } else {
    // a JSON body can carry fileInfo (updates by id) but no files
    let json: unknown;
    try {
      json = parseJsonBody(r.body as Buffer, r.raw.headers['content-type']);
    } catch (err) {
      if (id === undefined) throw new ValidationError(messages.filesEmpty());
      throw err;
    }
    const record = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    if (record.fileInfo !== undefined) infoValues = [record.fileInfo];
  }
  const files = (r.multipart?.files ?? []).filter((f) => f.field === 'files');
  if (id !== undefined) {
    if (files.length > 1) throw new ValidationError(messages.replaceWithMany());
    const [info]: FileInfo[] = parseFileInfos(infoValues, 1);
    return files.length === 1 ? replaceFile(ctx, r.caller, id, files[0], info) : updateFileInfo(ctx, r.caller, id, info);
  }
  if (files.length === 0) throw new ValidationError(messages.filesEmpty());
  return uploadFiles(ctx, r.caller, files, parseFileInfos(infoValues, files.length), link);
}

type Handler = (ctx: ActionContext, r: HttpRequest) => Promise<Entry | Entry[]>;

const HANDLERS: Readonly<Record<string, Handler>> = {
  upload,
  find: (ctx, r) => findFiles(ctx, r.caller, r.query),
  findOne: (ctx, r) => findFile(ctx, r.caller, r.params.id, r.query),
  destroy: (ctx, r) => removeFile(ctx, r.caller, r.params.id),
};

/** The route of upload operation `action`, or undefined when quire has none. */
export function uploadRoute(ctx: ActionContext, operationId: string, action: string): Route | undefined {
  const handler = Object.hasOwn(HANDLERS, action) ? HANDLERS[action] : undefined;
  if (!handler) return undefined;
  const flat = (row: Entry) => flatEntry(ctx.model, FILE_UID, row);
  return {
    operationId,
    authenticate: true,
    permission: [UPLOAD_PERMISSION_UID, action],
    query: action === 'find' || action === 'findOne' ? 'content' : 'raw',
    body: action === 'upload' ? 'multipart' : 'none',
    handle: async (r): Promise<Reply> => {
      const result = await handler(ctx, r);
      return ok(Array.isArray(result) ? result.map(flat) : flat(result));
    },
  };
}
