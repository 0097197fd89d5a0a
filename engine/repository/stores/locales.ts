/**
 * engine/repository/stores: the i18n plugin's locale rows (i18n_locale, named by the model), as SQL
 * nodes through run-sql.ts like every statement on content tables. Reads and writes rows only; which
 * locales should exist is decided by the caller (engine/i18n/sync-locales.ts).
 */
import { LOCALE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { asc, col, columnIn, select, table } from '../sql/build.js';
import type { LocaleRecord } from '../types.js';
import { deleteRows } from '../write/change-rows.js';
import { insertRow } from '../write/insert-rows.js';
import { nowValue } from '../write/scalar-row.js';

function localeTable(ctx: RunContext): string {
  const type = ctx.storage.types.get(LOCALE_UID);
  if (!type) throw new Error(`quire repository: the model has no ${LOCALE_UID}`);
  return type.table;
}

/** every locale row, by id */
export async function listLocales(ctx: RunContext): Promise<LocaleRecord[]> {
  const id = col(undefined, 'id');
  const rows = await runStatement(ctx, select({ columns: [id, col(undefined, 'code'), col(undefined, 'name')], from: table(localeTable(ctx)), orderBy: [asc(id)] }));
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: typeof r.name === 'string' ? r.name : null }));
}

export async function createLocale(ctx: RunContext, code: string, name: string): Promise<number> {
  const now = nowValue(ctx.dialect);
  return insertRow(ctx, localeTable(ctx), { code, name, created_at: now, updated_at: now });
}

export async function deleteLocales(ctx: RunContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await deleteRows(ctx, localeTable(ctx), columnIn('id', ids));
}
