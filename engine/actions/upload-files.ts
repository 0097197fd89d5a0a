/**
 * engine/actions: the upload plugin's actions, the same for REST (`/api/upload...`) and GraphQL
 * (`upload`, `multipleUpload`, `updateFileInfo`, `removeFile`, `uploadFiles`, `uploadFile`): list and
 * read file records, upload files (optionally attached to an entry's media attribute), update a
 * file's info or content, remove a file. Objects go to the storage provider before the transaction
 * and are discarded again when it fails; a removed record's objects are deleted after the commit.
 * Each file written queues one media change. Answers are entries of `plugin::upload.file`.
 */
import { ForbiddenError, NotFoundError, ValidationError } from '../errors/index.js';
import { planFind, planFindOne } from '../plan/index.js';
import type { Entry, WriteData } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import { cleanFileName } from '../upload/file-naming.js';
import type { FileInfo } from '../upload/parse-file-info.js';
import { FILE_UID, type StoredFile, type StoredFiles } from '../upload/stored-files.js';
import type { UploadedFile } from '../upload/uploaded-file.js';
import type { ActionContext, Caller } from './action-context.js';
import { parseEntryId } from './entry-id.js';
import { runWrite, type ChangeQueue } from './write-transaction.js';
import { messages, validationIssue } from '../errors/validation-catalog.js';

/** Attach the uploaded files to a media attribute of an entry at once (`ref`, `refId`, `field`). */
export interface UploadLink {
  ref: string;
  refId: string | number;
  field: string;
}

interface LinkTarget {
  uid: string;
  id: number;
  field: string;
  multiple: boolean;
  allowedTypes: readonly string[];
}

const writeData = (scalars: Record<string, unknown>, media: Record<string, readonly number[]> = {}): WriteData =>
  ({ scalars, relations: {}, media, components: {}, dynamicZones: {} });

/** the storage side; the actions are reachable only when the model has the upload plugin */
function filesOf(ctx: ActionContext): StoredFiles {
  if (!ctx.files) throw new NotFoundError('Not Found');
  return ctx.files;
}

function fileIdOf(raw: unknown, notFound: string): number {
  const id = parseEntryId(raw);
  if (id === undefined) throw new NotFoundError(notFound);
  return id;
}

async function mustFind(repo: Repository, id: number, notFound: string): Promise<Entry> {
  const row = await repo.findOne({ kind: 'findOne', uid: FILE_UID, id, populate: {}, publicationState: 'live' });
  if (!row) throw new NotFoundError(notFound);
  return row;
}

/** The entry and media attribute `link` names, checked before anything is stored. */
function checkLink(ctx: ActionContext, caller: Caller, link: UploadLink, count: number): LinkTarget {
  const issue = (path: string, message: string) => ValidationError.of([validationIssue([path], message)]);
  const ct = ctx.model.contentTypes[link.ref];
  if (!ct || ct.uid === FILE_UID) throw issue('ref', messages.uploadRef(link.ref));
  const attr = ct.attributes[link.field];
  if (!attr || attr.kind !== 'media') throw issue('field', messages.uploadField(link.ref, link.field));
  const id = parseEntryId(link.refId);
  if (id === undefined) throw issue('refId', messages.uploadRefId());
  if (!attr.multiple && count > 1) throw issue('field', messages.uploadSingleFile(link.field));
  // attaching edits the entry: the caller must be allowed to update it (Strapi checks upload only)
  if (!ctx.permissions.can(caller.principal, ct.uid, 'update')) throw new ForbiddenError('Forbidden');
  return { uid: ct.uid, id, field: link.field, multiple: attr.multiple, allowedTypes: attr.allowedTypes };
}

/** every file a list answers: Strapi's upload plugin applies no pagination to it */
const ALL_FILES = { style: 'offset', start: 0, limit: 2_147_483_647, withCount: false } as const;

/**
 * The rows of files already in the provider, inside the caller's transaction, in the order given;
 * each queues its media change.
 */
