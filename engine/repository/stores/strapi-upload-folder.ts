/**
 * engine/repository/stores: on a database Strapi v4 manages, a file uploaded through the Content
 * API goes where Strapi 4.26 puts it: in the Media Library's "API Uploads" folder. Strapi keeps that
 * folder's id in `strapi_core_store_settings` (key `plugin_upload_api-folder`, value `{"id":N}`) and
 * makes the folder on the first upload (`upload_folders`: name "API Uploads", `path_id` one more than
 * the largest, `path` `/<path_id>`); each file gets `folder_path` = the folder's path and a
 * `files_folder_links` row whose `file_order` follows the folder's last one. Without this the file
 * exists but the Media Library, which lists folders by path, shows it nowhere.
 *   placeInApiUploadFolder(ctx, 7) -> files 7: folder_path '/1'; files_folder_links (7, 1, 5)
 */
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { call, col, columnIs, select, table } from '../sql/build.js';
import { updateRow } from '../write/change-rows.js';
import { insertRow, insertRows } from '../write/insert-rows.js';
import { nowValue } from '../write/scalar-row.js';

const STORE = 'strapi_core_store_settings';
const KEY = 'plugin_upload_api-folder';
export const API_UPLOAD_FOLDER = 'API Uploads';

interface Folder {
  id: number;
  path: string;
}

function storedId(value: unknown): number | undefined {
  try {
    const id = (typeof value === 'string' ? JSON.parse(value) : value)?.id;
    return Number.isSafeInteger(Number(id)) ? Number(id) : undefined;
  } catch {
    return undefined;
  }
}

/** the folder Strapi's Content API uploads go to, made (and recorded in the store) when missing */
async function apiUploadFolder(ctx: RunContext): Promise<Folder> {
  const [stored] = await runStatement(ctx, select({ columns: [col(undefined, 'id'), col(undefined, 'value')], from: table(STORE), where: columnIs('key', KEY), limit: 1 }));
  const id = stored ? storedId(stored.value) : undefined;
  if (id !== undefined) {
    const [folder] = await runStatement(ctx, select({ columns: [col(undefined, 'id'), col(undefined, 'path')], from: table('upload_folders'), where: columnIs('id', id), limit: 1 }));
    if (folder) return { id: Number(folder.id), path: String(folder.path) };
  }
  const [top] = await runStatement(ctx, select({ columns: [{ item: call('MAX', col(undefined, 'path_id')), as: 'n' }], from: table('upload_folders') }));
  const pathId = Number(top?.n ?? 0) + 1;
  const now = nowValue(ctx.dialect);
  const made = await insertRow(ctx, 'upload_folders', { name: API_UPLOAD_FOLDER, path_id: pathId, path: `/${pathId}`, created_at: now, updated_at: now, created_by_id: null, updated_by_id: null });
  const folder = { id: made, path: `/${pathId}` };
  const value = JSON.stringify({ id: folder.id });
  if (stored) await updateRow(ctx, STORE, { value }, stored.id);
  else await insertRows(ctx, STORE, ['key', 'value', 'type', 'environment', 'tag'], [[KEY, value, 'object', null, null]]);
  return folder;
}

/** file `fileId` (just inserted) into the API uploads folder, as Strapi 4.26's Content API upload files it */
export async function placeInApiUploadFolder(ctx: RunContext, fileId: number): Promise<void> {
  const folder = await apiUploadFolder(ctx);
  const [last] = await runStatement(ctx, select({ columns: [{ item: call('MAX', col(undefined, 'file_order')), as: 'n' }], from: table('files_folder_links'), where: columnIs('folder_id', folder.id) }));
  await updateRow(ctx, 'files', { folder_path: folder.path }, fileId);
  await insertRows(ctx, 'files_folder_links', ['file_id', 'folder_id', 'file_order'], [[fileId, folder.id, Number(last?.n ?? 0) + 1]]);
}
