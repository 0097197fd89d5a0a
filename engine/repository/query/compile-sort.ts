/**
 * engine/repository/query: SortItem[] -> ORDER BY items (sql/sql-node.ts). A path through to-one
 * relations or single components becomes a correlated subquery picking the linked value. NULLs are
 * placed as the database places them, as Strapi's answers on it do (SQLite and MySQL: first
 * ascending, last descending; PostgreSQL: last ascending, first descending); `id` ascending always
 * closes the list so pages are stable.
 */
import { messages, ValidationError } from '../../errors/index.js';
import type { SortItem } from '../../plan/types.js';
import { asc, col, compared, select, subquery } from '../sql/build.js';
import type { Expr, Join, Order } from '../sql/sql-node.js';
import type { TypeStorage } from '../storage-map.js';
import type { WhereScope } from './compile-where.js';
import { linkStep } from './link-steps.js';

/**
 * `[{ path: ['author', 'name'], direction: 'desc' }]` on articles t0 ->
 * `(SELECT "t2"."name" FROM "articles_author_links" AS "l1" JOIN "authors" AS "t2" ON "t2"."id" = "l1"."author_id"
 *   WHERE "l1"."article_id" = "t0"."id" ORDER BY "l1"."id" ASC LIMIT 1) DESC, "t0"."id" ASC`
 */
export function compileSort(items: readonly SortItem[], type: TypeStorage, alias: string, scope: WhereScope): Order[] {
  const orders: Order[] = items.map((item) => ({ item: sortExpression(item.path, type, alias, scope), direction: item.direction }));
  orders.push(asc(col(alias, 'id')));
  return orders;
}

/** the value sorted on: a column of the row, or the linked row's through `path` */
export function sortExpression(path: readonly string[], type: TypeStorage, alias: string, scope: WhereScope): Expr {
  if (path.length === 0) throw new ValidationError(messages.invalidParameter('sort'));
  if (path.length === 1) {
    const f = type.fields.get(path[0]);
    if (!f) throw new ValidationError(messages.invalidParameter(path[0]));
    return compared(col(alias, f.column), f.kind);
  }
  // FROM link1 JOIN target1 [JOIN link2 ON .. JOIN target2 ..] WHERE link1 correlates with the outer row
  const first = linkStep(scope.storage, type, path[0], alias, scope.aliases);
  const joins: Join[] = [{ source: first.target, on: first.targetOn }];
  let current = first;
  for (const name of path.slice(1, -1)) {
    const step = linkStep(scope.storage, current.targetType, name, current.targetAlias, scope.aliases);
    joins.push({ source: step.link, on: step.correlate }, { source: step.target, on: step.targetOn });
    current = step;
  }
  const last = path[path.length - 1];
  const f = current.targetType.fields.get(last);
  if (!f) throw new ValidationError(messages.invalidParameter(last));
  const pick = select({ columns: [col(current.targetAlias, f.column)], from: first.link, joins, where: first.correlate, orderBy: [asc(col(first.linkAlias, 'id'))], limit: 1 });
  return compared(subquery(pick), f.kind);
}