export async function insertFileRows(tx: Repository, queue: ChangeQueue, stored: readonly StoredFile[]): Promise<Entry[]> {
  const ids: number[] = [];
  for (const s of stored) ids.push(await tx.create({ kind: 'create', uid: FILE_UID, data: writeData(s.scalars) }));
  if (ids.length === 0) return [];
  const { entries } = await tx.find({
    kind: 'find', uid: FILE_UID, where: { kind: 'cmp', field: 'id', op: '$in', value: ids }, sort: [],
    page: { style: 'offset', start: 0, limit: ids.length, withCount: false }, populate: {}, publicationState: 'live',
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  const rows = ids.map((id) => byId.get(id)!);
  for (const row of rows) queue.add('media.create', FILE_UID, row);
  return rows;
}

/**
 * `GET /api/upload/files`: the planner's filters, sort and fields; a plain list of every matching
 * file, never counted, pagination ignored, as Strapi's upload plugin answers it. (GraphQL
 * `uploadFiles` / `uploadFile` are the generic, paginated entry reads of `plugin::upload.file`.)
 */
export async function findFiles(ctx: ActionContext, caller: Caller, query: ParsedQuery): Promise<Entry[]> {
  const { pagination: _ignored, ...rest } = query;
  const plan = planFind(ctx.model, FILE_UID, rest, { canFind: (uid) => caller.canFind(uid) });
  const { entries } = await ctx.repo.find({ ...plan, page: ALL_FILES });
  return entries;
}

/** `GET /api/upload/files/:id`. 404 'file.notFound'. */
export async function findFile(ctx: ActionContext, caller: Caller, rawId: unknown, query: ParsedQuery): Promise<Entry> {
  const id = fileIdOf(rawId, 'file.notFound');
  const row = await ctx.repo.findOne(planFindOne(ctx.model, FILE_UID, id, query, { canFind: (uid) => caller.canFind(uid) }));
  if (!row) throw new NotFoundError('file.notFound');
  return row;
}

/**
 * `POST /api/upload`, GraphQL `upload` / `multipleUpload`: upload `files` (fileInfo per file) and
 * optionally attach them to an entry; the new records in the order the files were sent.
 */
export async function uploadFiles(ctx: ActionContext, caller: Caller, files: readonly UploadedFile[], infos: readonly FileInfo[], link?: UploadLink): Promise<Entry[]> {
  if (files.length === 0) throw new ValidationError(messages.filesEmpty());
  const target = link ? checkLink(ctx, caller, link, files.length) : undefined;
  const stored: StoredFile[] = [];
  try {
    for (const [i, file] of files.entries()) stored.push(await filesOf(ctx).store(file, infos[i] ?? {}, target?.allowedTypes));
    return await runWrite(ctx, async (tx, queue) => {
      const rows = await insertFileRows(tx, queue, stored);
      const ids = rows.map((r) => r.id);
      if (target) {
        const entry = await tx.findOne({ kind: 'findOne', uid: target.uid, id: target.id, fields: [], populate: { [target.field]: { fields: [] } }, publicationState: 'preview' });
        if (!entry) throw ValidationError.of([validationIssue(['refId'], messages.uploadEntryMissing(target.uid, target.id))]);
        const before = target.multiple ? ((entry[target.field] as Entry[] | null) ?? []).map((e) => e.id) : [];
        await tx.update({ kind: 'update', uid: target.uid, id: target.id, data: writeData({}, { [target.field]: [...before, ...ids] }) });
      }
      return rows;
    });
  } catch (err) {
    await filesOf(ctx).discard(stored.flatMap((s) => s.keys));
    throw err;
  }
}

/** `POST /api/upload?id=` without files, GraphQL `updateFileInfo`: name, alternativeText, caption. 404 'Entity not found'. */
export async function updateFileInfo(ctx: ActionContext, _caller: Caller, rawId: unknown, info: FileInfo): Promise<Entry> {
  const id = fileIdOf(rawId, 'Entity not found');
  const scalars: Record<string, unknown> = {};
  if (info.name !== undefined) scalars.name = cleanFileName(info.name);
  if (info.alternativeText !== undefined) scalars.alternativeText = info.alternativeText;
  if (info.caption !== undefined) scalars.caption = info.caption;
  return runWrite(ctx, async (tx, queue) => {
    if ((await tx.update({ kind: 'update', uid: FILE_UID, id, data: writeData(scalars) })) === undefined) throw new NotFoundError('Entity not found');
    const row = await mustFind(tx, id, 'Entity not found');
    queue.add('media.update', FILE_UID, row);
    return row;
  });
}

/**
 * `POST /api/upload?id=` with one file: new content for the record (its links stay). Unlike
 * Strapi, which keeps the hash, the content gets a new key (so no URL ever serves two contents)
 * and the old objects are removed after the commit. 404 'Entity not found'.
 */
export async function replaceFile(ctx: ActionContext, _caller: Caller, rawId: unknown, file: UploadedFile, info: FileInfo): Promise<Entry> {
  const id = fileIdOf(rawId, 'Entity not found');
  const old = await mustFind(ctx.repo, id, 'Entity not found');
  const stored = await filesOf(ctx).store(file, info);
  let row: Entry;
  try {
    row = await runWrite(ctx, async (tx, queue) => {
      const scalars = { ...stored.scalars };
      if (info.alternativeText === undefined) scalars.alternativeText = old.alternativeText ?? null;
      if (info.caption === undefined) scalars.caption = old.caption ?? null;
      if ((await tx.update({ kind: 'update', uid: FILE_UID, id, data: writeData(scalars) })) === undefined) throw new NotFoundError('Entity not found');
      const updated = await mustFind(tx, id, 'Entity not found');
      queue.add('media.update', FILE_UID, updated);
      return updated;
    });
  } catch (err) {
    await filesOf(ctx).discard(stored.keys);
    throw err;
  }
  await filesOf(ctx).discard(filesOf(ctx).keysOf(old));
  return row;
}

/** `DELETE /api/upload/files/:id`, GraphQL `removeFile`: the record as it was (its media links go with it), then its objects. */
export async function removeFile(ctx: ActionContext, _caller: Caller, rawId: unknown, notFound = 'file.notFound'): Promise<Entry> {
  const id = fileIdOf(rawId, notFound);
  const row = await runWrite(ctx, async (tx, queue) => {
    const found = await mustFind(tx, id, notFound);
    if ((await tx.delete({ kind: 'delete', uid: FILE_UID, id })) === undefined) throw new NotFoundError(notFound);
    queue.add('media.delete', FILE_UID, found);
    return found;
  });
  await filesOf(ctx).discard(filesOf(ctx).keysOf(row));
  return row;
}
