/**
 * engine/repository/populate: the one query that loads, for many owners at once, the rows linked
 * to them through a link table (join table, files_related_morphs, localizations), with the
 * populate's fields, filter, sort and per-owner page (ROW_NUMBER() OVER (PARTITION BY owner)).
 * Returns owner id -> entries in link order (or the populate's sort).
 */
import type { Entry, PopulateSpec, PublicationState } from '../../plan/types.js';
import { rootConditions } from '../query/root-conditions.js';
import { compileSort } from '../query/compile-sort.js';
import type { WhereScope } from '../query/compile-where.js';
import { AliasCounter } from '../query/alias-counter.js';
import { and, asc, binary, col, derived, eq, inList, keyword, param, select, table } from '../sql/build.js';
import type { Order, Select, Selected } from '../sql/sql-node.js';
import type { RunContext } from '../run-context.js';
import { runStatementValues } from '../run-sql.js';
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
    const where = and([
      inList(col(l, link.owner), chunk.map(param)),
      ...link.where.map(([column, value]) => eq(col(l, column), param(value))),
      rootConditions(target, t, scope, spec.where, state, undefined),
    ]);
    const order: Order[] = spec.sort?.length
      ? compileSort(spec.sort, target, t, scope)
      : [...(link.order ? [asc(col(l, link.order), 'last')] : []), asc(col(l, 'id'))];
    const from = table(link.table, l);
    const joins = [{ source: table(target.table, t), on: eq(col(t, 'id'), col(l, link.target)) }];
    const owner: Selected = { item: col(l, link.owner), as: OWNER };
    let query: Select;
    if (spec.page) {
      const { limit, offset } = spec.page.style === 'page'
        ? { limit: spec.page.pageSize, offset: (spec.page.page - 1) * spec.page.pageSize }
        : { limit: spec.page.limit, offset: spec.page.start };
      const numbered = select({
        columns: [owner, ...selection.nodes, { item: { kind: 'rowNumber', partitionBy: [col(l, link.owner)], order }, as: ROW }],
        from, joins, where,
      });
      query = select({
        columns: [keyword('*')], from: derived(numbered, 'paged'),
        where: and([binary('>', col(undefined, ROW), param(offset)), binary('<=', col(undefined, ROW), param(offset + limit))]),
        orderBy: [asc(col(undefined, OWNER)), asc(col(undefined, ROW))],
      });
    } else {
      query = select({ columns: [owner, ...selection.nodes], from, joins, where, orderBy: [asc(col(l, link.owner)), ...order] });
    }
    // the owner's id first, then the selection (and the row number of a paged populate)
    const rows = await runStatementValues(ctx, query);
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
