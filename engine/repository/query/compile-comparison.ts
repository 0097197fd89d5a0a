/**
 * engine/repository/query: one `cmp` node -> SQL, the same semantics on SQLite and PostgreSQL:
 * `$eq/$contains/$startsWith/$endsWith` case-sensitive, the `i` variants compare lower() of both
 * sides (Unicode), wildcards in values are literal. Negative operators keep SQL's (and Strapi v4's,
 * on every database) rule that NULL matches nothing: `$ne: 'x'` and `$nei` are `<>`, so a NULL
 * row does not match them. Arrays on scalar operators mean "any of" ($ne, $nei, $notContains*: "none of").
 */
import { messages, ValidationError } from '../../errors/index.js';
import type { Operator } from '../../plan/types.js';
import { LIKE_ESCAPE, likePattern, type Dialect, type MatchMode } from '../dialect/dialect.js';
import { qualified } from '../naming.js';
import type { TypeStorage } from '../storage-map.js';
import { normalizeValue } from '../values/normalize-value.js';
import { combine, FALSE_SQL, list, sql, TRUE_SQL, type Sql } from './sql.js';

const NEGATIVE = new Set<Operator>(['$ne', '$nei', '$notContains', '$notContainsi']);
const ARRAY_OPERATORS = new Set<Operator>(['$in', '$notIn', '$between']);
const MATCH: Partial<Record<Operator, MatchMode>> = {
  $contains: 'contains', $notContains: 'contains', $containsi: 'contains', $notContainsi: 'contains',
  $startsWith: 'startsWith', $startsWithi: 'startsWith', $endsWith: 'endsWith', $endsWithi: 'endsWith',
};
const RANGE: Partial<Record<Operator, string>> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

export function compileComparison(field: string, op: Operator, value: unknown, type: TypeStorage, alias: string, dialect: Dialect): Sql {
  const f = type.fields.get(field);
  if (!f) throw new ValidationError(messages.invalidParameter(field));
  if (Array.isArray(value) && !ARRAY_OPERATORS.has(op)) {
    return combine(value.map((v) => compileComparison(field, op, v, type, alias, dialect)), NEGATIVE.has(op) ? 'AND' : 'OR');
  }
  const col = qualified(alias, f.column);
  const cmp = dialect.compareExpr(col, f.kind);
  const text = dialect.textExpr(col, f.kind);
  const bind = (v: unknown) => (f.kind === 'id' ? normalizeValue('id', v, field, true) : dialect.bindFilterValue(f.kind, normalizeValue(f.kind, v, field, true)));
  switch (op) {
    case '$eq':
      return value === null ? sql(`${col} IS NULL`) : sql(`${cmp} = ?`, [bind(value)]);
    case '$ne':
      return value === null ? sql(`${col} IS NOT NULL`) : sql(`${cmp} <> ?`, [bind(value)]);
    case '$eqi':
      return value === null ? sql(`${col} IS NULL`) : sql(`${dialect.lower(text)} = ${dialect.lower('?')}`, [String(value)]);
    case '$nei':
      return value === null ? sql(`${col} IS NOT NULL`) : sql(`${dialect.lower(text)} <> ${dialect.lower('?')}`, [String(value)]);
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return value === null ? FALSE_SQL : sql(`${cmp} ${RANGE[op]} ?`, [bind(value)]);
    case '$in':
    case '$notIn':
      return inList(op, toArray(value), col, cmp, bind);
    case '$between': {
      const [lo, hi] = toArray(value);
      if (lo === null || lo === undefined || hi === null || hi === undefined) return FALSE_SQL;
      return sql(`${cmp} BETWEEN ? AND ?`, [bind(lo), bind(hi)]);
    }
    case '$null':
    case '$notNull': {
      const wantNull = (value === true || value === 'true') === (op === '$null');
      return sql(`${col} IS ${wantNull ? '' : 'NOT '}NULL`);
    }
    case '$contains':
    case '$startsWith':
    case '$endsWith':
      return value === null ? FALSE_SQL : dialect.caseSensitiveMatch(text, MATCH[op] as MatchMode, String(value));
    case '$notContains':
      return value === null ? sql(`${col} IS NOT NULL`) : negate(dialect.caseSensitiveMatch(text, 'contains', String(value)));
    case '$containsi':
    case '$startsWithi':
    case '$endsWithi':
      return value === null ? FALSE_SQL : insensitiveMatch(dialect, text, MATCH[op] as MatchMode, String(value));
    case '$notContainsi':
      return value === null ? sql(`${col} IS NOT NULL`) : negate(insensitiveMatch(dialect, text, 'contains', String(value)));
    default:
      throw new ValidationError(messages.invalidParameter(op));
  }
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function negate(s: Sql): Sql {
  return sql(`NOT (${s.text})`, s.bindings);
}

function insensitiveMatch(dialect: Dialect, text: string, mode: MatchMode, value: string): Sql {
  return sql(`${dialect.lower(text)} LIKE ${dialect.lower('?')} ${LIKE_ESCAPE}`, [likePattern(mode, value)]);
}

/** `$in` with a null member also matches NULL; `$notIn` never matches NULL rows (SQL NOT IN). */
function inList(op: '$in' | '$notIn', values: unknown[], col: string, cmp: string, bind: (v: unknown) => unknown): Sql {
  const present = values.filter((v) => v !== null && v !== undefined);
  const hasNull = present.length !== values.length;
  if (op === '$in') {
    const parts: Sql[] = [];
    if (present.length) {
      const l = list(present.map(bind));
      parts.push(sql(`${cmp} IN ${l.text}`, l.bindings));
    }
    if (hasNull) parts.push(sql(`${col} IS NULL`));
    return parts.length ? combine(parts, 'OR') : FALSE_SQL;
  }
  if (!present.length) return hasNull ? sql(`${col} IS NOT NULL`) : TRUE_SQL;
  const l = list(present.map(bind));
  const notIn = sql(`${cmp} NOT IN ${l.text}`, l.bindings);
  return hasNull ? sql(`${col} IS NOT NULL AND ${notIn.text}`, notIn.bindings) : notIn;
}

