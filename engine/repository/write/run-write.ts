/**
 * engine/repository/write: run CreatePlan, UpdatePlan and DeletePlan. One statement for a scalar
 * write, and on PostgreSQL for a create with links, components and media too (create-statement.ts);
 * a transaction (the caller's, or a new one) when links, components or media are written or
 * deleted. created_at/updated_at are set here; published_at comes from the plan.
 */
import type { CreatePlan, DeletePlan, UpdatePlan, WriteData } from '../../plan/types.js';
import { decodeRows } from '../query/select-fields.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { asc, col, columnIs, select, table as from } from '../sql/build.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { atomically } from '../transaction.js';
import { normalizeDatetime } from '../values/normalize-value.js';
import { checkCreate, compileCreate } from './create-statement.js';
import { deleteRows, updateRow, updateRowReturning } from './change-rows.js';
import { deleteOwned, ownsMore } from './delete-owned.js';
import { insertRow } from './insert-rows.js';
import { nowValue, scalarRow } from './scalar-row.js';
import { hasAssociations, writeAssociations } from './write-associations.js';
import { linkLocalizations } from './link-localizations.js';
import { rowBatch } from './row-batch.js';
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
  const selection = ctx.selections.of(type, undefined, type.table);
  const [entry] = decodeRows([await insertRow(ctx, type.table, row, selection)], selection);
  ctx.written?.remember(type.uid, selection.columns, entry);
  return entry.id;
}

/**
 * PostgreSQL: the entry and everything it holds in one statement (create-statement.ts), its errors
 * raised after it (the caller's transaction rolls it back); undefined when the shape is not compiled.
 */
async function createInOne(ctx: RunContext, type: TypeStorage, row: Record<string, unknown>, data: WriteData): Promise<number | undefined> {
  const selection = ctx.written ? ctx.selections.of(type, undefined, type.table) : undefined;
  const compiled = compileCreate(ctx, type, row, data, selection?.nodes ?? [col(undefined, 'id')]);
  if (compiled === undefined) return undefined;
  const [answer] = await runStatement(ctx, compiled.statement);
  checkCreate(compiled, answer);
  if (!selection) return Number(answer.id);
  const [entry] = decodeRows([answer], selection);
  ctx.written?.remember(type.uid, selection.columns, entry);
  return entry.id;
}

/** writeAssociations with its link rows gathered and inserted at the end (row-batch.ts) */
async function writeBatched(ctx: RunContext, type: TypeStorage, id: number, data: WriteData, creating: boolean): Promise<void> {
  if (!hasAssociations(data)) return;
  const batch = await rowBatch(ctx, type, data);
  const c: RunContext = { ...ctx, batch };
  await writeAssociations(c, type, id, data, creating);
  await batch.flush(c);
}

export async function runCreate(ctx: RunContext, plan: CreatePlan): Promise<number> {
  const type = entryType(ctx, plan.uid);
  const row = scalarRow(type, plan.data.scalars, ctx.dialect);
  const now = nowValue(ctx.dialect);
  row.created_at = now;
  row.updated_at = now;
  if (type.draftAndPublish) row.published_at = publishedAtValue(ctx, plan.publishedAt);
  if (type.localized) row.locale = plan.locale ?? ctx.storage.defaultLocale;
  if (plan.admin !== undefined) row.created_by_id = row.updated_by_id = plan.admin;
  // a Strapi database: an uploaded file goes to the Media Library's API uploads folder, as Strapi files it
  const filedByStrapi = ctx.strapi === true && plan.uid === FILE_UID;
  const insert = async (c: RunContext) => {
    const compiled = c.dialect.writingCtes && !c.strapi && plan.localizationOf === undefined && hasAssociations(plan.data) ? await createInOne(c, type, row, plan.data) : undefined;
    if (compiled !== undefined) return compiled;
    const id = c.written ? await insertRemembered(c, type, row) : await insertRow(c, type.table, row);
    await writeBatched(c, type, id, plan.data, true);
    if (type.localized && plan.localizationOf !== undefined) await linkLocalizations(c, type, id, plan.localizationOf);
    if (filedByStrapi) await placeInApiUploadFolder(c, id);
    return id;
  };
  return hasAssociations(plan.data) || plan.localizationOf !== undefined || filedByStrapi ? atomically(ctx, insert) : insert(ctx);
}

/**
 * The UPDATE read back by itself (RETURNING the columns findOne selects; PostgreSQL and SQLite),
 * remembered for the read-back: 1, or 0 when there is no such row.
 */
async function updateRemembered(ctx: RunContext, type: TypeStorage, id: number, row: Record<string, unknown>): Promise<number> {
  const selection = ctx.selections.of(type, undefined, type.table);
  const rows = await updateRowReturning(ctx, type.table, row, id, selection);
  if (rows.length === 0) return 0;
  const [entry] = decodeRows(rows, selection);
  ctx.written?.remember(type.uid, selection.columns, entry);
  return 1;
}

/** Single types (no id in the plan): the one row there is, lowest id first. */
async function resolveId(ctx: RunContext, type: TypeStorage, id: number | undefined): Promise<number | undefined> {
  if (id !== undefined) return Number.isSafeInteger(id) ? id : undefined;
  const [row] = await runStatement(ctx, select({ columns: [col(undefined, 'id')], from: from(type.table), orderBy: [asc(col(undefined, 'id'))], limit: 1 }));
  return row ? Number(row.id) : undefined;
}

export async function runUpdate(ctx: RunContext, plan: UpdatePlan): Promise<number | undefined> {
  ctx.written?.forget();
  const type = entryType(ctx, plan.uid);
  const row = scalarRow(type, plan.data.scalars, ctx.dialect);
  row.updated_at = nowValue(ctx.dialect);
  if (type.draftAndPublish && plan.publishedAt !== undefined) row.published_at = publishedAtValue(ctx, plan.publishedAt);
  if (plan.admin !== undefined) row.updated_by_id = plan.admin;
  const update = async (c: RunContext) => {
    const id = await resolveId(c, type, plan.id);
    if (id === undefined) return undefined;
    const changed = c.written && c.dialect.updateReturning ? await updateRemembered(c, type, id, row) : await updateRow(c, type.table, row, id);
    if (!changed) return undefined;
    await writeBatched(c, type, id, plan.data, false);
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
    const deleted = await deleteRows(c, type.table, columnIs('id', id));
    return deleted ? id : undefined;
  };
  return ownsMore(type) ? atomically(ctx, remove) : remove(ctx);
}
