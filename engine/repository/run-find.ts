/**
 * engine/repository: run FindPlan and FindOnePlan, the rows executor's reads: one SELECT for the page
 * (plus one count when asked), then populate (one query per populated attribute per level), each built
 * as SQL nodes and printed by the dialect. publicationState 'live' hides drafts of draft-and-publish
 * types; findOne by id returns a draft anyway, as Strapi does.
 */
import type { Entry, FindOnePlan, FindPlan, PagePlan } from '../plan/types.js';
import { attachAvailableLocales, populateEntries } from './populate/populate.js';
import { compileSort } from './query/compile-sort.js';
import type { WhereScope } from './query/compile-where.js';
import { rootConditions } from './query/root-conditions.js';
import { decodeValueRows } from './query/select-fields.js';
import { AliasCounter } from './query/alias-counter.js';
import type { RunContext } from './run-context.js';
import { runStatement, runStatementValues, shaped } from './run-sql.js';
import { asc, col, eq, keyword, param, select, Slot, table } from './sql/build.js';
import type { Expr } from './sql/sql-node.js';
import { typeOf } from './storage-map.js';
import type { FindResult } from './types.js';

const ROOT = 't0';

function pageWindow(page: PagePlan): { limit: number; offset: number } {
  return page.style === 'page'
    ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }
    : { limit: page.limit, offset: page.start };
}

const scopeOf = (ctx: RunContext): WhereScope => {
  const scope: WhereScope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
  scope.aliases.next(); // t0
  return scope;
};

export async function runFind(ctx: RunContext, plan: FindPlan): Promise<FindResult> {
  const type = typeOf(ctx.storage, plan.uid);
  const scope = scopeOf(ctx);
  const where = rootConditions(type, ROOT, scope, plan.where, plan.publicationState, plan.locale);
  const selection = ctx.selections.of(type, plan.fields, ROOT);
  const { limit, offset } = pageWindow(plan.page);
  // the page size is written into the text: SQLite plans `LIMIT 25` better than `LIMIT ?` (a
  // bound limit cost 13 us more on a 25-row page), and page sizes are few, so statements stay cached
  const literal = Number.isSafeInteger(limit) && limit >= 0;
  const rows = await runStatementValues(ctx, select({
    columns: selection.nodes, from: table(type.table, ROOT), where, orderBy: compileSort(plan.sort, type, ROOT, scope),
    limit: literal ? limit : param(limit), ...(offset ? { offset: param(offset) } : {}),
  }));
  const entries = decodeValueRows(rows, selection);
  let total: number | undefined;
  if (plan.page.withCount) {
    const [row] = await runStatement(ctx, select({ columns: [{ item: keyword('COUNT(*)'), as: 'count' }], from: table(type.table, ROOT), where }));
    total = Number(row.count);
  }
  await populateEntries(ctx, type, entries, plan.populate, plan.publicationState);
  if (plan.availableLocales) await attachAvailableLocales(ctx, type, entries);
  return total === undefined ? { entries } : { entries, total };
}

export async function runFindOne(ctx: RunContext, plan: FindOnePlan): Promise<Entry | undefined> {
  const type = typeOf(ctx.storage, plan.uid);
  const byId = plan.id !== undefined;
  if (byId && !Number.isSafeInteger(plan.id)) return undefined;
  const selection = ctx.selections.of(type, plan.fields, ROOT);
  // the read-back of an entry this transaction just created: its INSERT returned the row already
  const written = byId ? ctx.written?.take(type.uid, plan.id as number, selection.columns) : undefined;
  const one = (w: Expr) => select({ columns: selection.nodes, from: table(type.table, ROOT), where: w, orderBy: [asc(col(ROOT, 'id'))], limit: 1 });
  // by id: the entry whatever its publication state, by a statement of the type and selection alone
  // (printed once per shape); single type: the one (published, when live) entry
  const rows = written ? [] : await runStatementValues(ctx, byId
    ? shaped(ctx, `find one ${selection.key} ${type.table}`, () => one(eq(col(ROOT, 'id'), param(new Slot(0)))), [plan.id])
    : one(rootConditions(type, ROOT, scopeOf(ctx), undefined, plan.publicationState, plan.locale)));
  if (!written && rows.length === 0) return undefined;
  const entries = written ? [written] : decodeValueRows(rows, selection);
  await populateEntries(ctx, type, entries, plan.populate, plan.publicationState);
  if (plan.availableLocales) await attachAvailableLocales(ctx, type, entries);
  return entries[0];
}
