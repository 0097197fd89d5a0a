/**
 * engine/repository: run FindPlan and FindOnePlan: one SELECT for the page (plus one count when
 * asked; both sent by run-sql.ts), then populate (one query per populated attribute per level).
 * publicationState 'live' hides drafts of draft-and-publish types; findOne by id returns a draft
 * anyway, as Strapi does.
 */
import type { Entry, FindOnePlan, FindPlan, PagePlan } from '../plan/types.js';
import { qualified, quoteId } from './naming.js';
import { attachAvailableLocales, populateEntries } from './populate/populate.js';
import { compileSort } from './query/compile-sort.js';
import type { WhereScope } from './query/compile-where.js';
import { rootConditions } from './query/root-conditions.js';
import { decodeValueRows } from './query/select-fields.js';
import { AliasCounter, sql } from './query/sql.js';
import type { RunContext } from './run-context.js';
import { runSql, runSqlValues } from './run-sql.js';
import { typeOf, type TypeStorage } from './storage-map.js';
import type { FindResult } from './types.js';

const ROOT = 't0';

function pageWindow(page: PagePlan): { limit: number; offset: number } {
  return page.style === 'page'
    ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }
    : { limit: page.limit, offset: page.start };
}

const fromRoot = (type: TypeStorage) => `${quoteId(type.table)} AS ${quoteId(ROOT)}`;

export async function runFind(ctx: RunContext, plan: FindPlan): Promise<FindResult> {
  const type = typeOf(ctx.storage, plan.uid);
  const scope: WhereScope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
  scope.aliases.next(); // t0
  const where = rootConditions(type, ROOT, scope, plan.where, plan.publicationState, plan.locale);
  const selection = ctx.selections.of(type, plan.fields, ROOT);
  const order = compileSort(plan.sort, type, ROOT, scope);
  const { limit, offset } = pageWindow(plan.page);
  // the page size is written into the text: SQLite plans `LIMIT 25` better than `LIMIT ?` (a
  // bound limit cost 13 us more on a 25-row page), and page sizes are few, so statements stay cached
  const literal = Number.isSafeInteger(limit) && limit >= 0;
  const rows = await runSqlValues(
    ctx,
    `SELECT ${selection.text} FROM ${fromRoot(type)} WHERE ${where.text} ORDER BY ${order.text} LIMIT ${literal ? String(limit) : '?'}${offset ? ' OFFSET ?' : ''}`,
    [...where.bindings, ...order.bindings, ...(literal ? [] : [limit]), ...(offset ? [offset] : [])],
  );
  const entries = decodeValueRows(rows, selection);
  let total: number | undefined;
  if (plan.page.withCount) {
    const [row] = await runSql(ctx, `SELECT COUNT(*) AS "count" FROM ${fromRoot(type)} WHERE ${where.text}`, where.bindings);
    total = Number(row.count);
  }
  await populateEntries(ctx, type, entries, plan.populate, plan.publicationState);
  if (plan.availableLocales) await attachAvailableLocales(ctx, type, entries);
  return total === undefined ? { entries } : { entries, total };
}

export async function runFindOne(ctx: RunContext, plan: FindOnePlan): Promise<Entry | undefined> {
  const type = typeOf(ctx.storage, plan.uid);
  const scope: WhereScope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
  scope.aliases.next();
  const byId = plan.id !== undefined;
  if (byId && !Number.isSafeInteger(plan.id)) return undefined;
  // by id: the entry whatever its publication state; single type: the one (published, when live) entry
  const where = byId
    ? sql(`${qualified(ROOT, 'id')} = ?`, [plan.id])
    : rootConditions(type, ROOT, scope, undefined, plan.publicationState, plan.locale);
  const selection = ctx.selections.of(type, plan.fields, ROOT);
  // the read-back of an entry this transaction just created: its INSERT returned the row already
  const written = byId ? ctx.written?.take(type.uid, plan.id as number, selection.columns) : undefined;
  const rows = written ? [] : await runSqlValues(ctx, `SELECT ${selection.text} FROM ${fromRoot(type)} WHERE ${where.text} ORDER BY ${qualified(ROOT, 'id')} ASC LIMIT 1`, where.bindings);
  if (!written && rows.length === 0) return undefined;
  const entries = written ? [written] : decodeValueRows(rows, selection);
  await populateEntries(ctx, type, entries, plan.populate, plan.publicationState);
  if (plan.availableLocales) await attachAvailableLocales(ctx, type, entries);
  return entries[0];
}
