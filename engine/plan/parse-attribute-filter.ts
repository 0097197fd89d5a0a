/**
 * engine/plan: the filter on one scalar column (`filters[title][$containsi]=x`, `filters[id][0]=1`)
 * -> WhereNode with values coerced to the column's type. Implicit forms follow Strapi: a bare value is
 * `$eq`, an array is `$in`, an array under another operator ORs it per element. Bad values -> 400.
 */
import type { ScalarType } from '../../compiler/model/types.js';
import { coerceScalar } from './coerce-scalar.js';
import { combineNodes } from './combine-nodes.js';
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import { listOf } from './list-of.js';
import { operatorOf } from './operator-of.js';
import { parseBooleanFlag } from './parse-boolean-flag.js';
import type { Operator, WhereNode } from './types.js';

/** Pattern operators compare the column's text, so their value stays a string whatever the type. */
const TEXT_OPERATORS: ReadonlySet<Operator> = new Set([
  '$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi',
  '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
]);
const LIST_OPERATORS: ReadonlySet<Operator> = new Set(['$in', '$notIn']);
const MAX_DEPTH = 16;

export interface AttributeFilterContext {
  readonly dialect: 'rest' | 'graphql';
}

function coerce(field: string, type: ScalarType, value: unknown): unknown {
  if (type === 'json' || type === 'array') throw invalidParameter(field);
  const coerced = coerceScalar(type, value);
  if (coerced === undefined) throw invalidParameter(field);
  return coerced.value;
}

function text(field: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw invalidParameter(field);
}

function cmp(field: string, type: ScalarType, op: Operator, value: unknown): WhereNode {
  if (op === '$null' || op === '$notNull') {
    const flag = parseBooleanFlag(value);
    if (flag === undefined) throw invalidParameter(field);
    return { kind: 'cmp', field, op, value: flag };
  }
  if (LIST_OPERATORS.has(op)) {
    const list = listOf(value) ?? [value];
    return { kind: 'cmp', field, op, value: list.map((v) => coerce(field, type, v)) };
  }
  if (op === '$between') {
    const list = listOf(value);
    if (!list || list.length !== 2) throw invalidParameter(field);
    return { kind: 'cmp', field, op, value: list.map((v) => coerce(field, type, v)) };
  }
  const list = listOf(value);
  if (list) {
    if (op === '$eq') return cmp(field, type, '$in', list);
    return { kind: 'or', nodes: list.map((v) => cmp(field, type, op, v)) };
  }
  if (TEXT_OPERATORS.has(op)) return { kind: 'cmp', field, op, value: text(field, value) };
  return { kind: 'cmp', field, op, value: coerce(field, type, value) };
}

/**
 *   parseAttributeFilter('readingTime', 'integer', { $gte: '5' }, rest)
 *   -> { kind: 'cmp', field: 'readingTime', op: '$gte', value: 5 }
 *   parseAttributeFilter('id', 'integer', ['1', '2'], rest) -> { kind: 'cmp', field: 'id', op: '$in', value: [1, 2] }
 */
export function parseAttributeFilter(field: string, type: ScalarType, value: unknown, ctx: AttributeFilterContext, depth = 0): WhereNode | undefined {
  if (depth > MAX_DEPTH) throw invalidParameter(field);
  if (value === undefined || (value === null && ctx.dialect === 'graphql')) return undefined;
  if (!isRecord(value)) return cmp(field, type, '$eq', value);
  const nodes: WhereNode[] = [];
  for (const key of Object.keys(value)) {
    const sub = value[key];
    if (sub === undefined || (sub === null && ctx.dialect === 'graphql')) continue;
    const op = operatorOf(key, ctx.dialect);
    if (!op || op.kind === 'unknown') throw invalidParameter(key);
    if (op.kind === 'cmp') {
      nodes.push(cmp(field, type, op.op, sub));
    } else if (op.op === '$not') {
      const inner = parseAttributeFilter(field, type, sub, ctx, depth + 1);
      if (inner) nodes.push({ kind: 'not', node: inner });
    } else {
      const list = listOf(sub);
      if (!list) throw invalidParameter(key);
      const inner = list.map((v) => parseAttributeFilter(field, type, v, ctx, depth + 1));
      const node = combineNodes(op.op === '$and' ? 'and' : 'or', inner);
      if (node) nodes.push(node);
    }
  }
  return combineNodes('and', nodes);
}
