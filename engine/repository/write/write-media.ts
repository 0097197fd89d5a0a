/**
 * engine/repository/write: the files of one media attribute of one entry or component, replaced
 * as a whole in files_related_morphs (order 1..n). Unknown file ids, and files whose MIME type the
 * attribute's allowedTypes exclude (images, videos, audios; files = anything else), are ValidationErrors.
 */
import type { MediaAttribute } from '../../../compiler/model/types.js';
import { messages as m, ValidationError, validationIssue, type MessagePath } from '../../errors/index.js';
import { FILE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { and, col, columnIn, columnIs, select, table as from } from '../sql/build.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { deleteRows } from './change-rows.js';
import { insertRows } from './insert-rows.js';

const MORPH_COLUMNS = ['file_id', 'related_id', 'related_type', 'field', 'order'];

/** `at`: the attribute's path in the request body (`['seo', 'metaImage']` inside a component), for errors */
export async function writeMedia(ctx: RunContext, owner: TypeStorage, ownerId: number, name: string, attr: MediaAttribute, fileIds: readonly number[], creating: boolean, at: MessagePath = [name]): Promise<void> {
  const morph = ctx.storage.morphTable;
  if (!morph) throw new Error('quire repository: media attributes need the upload plugin file type');
  const invalid = (message: string) => ValidationError.of([validationIssue(at, message)]);
  // the planner refuses several files for a single media and a file given twice
  if (!attr.multiple && fileIds.length > 1) throw new Error(`quire repository: single media ${name} given ${fileIds.length} files`);
  const twice = fileIds.find((id, i) => fileIds.indexOf(id) !== i);
  if (twice !== undefined) throw invalid(m.fileTwice(at, twice));
  if (fileIds.length) {
    const files = typeOf(ctx.storage, FILE_UID);
    const known = ctx.batch?.files;
    const rows: { id: unknown; mime: unknown }[] = known ? fileIds.filter((id) => known.has(id)).map((id) => ({ id, mime: known.get(id) })) : await filesOf(ctx, files.table, fileIds);
    checkFiles(attr, fileIds, rows, at);
  }
  if (!creating) await deleteRows(ctx, morph, and([columnIs('related_id', ownerId), columnIs('related_type', owner.uid), columnIs('field', name)]));
  if (fileIds.length) {
    const rows = fileIds.map((file_id, i) => [file_id, ownerId, owner.uid, name, i + 1]);
    if (ctx.batch) ctx.batch.add(morph, MORPH_COLUMNS, rows);
    else await insertRows(ctx, morph, MORPH_COLUMNS, rows);
  }
}

/** `id` and `mime` of the files among `ids` (those that exist), in one SELECT */
export async function filesOf(ctx: RunContext, table: string, ids: readonly number[]): Promise<{ id: unknown; mime: unknown }[]> {
  const files = select({ columns: [col(undefined, 'id'), col(undefined, 'mime')], from: from(table), where: columnIn('id', ids) });
  return (await runStatement(ctx, files)) as { id: unknown; mime: unknown }[];
}

/** the files found for `fileIds` (id, mime): a ValidationError for unknown ids, then for MIME types the attribute's allowedTypes exclude */
export function checkFiles(attr: MediaAttribute, fileIds: readonly number[], rows: readonly { id: unknown; mime: unknown }[], at: MessagePath): void {
  const invalid = (message: string) => ValidationError.of([validationIssue(at, message)]);
  const found = new Map(rows.map((r) => [Number(r.id), typeof r.mime === 'string' ? r.mime : '']));
  const missing = fileIds.filter((id) => !found.has(id));
  if (missing.length) throw invalid(m.relationsNotFound(missing.length, FILE_UID));
  const refused = attr.allowedTypes.length ? fileIds.filter((id) => !attr.allowedTypes.includes(mediaTypeOf(found.get(id)!))) : [];
  if (refused.length) throw invalid(m.fileType(at, refused, attr.allowedTypes));
}

/** Strapi's media library categories: `image/png` -> images; `application/pdf` -> files. */
export function mediaTypeOf(mime: string): string {
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('video/')) return 'videos';
  if (mime.startsWith('audio/')) return 'audios';
  return 'files';
}
