/**
 * engine/repository/query: SortItem[] -> ORDER BY text. A path through to-one relations or single
 * components becomes a correlated subquery picking the linked value. NULLs first ascending, last
 * descending, on both databases; `id` ascending always closes the list so pages are stable.
 */
import { messages, ValidationError } from '../../errors/index.js';
import type { SortItem } from '../../plan/types.js';
import { qualified } from '../naming.js';
import type { TypeStorage } from '../storage-map.js';
import { linkStep } from './link-steps.js';
import { joinSql, sql, type Sql } from './sql.js';
import type { WhereScope } from './compile-where.js';

/**
 * `[{ path: ['author', 'name'], direction: 'desc' }]` on articles t0 ->
 * `(SELECT "t2"."name" FROM "articles_author_links" AS "l1" JOIN "authors" AS "t2" ON "t2"."id" = "l1"."author_id"
 *   WHERE "l1"."article_id" = "t0"."id" ORDER BY "l1"."id" LIMIT 1) DESC NULLS LAST, "t0"."id" ASC`
 */
export function compileSort(items: readonly SortItem[], type: TypeStorage, alias: string, scope: WhereScope): Sql {
  const parts: Sql[] = items.map((item) => {
    const expr = sortExpression(item.path, type, alias, scope);
    const text = scope.dialect.orderBy(expr.text, item.direction, item.direction === 'asc' ? 'first' : 'last');
    // MySQL's NULL placement repeats the expression: its bindings go twice
    const times = text.split(expr.text).length - 1;
    return sql(text, Array.from({ length: times }, () => expr.bindings).flat());
  });
  parts.push(sql(`${qualified(alias, 'id')} ASC`));
  return joinSql(parts, ', ');
}

export function sortExpression(path: readonly string[], type: TypeStorage, alias: string, scope: WhereScope): Sql {
  if (path.length === 0) throw new ValidationError(messages.invalidParameter('sort'));
  if (path.length === 1) {
    const f = type.fields.get(path[0]);
    if (!f) throw new ValidationError(messages.invalidParameter(path[0]));
    return sql(scope.dialect.compareExpr(qualified(alias, f.column), f.kind));
  }
  // FROM link1 JOIN target1 [JOIN link2 ON .. JOIN target2 ..] WHERE link1 correlates with the outer row
  const first = linkStep(scope.storage, type, path[0], alias, scope.aliases);
  const from: Sql[] = [sql(`${first.linkFrom} JOIN ${first.targetFrom} ON ${first.targetOn}`)];
  let current = first;
  for (const name of path.slice(1, -1)) {
    const step = linkStep(scope.storage, current.target, name, current.targetAlias, scope.aliases);
    from.push(sql(` JOIN ${step.linkFrom} ON `), step.correlate, sql(` JOIN ${step.targetFrom} ON ${step.targetOn}`));
    current = step;
  }
  const last = path[path.length - 1];
  const f = current.target.fields.get(last);
  if (!f) throw new ValidationError(messages.invalidParameter(last));
  const pick = joinSql(
    [sql(`(SELECT ${qualified(current.targetAlias, f.column)} FROM `), ...from, sql(' WHERE '), first.correlate, sql(` ORDER BY ${qualified(first.linkAlias, 'id')} LIMIT 1)`)],
    '',
  );
  return sql(scope.dialect.compareExpr(pick.text, f.kind), pick.bindings);
}

