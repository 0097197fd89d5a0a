/**
 * engine/repository/query: one `cmp` node -> a SQL expression (sql/sql-node.ts), the same semantics
 * on every database: `$eq/$contains/$startsWith/$endsWith` case-sensitive, the `i` variants compare
 * lower() of both sides (Unicode), wildcards in values are literal. Negative operators keep SQL's (and
 * Strapi v4's, on every database) rule that NULL matches nothing: `$ne: 'x'` and `$nei` are `<>`, so a
 * NULL row does not match them. Arrays on scalar operators mean "any of" ($ne, $nei, $notContains*:
 * "none of"). Values are bound as the dialect binds them; the text is the dialect printer's.
 */
import { messages, ValidationError } from '../../errors/index.js';
import type { Operator } from '../../plan/types.js';
import type { Dialect } from '../dialect/dialect.js';
import { and, asText as asTextOf, binary, col, compared, FALSE, inList, isNull, lower, match, not, or, param, TRUE } from '../sql/build.js';
import type { BinaryOp, Expr, MatchMode } from '../sql/sql-node.js';
import type { TypeStorage } from '../storage-map.js';
import { normalizeValue } from '../values/normalize-value.js';

const NEGATIVE = new Set<Operator>(['$ne', '$nei', '$notContains', '$notContainsi']);
const ARRAY_OPERATORS = new Set<Operator>(['$in', '$notIn', '$between']);
const MATCH: Partial<Record<Operator, MatchMode>> = {
  $contains: 'contains', $notContains: 'contains', $containsi: 'contains', $notContainsi: 'contains',
  $startsWith: 'startsWith', $startsWithi: 'startsWith', $endsWith: 'endsWith', $endsWithi: 'endsWith',
};
const RANGE: Partial<Record<Operator, BinaryOp>> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

/**
 *   compileComparison('title', '$containsi', 'ada', article, 't0', dialect)
 *   -> { kind: 'match', item: { kind: 'asText', .. "t0"."title" }, mode: 'contains', value: 'ada', insensitive: true }
 */
export function compileComparison(field: string, op: Operator, value: unknown, type: TypeStorage, alias: string, dialect: Dialect): Expr {
  const f = type.fields.get(field);
  if (!f) throw new ValidationError(messages.invalidParameter(field));
  if (Array.isArray(value) && !ARRAY_OPERATORS.has(op)) {
    const each = value.map((v) => compileComparison(field, op, v, type, alias, dialect));
    return NEGATIVE.has(op) ? and(each) : or(each);
  }
  const column = col(alias, f.column);
  const cmp = compared(column, f.kind);
  const text = asTextOf(column, f.kind);
  const bind = (v: unknown) => param(f.kind === 'id' ? normalizeValue('id', v, field, true) : dialect.bindFilterValue(f.kind, normalizeValue(f.kind, v, field, true)));
  switch (op) {
    case '$eq':
      return value === null ? isNull(column) : binary('=', cmp, bind(value));
    case '$ne':
      return value === null ? isNull(column, true) : binary('<>', cmp, bind(value));
    case '$eqi':
      return value === null ? isNull(column) : binary('=', lower(text), lower(param(String(value))));
    case '$nei':
      return value === null ? isNull(column, true) : binary('<>', lower(text), lower(param(String(value))));
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return value === null ? FALSE : binary(RANGE[op] as BinaryOp, cmp, bind(value));
    case '$in':
    case '$notIn':
      return inValues(op, toArray(value), column, cmp, bind);
    case '$between': {
      const [lo, hi] = toArray(value);
      if (lo === null || lo === undefined || hi === null || hi === undefined) return FALSE;
      return { kind: 'between', item: cmp, low: bind(lo), high: bind(hi) };
    }
    case '$null':
    case '$notNull': {
      const wantNull = (value === true || value === 'true') === (op === '$null');
      return isNull(column, !wantNull);
    }
    case '$contains':
    case '$startsWith':
    case '$endsWith':
      return value === null ? FALSE : match(text, MATCH[op] as MatchMode, String(value));
    case '$notContains':
      return value === null ? isNull(column, true) : not(match(text, 'contains', String(value)));
    case '$containsi':
    case '$startsWithi':
    case '$endsWithi':
      return value === null ? FALSE : match(text, MATCH[op] as MatchMode, String(value), true);
    case '$notContainsi':
      return value === null ? isNull(column, true) : not(match(text, 'contains', String(value), true));
    default:
      throw new ValidationError(messages.invalidParameter(op));
  }
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** `$in` holds for a NULL column when the list holds null; `$notIn` never does (SQL's NOT IN) */
function inValues(op: '$in' | '$notIn', values: unknown[], column: Expr, cmp: Expr, bind: (v: unknown) => Expr): Expr {
  const present = values.filter((v) => v !== null && v !== undefined);
  const hasNull = present.length !== values.length;
  if (op === '$in') {
    const parts: Expr[] = [];
    if (present.length) parts.push(inList(cmp, present.map(bind)));
    if (hasNull) parts.push(isNull(column));
    return parts.length ? or(parts) : FALSE;
  }
  if (!present.length) return hasNull ? isNull(column, true) : TRUE;
  const notIn = inList(cmp, present.map(bind), true);
  return hasNull ? and([isNull(column, true), notIn]) : notIn;
}
