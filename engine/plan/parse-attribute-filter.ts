/**
 * engine/plan: the filter on one scalar column (`filters[title][$containsi]=x`, `filters[id][0]=1`)
 * -> WhereNode with values coerced to the column's type. Implicit forms follow Strapi: a bare value is
 * `$eq`, a list under `$eq` is `$in`, a list under another operator ORs it per element. Bad values,
 * and names under a scalar, are a 400 naming the attribute (or the name).
 */
import type { ScalarType } from '../../compiler/model/types.js';
import type { FilterExpr, FilterOperator, FilterValue } from '../request/parsed-query.js';
import { coerceScalar } from './coerce-scalar.js';
import { combineNodes } from './combine-nodes.js';
import { invalidParameter } from '../request/invalid-parameter.js';
import { parseBooleanFlag } from '../request/parse-boolean-flag.js';
import type { Operator, WhereNode } from './types.js';

/** Pattern operators compare the column's text, so their value stays a string whatever the type. */
const TEXT_OPERATORS: ReadonlySet<Operator> = new Set([
  '$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi',
  '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
]);
const LIST_OPERATORS: ReadonlySet<Operator> = new Set(['$in', '$notIn']);

function coerce(field: string, type: ScalarType, value: FilterValue): unknown {
  if (type === 'json' || type === 'array') throw invalidParameter(field);
  const coerced = coerceScalar(type, value);
  if (coerced === undefined) throw invalidParameter(field);
  return coerced.value;
}

function text(field: string, value: FilterValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw invalidParameter(field);
}

/** One comparison of `field` (of `type`) with `value`. */
export function compareNode(field: string, type: ScalarType, op: FilterOperator, value: FilterValue): WhereNode {
  if (op === '$null' || op === '$notNull') {
    const flag = parseBooleanFlag(value);
    if (flag === undefined) throw invalidParameter(field);
    return { kind: 'cmp', field, op, value: flag };
  }
  const list = Array.isArray(value) ? (value as readonly FilterValue[]) : undefined;
  if (LIST_OPERATORS.has(op)) return { kind: 'cmp', field, op, value: (list ?? [value]).map((v) => coerce(field, type, v)) };
  if (op === '$between') {
    if (!list || list.length !== 2) throw invalidParameter(field);
    return { kind: 'cmp', field, op, value: list.map((v) => coerce(field, type, v)) };
  }
  if (list) {
    if (op === '$eq') return compareNode(field, type, '$in', list);
    return { kind: 'or', nodes: list.map((v) => compareNode(field, type, op, v)) };
  }
  if (TEXT_OPERATORS.has(op)) return { kind: 'cmp', field, op, value: text(field, value) };
  return { kind: 'cmp', field, op, value: coerce(field, type, value) };
}

/**
 *   parseAttributeFilter('readingTime', 'integer', { kind: 'cmp', op: '$gte', value: '5' })
 *   -> { kind: 'cmp', field: 'readingTime', op: '$gte', value: 5 }
 *   parseAttributeFilter('id', 'integer', { kind: 'cmp', op: '$eq', value: ['1', '2'] }) -> { kind: 'cmp', field: 'id', op: '$in', value: [1, 2] }
 */
export function parseAttributeFilter(field: string, type: ScalarType, expr: FilterExpr): WhereNode | undefined {
  switch (expr.kind) {
    case 'cmp':
      return compareNode(field, type, expr.op, expr.value);
    case 'and':
    case 'or':
      return combineNodes(expr.kind, expr.items.map((item) => parseAttributeFilter(field, type, item)));
    case 'not': {
      const inner = parseAttributeFilter(field, type, expr.item);
      return inner && { kind: 'not', node: inner };
    }
    case 'field':
      throw invalidParameter(expr.name);
  }
}
