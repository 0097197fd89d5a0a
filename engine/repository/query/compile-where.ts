/**
 * engine/repository/query: a plan's WhereNode tree -> one SQL condition (sql/sql-node.ts) on the rows
 * aliased `alias`. Relation, component and media steps become `id IN (owners of matching links)`
 * through their link tables, to any depth; with no linked row a step holds when its filter holds on a
 * NULL row (holds-without-link.ts). Comparison semantics (one behaviour on every database) live in
 * compile-comparison.ts.
 */
import type { WhereNode } from '../../plan/types.js';
import type { Dialect } from '../dialect/dialect.js';
import { and, not, or } from '../sql/build.js';
import type { Expr } from '../sql/sql-node.js';
import type { StorageMap, TypeStorage } from '../storage-map.js';
import { compileComparison } from './compile-comparison.js';
import { holdsOnNullRow } from './holds-without-link.js';
import { existsThrough, linkStep } from './link-steps.js';
import type { AliasCounter } from './alias-counter.js';

/** what a compiler of one statement shares: the storage map, the dialect (its bindings), the statement's aliases */
export interface WhereScope {
  readonly storage: StorageMap;
  readonly dialect: Dialect;
  readonly aliases: AliasCounter;
}

/**
 *   compileWhere({ kind: 'relation', attribute: 'author', target: 'api::author.author', where: { kind: 'cmp', field: 'name', op: '$eq', value: 'Ada' } }, article, 't0', scope)
 *   -> "t0"."id" IN (SELECT "l1"."article_id" FROM "articles_author_links" AS "l1" JOIN "authors" AS "t2" ON .. WHERE .. AND ("t2"."name" = ?))
 */
export function compileWhere(node: WhereNode, type: TypeStorage, alias: string, scope: WhereScope): Expr {
  switch (node.kind) {
    case 'and':
      return and(node.nodes.map((n) => compileWhere(n, type, alias, scope)));
    case 'or':
      return or(node.nodes.map((n) => compileWhere(n, type, alias, scope)));
    case 'not':
      return not(compileWhere(node.node, type, alias, scope));
    case 'cmp':
      return compileComparison(node.field, node.op, node.value, type, alias, scope.dialect);
    case 'relation':
    case 'component': {
      const component = node.kind === 'component' ? node.component : undefined;
      const step = linkStep(scope.storage, type, node.attribute, alias, scope.aliases, component);
      const linked = existsThrough(step, compileWhere(node.where, step.targetType, step.targetAlias, scope));
      if (holdsOnNullRow(node.where) !== true) return linked;
      // like Strapi's LEFT JOIN: no linked row counts as one NULL row, which this filter accepts
      const none = existsThrough(linkStep(scope.storage, type, node.attribute, alias, scope.aliases, component), undefined);
      return or([linked, not(none)]);
    }
    case 'exists': {
      const exists = existsThrough(linkStep(scope.storage, type, node.attribute, alias, scope.aliases), undefined);
      return node.negate ? not(exists) : exists;
    }
  }
}
