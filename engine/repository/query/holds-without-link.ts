/**
 * engine/repository/query: does a filter hold for a row whose every column is NULL? Evaluated
 * statically in SQL's three-valued logic (true / false / null for unknown). A relation, component
 * or media step with no linked row behaves like Strapi's LEFT JOIN: the filter is evaluated on a
 * NULL row, so `filters[category][parent][slug][$null]=true` matches a category without a parent.
 */
import type { WhereNode } from '../../plan/types.js';

type Truth = boolean | null;

const and = (a: Truth, b: Truth): Truth => (a === false || b === false ? false : a === null || b === null ? null : true);
const or = (a: Truth, b: Truth): Truth => (a === true || b === true ? true : a === null || b === null ? null : false);

/** `{ kind: 'cmp', field: 'slug', op: '$null', value: true }` -> true; `$eq: 'x'` -> null (unknown) */
export function holdsOnNullRow(node: WhereNode): Truth {
  switch (node.kind) {
    case 'and':
      return node.nodes.reduce<Truth>((acc, n) => and(acc, holdsOnNullRow(n)), true);
    case 'or':
      return node.nodes.reduce<Truth>((acc, n) => or(acc, holdsOnNullRow(n)), false);
    case 'not': {
      const inner = holdsOnNullRow(node.node);
      return inner === null ? null : !inner;
    }
    case 'relation':
    case 'component':
      // a NULL row has no links: the step holds when its own filter holds on a NULL row
      return holdsOnNullRow(node.where) === true;
    case 'exists':
      return node.negate;
    case 'cmp':
      return cmpOnNull(node.op, node.value);
  }
}

function cmpOnNull(op: string, value: unknown): Truth {
  if (Array.isArray(value) && op !== '$in' && op !== '$notIn' && op !== '$between') {
    const each = value.map((v) => cmpOnNull(op, v));
    const negative = op === '$ne' || op === '$nei' || op === '$notContains' || op === '$notContainsi';
    return negative ? each.reduce<Truth>((a, b) => and(a, b), true) : each.reduce<Truth>((a, b) => or(a, b), false);
  }
  switch (op) {
    case '$eq':
    case '$eqi':
      return value === null ? true : null;
    case '$ne':
    case '$nei':
      return value !== null;
    case '$null':
      return value === true || value === 'true';
    case '$notNull':
      return !(value === true || value === 'true');
    case '$in':
      return (value as unknown[]).some((v) => v === null || v === undefined) ? true : (value as unknown[]).length === 0 ? false : null;
    case '$notIn': {
      const list = value as unknown[];
      if (list.some((v) => v === null || v === undefined)) return false;
      return list.length === 0 ? true : null;
    }
    case '$notContains':
    case '$notContainsi':
      return value === null ? false : null;
    default:
      return value === null ? false : null;
  }
}
