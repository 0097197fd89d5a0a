/**
 * engine/repository/query: a plan's WhereNode tree -> one SQL condition on the rows aliased `alias`.
 * Relation, component and media steps become `id IN (owners of matching links)` through their link tables, to any
 * depth; with no linked row a step holds when its filter holds on a NULL row (holds-without-link.ts).
 * Comparison semantics (one behaviour on both databases) live in compile-comparison.ts.
 */
import type { WhereNode } from '../../plan/types.js';
import type { StorageMap, TypeStorage } from '../storage-map.js';
import type { Dialect } from '../dialect/dialect.js';
import { compileComparison } from './compile-comparison.js';
import { holdsOnNullRow } from './holds-without-link.js';
import { existsThrough, linkStep } from './link-steps.js';
import { combine, sql, type AliasCounter, type Sql } from './sql.js';

export interface WhereScope {
  readonly storage: StorageMap;
  readonly dialect: Dialect;
  readonly aliases: AliasCounter;
}

/**
 * `{ kind: 'relation', attribute: 'author', where: { kind: 'cmp', field: 'name', op: '$eq', value: 'Ann' } }` on articles t0 ->
 * `"t0"."id" IN (SELECT "l1"."article_id" FROM "articles_author_links" AS "l1" JOIN "authors" AS "t2" ON "t2"."id" = "l1"."author_id"
 *   WHERE "l1"."article_id" IS NOT NULL AND ("t2"."name" = ?))`
 */
export function compileWhere(node: WhereNode, type: TypeStorage, alias: string, scope: WhereScope): Sql {
  switch (node.kind) {
    case 'and':
      return combine(node.nodes.map((n) => compileWhere(n, type, alias, scope)), 'AND');
    case 'or':
      return combine(node.nodes.map((n) => compileWhere(n, type, alias, scope)), 'OR');
    case 'not': {
      const inner = compileWhere(node.node, type, alias, scope);
      return sql(`NOT (${inner.text})`, inner.bindings);
    }
    case 'cmp':
      return compileComparison(node.field, node.op, node.value, type, alias, scope.dialect);
    case 'relation':
    case 'component': {
      const step = linkStep(scope.storage, type, node.attribute, alias, scope.aliases, node.kind === 'component' ? node.component : undefined);
      const linked = existsThrough(step, compileWhere(node.where, step.target, step.targetAlias, scope));
      if (holdsOnNullRow(node.where) !== true) return linked;
      // like Strapi's LEFT JOIN: no linked row counts as one NULL row, which this filter accepts
      const none = existsThrough(linkStep(scope.storage, type, node.attribute, alias, scope.aliases, node.kind === 'component' ? node.component : undefined), undefined);
      return sql(`(${linked.text} OR NOT ${none.text})`, [...linked.bindings, ...none.bindings]);
    }
    case 'exists': {
      const step = linkStep(scope.storage, type, node.attribute, alias, scope.aliases);
      const exists = existsThrough(step, undefined);
      return node.negate ? sql(`NOT ${exists.text}`, exists.bindings) : exists;
    }
  }
}
