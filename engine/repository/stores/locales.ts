/**
 * engine/repository/stores: the i18n plugin's locale rows (i18n_locale, named by the model) through
 * the Objection model of plugin::i18n.locale (objection-models.ts). Reads and writes rows only; which
 * locales should exist is decided by the caller (engine/i18n/sync-locales.ts).
 */
import type { Model } from 'objection';
import { LOCALE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import type { LocaleRecord } from '../types.js';
import { nowValue } from '../write/scalar-row.js';
import { modelQuery } from './model-query.js';

type Row = Model & Record<string, unknown>;

function localeModel(ctx: RunContext): typeof Model {
  const model = ctx.models.get(LOCALE_UID);
  if (!model) throw new Error(`quire repository: the model has no ${LOCALE_UID}`);
  return model;
}

/** every locale row, by id */
export async function listLocales(ctx: RunContext): Promise<LocaleRecord[]> {
  const rows = (await modelQuery(ctx, localeModel(ctx)).select('id', 'code', 'name').orderBy('id')) as Row[];
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: typeof r.name === 'string' ? r.name : null }));
}

export async function createLocale(ctx: RunContext, code: string, name: string): Promise<number> {
  const now = nowValue(ctx.dialect);
  const row = (await modelQuery(ctx, localeModel(ctx)).insert({ code, name, created_at: now, updated_at: now })) as Row;
  return Number(row.id);
}

export async function deleteLocales(ctx: RunContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await modelQuery(ctx, localeModel(ctx)).whereIn('id', [...ids]).delete();
}
