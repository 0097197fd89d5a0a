/**
 * engine/repository/write: run CreatePlan, UpdatePlan and DeletePlan. One statement for a scalar
 * write; a transaction (the caller's, or a new one) when links, components or media are written or
 * deleted too. created_at/updated_at are set here; published_at comes from the plan.
 */
import type { CreatePlan, DeletePlan, UpdatePlan } from '../../plan/types.js';
import { decodeRows, selectFields } from '../query/select-fields.js';
import type { RunContext } from '../run-context.js';
import { query } from '../run-sql.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { atomically } from '../transaction.js';
import { normalizeDatetime } from '../values/normalize-value.js';
import { deleteOwned, ownsMore } from './delete-owned.js';
import { insertRow } from './insert-rows.js';
import { nowValue, scalarRow } from './scalar-row.js';
import { hasAssociations, writeAssociations } from './write-associations.js';
import { linkLocalizations } from './link-localizations.js';
import { FILE_UID } from '../naming.js';
import { placeInApiUploadFolder } from '../stores/strapi-upload-folder.js';

function publishedAtValue(ctx: RunContext, value: string | null | undefined): unknown {
  return value === null || value === undefined ? null : ctx.dialect.bindValue('datetime', normalizeDatetime(value, 'publishedAt'));
}

function entryType(ctx: RunContext, uid: string): TypeStorage {
  const type = typeOf(ctx.storage, uid);
  if (type.kind === 'component') throw new Error(`quire repository: ${uid} is a component, not a content-type`);
  return type;
}

/** the new row read back by the INSERT itself (RETURNING the columns findOne selects), remembered for the read-back */
async function insertRemembered(ctx: RunContext, type: TypeStorage, row: Record<string, unknown>): Promise<number> {
  const selection = selectFields(type, undefined, type.table, ctx.dialect);
  const [entry] = decodeRows([await insertRow(ctx, type.table, row, selection.text)], selection);
  ctx.written?.remember(type.uid, selection.columns, entry);
  return entry.id;
}

export async function runCreate(ctx: RunContext, plan: CreatePlan): Promise<number> {
  const type = entryType(ctx, plan.uid);
  const row = scalarRow(type, plan.data.scalars, ctx.dialect);
  const now = nowValue(ctx.dialect);
  row.created_at = now;
  row.updated_at = now;
  if (type.draftAndPublish) row.published_at = publishedAtValue(ctx, plan.publishedAt);
  if (type.localized) row.locale = plan.locale ?? ctx.storage.defaultLocale;
  // a Strapi database: an uploaded file goes to the Media Library's API uploads folder, as Strapi files it
  const filedByStrapi = ctx.strapi === true && plan.uid === FILE_UID;
  const insert = async (c: RunContext) => {
    const id = c.written ? await insertRemembered(c, type, row) : await insertRow(c, type.table, row);
    await writeAssociations(c, type, id, plan.data, true);
    if (type.localized && plan.localizationOf !== undefined) await linkLocalizations(c, type, id, plan.localizationOf);
    if (filedByStrapi) await placeInApiUploadFolder(c, id);
    return id;
  };
  return hasAssociations(plan.data) || plan.localizationOf !== undefined || filedByStrapi ? atomically(ctx, insert) : insert(ctx);
}

/** Single types (no id in the plan): the one row there is, lowest id first. */
async function resolveId(ctx: RunContext, type: TypeStorage, id: number | undefined): Promise<number | undefined> {
  if (id !== undefined) return Number.isSafeInteger(id) ? id : undefined;
  const row = await query(ctx, type.table).orderBy('id', 'asc').first('id');
  return row ? Number(row.id) : undefined;
}

export async function runUpdate(ctx: RunContext, plan: UpdatePlan): Promise<number | undefined> {
  ctx.written?.forget();
  const type = entryType(ctx, plan.uid);
  const row = scalarRow(type, plan.data.scalars, ctx.dialect);
  row.updated_at = nowValue(ctx.dialect);
  if (type.draftAndPublish && plan.publishedAt !== undefined) row.published_at = publishedAtValue(ctx, plan.publishedAt);
  const update = async (c: RunContext) => {
    const id = await resolveId(c, type, plan.id);
    if (id === undefined) return undefined;
    const changed = await query(c, type.table).where('id', id).update(row);
    if (!changed) return undefined;
    await writeAssociations(c, type, id, plan.data);
    return id;
  };
  return hasAssociations(plan.data) ? atomically(ctx, update) : update(ctx);
}

export async function runDelete(ctx: RunContext, plan: DeletePlan): Promise<number | undefined> {
  ctx.written?.forget();
  const type = entryType(ctx, plan.uid);
  const remove = async (c: RunContext) => {
    const id = await resolveId(c, type, plan.id);
    if (id === undefined) return undefined;
    if (ownsMore(type)) await deleteOwned(c, type, [id]);
    const deleted = await query(c, type.table).where('id', id).del();
    return deleted ? id : undefined;
  };
  return ownsMore(type) ? atomically(ctx, remove) : remove(ctx);
}
