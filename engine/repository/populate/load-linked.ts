/**
 * engine/repository/populate: the one query that loads, for many owners at once, the rows linked
 * to them through a link table (join table, files_related_morphs, localizations), with the
 * populate's fields, filter, sort and per-owner page (ROW_NUMBER() OVER (PARTITION BY owner)).
 * Returns owner id -> entries in link order (or the populate's sort).
 */
import type { Entry, PopulateSpec, PublicationState } from '../../plan/types.js';
import { qualified, quoteId } from '../naming.js';
import { rootConditions } from '../query/root-conditions.js';
import { compileSort } from '../query/compile-sort.js';
import type { WhereScope } from '../query/compile-where.js';
import { AliasCounter, combine, joinSql, list, rawBindings, sql } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { runSqlValues } from '../run-sql.js';
import type { TypeStorage } from '../storage-map.js';

export interface LinkQuery {
  readonly table: string;
  /** column holding the owner's id */
  readonly owner: string;
  /** column holding the linked row's id */
  readonly target: string;
  /** position of the linked row among the owner's links */
  readonly order?: string;
  /** extra equalities on the link row (morph type and field) */
  readonly where: readonly (readonly [string, unknown])[];
}

const OWNER = '__owner';
const ROW = '__rn';
/** ids per statement; far below SQLite's and PostgreSQL's parameter limits */
const CHUNK = 5000;

export async function loadLinked(
  ctx: RunContext, owners: readonly number[], target: TypeStorage, spec: PopulateSpec, state: PublicationState, link: LinkQuery,
): Promise<Map<number, Entry[]>> {
  const byOwner = new Map<number, Entry[]>();
  for (let i = 0; i < owners.length; i += CHUNK) {
    const chunk = owners.slice(i, i + CHUNK);
    const scope: WhereScope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
    const l = scope.aliases.next('l');
    const t = scope.aliases.next();
    const selection = ctx.selections.of(target, spec.fields, t);
    const ids = list(chunk);
    const where = combine([
      sql(`${qualified(l, link.owner)} IN ${ids.text}`, ids.bindings),
      ...link.where.map(([column, value]) => sql(`${qualified(l, column)} = ?`, [value])),
      rootConditions(target, t, scope, spec.where, state, undefined),
    ], 'AND');
    const order = spec.sort?.length
      ? compileSort(spec.sort, target, t, scope)
      : sql(`${link.order ? `${ctx.dialect.orderBy(qualified(l, link.order), 'asc', 'last')}, ` : ''}${qualified(l, 'id')} ASC`);
    const from = `${quoteId(link.table)} AS ${quoteId(l)} JOIN ${quoteId(target.table)} AS ${quoteId(t)} ON ${qualified(t, 'id')} = ${qualified(l, link.target)}`;
    const ownerCol = `${qualified(l, link.owner)} AS ${quoteId(OWNER)}`;
    let query;
    if (spec.page) {
      const { limit, offset } = spec.page.style === 'page'
        ? { limit: spec.page.pageSize, offset: (spec.page.page - 1) * spec.page.pageSize }
        : { limit: spec.page.limit, offset: spec.page.start };
      const inner = joinSql([
        sql(`SELECT ${ownerCol}, ${selection.text}, ROW_NUMBER() OVER (PARTITION BY ${qualified(l, link.owner)} ORDER BY `), order,
        sql(`) AS ${quoteId(ROW)} FROM ${from} WHERE `), where,
      ], '');
      query = joinSql([sql('SELECT * FROM ('), inner, sql(`) AS "paged" WHERE ${quoteId(ROW)} > ? AND ${quoteId(ROW)} <= ? ORDER BY ${quoteId(OWNER)}, ${quoteId(ROW)}`, [offset, offset + limit])], '');
    } else {
      query = joinSql([sql(`SELECT ${ownerCol}, ${selection.text} FROM ${from} WHERE `), where, sql(` ORDER BY ${qualified(l, link.owner)} ASC, `), order], '');
    }
    // the owner's id first, then the selection (and the row number of a paged populate)
    const rows = await runSqlValues(ctx, query.text, rawBindings(query));
    for (const row of rows) {
      const owner = Number(row[0]);
      const entry = selection.decodeAt(row, 1);
      const bucket = byOwner.get(owner);
      if (bucket) bucket.push(entry);
      else byOwner.set(owner, [entry]);
    }
  }
  return byOwner;
}
